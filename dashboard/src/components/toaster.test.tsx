import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { shownToasts, showToast, Toaster } from './toaster.tsx';

describe('Toaster', () => {
  it('shows a success politely and an error assertively, in live regions that are always there', () => {
    const { container } = render(<Toaster />);
    const polite = container.querySelector('[aria-live="polite"]');
    const assertive = container.querySelector('[aria-live="assertive"]');
    expect(polite).toBeInTheDocument();
    expect(assertive).toBeInTheDocument();
    act(() => {
      showToast('Script copied to clipboard!');
      showToast('That time overlaps a booking.', 'error');
    });
    expect(polite).toHaveTextContent('Script copied to clipboard!');
    expect(assertive).toHaveTextContent('That time overlaps a booking.');
    // Empty regions are not statuses or alerts a page could be mistaken for.
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('goes by itself: a success after 6 s, an error after 10 s', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      showToast('Saved');
      showToast('Refused', 'error');
    });
    act(() => vi.advanceTimersByTime(6_000));
    expect(shownToasts()).toEqual(['Refused']);
    expect(screen.queryByText('Saved')).toBeNull();
    act(() => vi.advanceTimersByTime(4_000));
    expect(shownToasts()).toEqual([]);
  });

  it('goes at once with its Dismiss button', async () => {
    render(<Toaster />);
    act(() => showToast('Distance pricing updated successfully'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Distance pricing updated successfully')).toBeNull();
  });

  it('runs its action once from the action button and goes; otherwise stays exactly its own time', async () => {
    const run = vi.fn();
    render(<Toaster />);
    act(() => {
      showToast('Booking declined.', 'success', { action: { label: 'Undo', run }, ms: 10_000 });
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Undo' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(shownToasts()).toEqual([]);

    vi.useFakeTimers();
    act(() => {
      showToast('Booking moved.', 'success', { action: { label: 'Undo', run }, ms: 10_000 });
    });
    act(() => vi.advanceTimersByTime(9_999));
    expect(shownToasts()).toEqual(['Booking moved.']);
    act(() => vi.advanceTimersByTime(1));
    expect(shownToasts()).toEqual([]);
    expect(run).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('gives back a function that takes the message away early', () => {
    render(<Toaster />);
    let hide = () => {};
    act(() => {
      hide = showToast('Declining...');
    });
    expect(shownToasts()).toEqual(['Declining...']);
    act(() => hide());
    expect(shownToasts()).toEqual([]);
  });
});
