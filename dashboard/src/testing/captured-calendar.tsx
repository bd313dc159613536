/**
 * The drag-and-drop calendar's props as the page last rendered them, for tests that call its
 * onEventDrop / onEventResize / onSelectSlot (jsdom has no layout to drag in). The wrapper is
 * mocked once for every test file (test-setup.ts) rather than in each file: test files share
 * their worker's modules (no isolation), so the calendar module binds to whichever mock
 * loaded first, and two files with their own `captured` would see each other's.
 */
import type { ComponentType } from 'react';

export const captured: { props: Record<string, unknown> | null } = { props: null };

type WithDragAndDrop = (calendar: ComponentType<object>) => ComponentType<Record<string, unknown>>;

/** The mocked module: the real addon, with the props it is given kept in `captured`. */
export async function capturingDragAndDrop(importOriginal: () => Promise<{ default: WithDragAndDrop }>) {
  const real = await importOriginal();
  return {
    default: (Cal: ComponentType<object>) => {
      const DnD = real.default(Cal);
      return function Captured(props: Record<string, unknown>) {
        captured.props = props;
        return <DnD {...props} />;
      };
    },
  };
}
