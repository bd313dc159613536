import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TimeZonePicker } from './time-zone-picker.tsx';

function Harness({ onChange, initial = 'America/Los_Angeles' }: { onChange?: (z: string) => void; initial?: string }) {
  const [zone, setZone] = useState(initial);
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="zone">Business time zone</label>
      <TimeZonePicker
        id="zone"
        value={zone}
        onChange={(z) => {
          setZone(z);
          onChange?.(z);
        }}
      />
      <p data-testid="chosen">{zone}</p>
    </form>
  );
}

function setup(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  const box = screen.getByRole('combobox', { name: 'Business time zone' });
  // The list the combobox controls (by id: a hidden element has no accessible name to query by).
  const listbox = () => document.getElementById(box.getAttribute('aria-controls') ?? '') as HTMLElement;
  const options = () => within(listbox()).queryAllByRole('option');
  const active = () => {
    const id = box.getAttribute('aria-activedescendant');
    return id ? document.getElementById(id) : null;
  };
  return { user, box, listbox, options, active, chosen: () => screen.getByTestId('chosen').textContent };
}

describe('the time zone picker', () => {
  it('is a closed combobox showing the chosen zone by its name', () => {
    const { box, listbox } = setup();
    expect(box).toHaveValue('Pacific Time, Los Angeles');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(listbox()).toHaveAttribute('role', 'listbox');
    expect(listbox()).toHaveAttribute('aria-label', 'Time zones');
    expect(listbox()).not.toBeVisible();
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('narrows the list as the owner types, the first match highlighted, and says how many match', async () => {
    const { user, box, listbox, options, active } = setup();
    await user.click(box);
    await user.keyboard('denver');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Time zones' })).toBe(listbox());
    expect(options().map((o) => o.textContent)).toEqual(['Mountain Time, Denver']);
    expect(active()).toHaveTextContent('Mountain Time, Denver');
    expect(active()).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('1 time zone matches.');
    await user.clear(box);
    await user.keyboard('london');
    expect(options()[0]).toHaveTextContent('United Kingdom Time, London');
  });

  it('picks with the keyboard: Down and Up move, Enter picks without submitting the form', async () => {
    const onChange = vi.fn();
    const submit = vi.fn((e: Event) => e.preventDefault());
    const { user, box, active, chosen } = setup({ onChange });
    (box as HTMLInputElement).form?.addEventListener('submit', submit);
    await user.click(box);
    await user.keyboard('pacific');
    expect(active()).toHaveTextContent('Pacific Time, Los Angeles');
    await user.keyboard('{ArrowDown}');
    const second = active()?.textContent;
    expect(second).not.toBe('Pacific Time, Los Angeles');
    await user.keyboard('{ArrowUp}');
    expect(active()).toHaveTextContent('Pacific Time, Los Angeles');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(box).toHaveValue(second);
    expect(chosen()).not.toBe('America/Los_Angeles');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(submit).not.toHaveBeenCalled();
  });

  it('opens on Down at the chosen zone, with the US zones first', async () => {
    const { user, box, options, active } = setup({ initial: 'America/Denver' });
    box.focus();
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(options()[0]).toHaveTextContent('Eastern Time, New York');
    expect(active()).toHaveTextContent('Mountain Time, Denver');
  });

  it('Escape closes the list and puts the chosen name back, changing nothing', async () => {
    const onChange = vi.fn();
    const { user, box, chosen } = setup({ onChange });
    await user.click(box);
    await user.keyboard('tokyo');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('Pacific Time, Los Angeles');
    expect(onChange).not.toHaveBeenCalled();
    expect(chosen()).toBe('America/Los_Angeles');
  });

  it('picks with a click, and leaving the box without picking changes nothing', async () => {
    const { user, box, chosen } = setup();
    await user.click(box);
    await user.keyboard('chicago');
    await user.click(screen.getByRole('option', { name: 'Central Time, Chicago' }));
    expect(chosen()).toBe('America/Chicago');
    expect(box).toHaveValue('Central Time, Chicago');
    await user.click(box);
    await user.keyboard('honolulu');
    await user.tab();
    expect(box).toHaveValue('Central Time, Chicago');
    expect(chosen()).toBe('America/Chicago');
  });

  it('says when nothing matches, and Enter then picks nothing', async () => {
    const onChange = vi.fn();
    const { user, box, options } = setup({ onChange });
    await user.click(box);
    await user.keyboard('atlantis{Enter}');
    expect(options()).toHaveLength(0);
    expect(screen.getByText('No time zone matches "atlantis".')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 time zones match.');
    expect(onChange).not.toHaveBeenCalled();
  });
});
