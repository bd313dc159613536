/**
 * The pop-up as the loader mounts it (widget/src/loader): in an open shadow root on a host page,
 * beside its launcher button, with the fake API (test-api.ts) as fetch. For the tests of what the
 * pop-up does on the host page: keys and focus (mount.test.tsx), history (history.test.tsx).
 */
import { within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { PopupContext } from '../contract.ts';
import { adopt } from '../loader/boot.ts';
import { mount } from './mount.tsx';
import { BUSINESS_ID, type fakeApi } from './test-api.ts';

export function popupOnHost(api: ReturnType<typeof fakeApi>, now: Date) {
  vi.stubGlobal('fetch', api.fetch);
  const host = document.createElement('div');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const launcher = document.createElement('button');
  launcher.textContent = 'Book now';
  shadow.append(launcher);
  const ctx: PopupContext = {
    apiOrigin: 'https://api.test',
    businessId: BUSINESS_ID,
    shadow,
    adopt: (css) => adopt(shadow, css),
    emit: vi.fn(),
    disable: vi.fn(),
    launcher,
  };
  const handle = mount(ctx, {
    searchDelay: 0,
    now: () => now,
    viewer: { timeZone: 'America/Los_Angeles', timeFormat: '12h' },
  });
  // Queries by role and text inside the shadow root, as a person would see it.
  const view = within(shadow as unknown as HTMLElement);
  return { api, ctx, shadow, handle, view, launcher, user: userEvent.setup() };
}
