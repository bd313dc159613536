import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { shownToasts } from '../../../components/toaster.tsx';
import { deferred, fakeApi, type Handler, type Reply, settle } from '../../../testing/fake-api.ts';
import { loadingSkeleton } from '../../../testing/skeleton.ts';
import { storeToken } from '../../../testing/tokens.ts';
import { CalendarFeedSection } from './calendar-feed-section.tsx';

const GET = 'GET /api/business-dashboard/settings/calendar-feed';
const REVOKE = 'POST /api/business-dashboard/settings/calendar-feed/revoke';
const FIRST = 'http://localhost:3000/api/calendar/feed.ics?businessId=b1&token=first-secret';
const SECOND = 'http://localhost:3000/api/calendar/feed.ics?businessId=b1&token=second-secret';

function setup(over: Record<string, Handler | Reply> = {}) {
  storeToken();
  const api = fakeApi({ [GET]: { body: { url: FIRST } }, [REVOKE]: { body: { url: SECOND } }, ...over });
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
  const user = userEvent.setup();
  render(<CalendarFeedSection />);
  return { api, user, confirm };
}

const link = () => screen.getByLabelText('Private calendar link');

describe('Settings: Calendar Feed', () => {
  it('shows a skeleton, then the private link read-only and how to use it', async () => {
    storeToken();
    const answer = deferred<Reply>();
    fakeApi({ [GET]: () => answer.promise });
    render(<CalendarFeedSection />);
    expect(screen.getByRole('heading', { name: 'Calendar Feed' })).toBeInTheDocument();
    loadingSkeleton();
    expect(screen.getByText(/by URL in Google, Apple or Outlook Calendar/)).toBeInTheDocument();
    answer.resolve({ body: { url: FIRST } });
    expect(await screen.findByLabelText('Private calendar link')).toHaveValue(FIRST);
    expect(link()).toHaveAttribute('readonly');
  });

  it("copies the link and says 'Calendar link copied to clipboard!'", async () => {
    const { user } = setup();
    await screen.findByLabelText('Private calendar link');
    // user-event installs its own clipboard; read back what was written to it.
    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(shownToasts()).toContainEqual('Calendar link copied to clipboard!');
    expect(await navigator.clipboard.readText()).toBe(FIRST);
  });

  it('falls back to selecting the field when the clipboard is refused', async () => {
    const { user } = setup();
    await screen.findByLabelText('Private calendar link');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    // jsdom has no execCommand; the fallback's own call is the one to see.
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
    }
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(shownToasts()).toContainEqual('Calendar link copied to clipboard!');
    const field = link() as HTMLInputElement;
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, FIRST.length]);
  });

  it('revokes the link after a confirmation and shows the new one', async () => {
    const { api, user, confirm } = setup();
    await screen.findByLabelText('Private calendar link');
    await user.click(screen.getByRole('button', { name: 'Revoke Link' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/^Revoke this calendar link\?/));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Calendar link revoked. Subscribe with the new link below.',
    );
    expect(link()).toHaveValue(SECOND);
    expect(api.callsTo(REVOKE)).toHaveLength(1);
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const { api, user, confirm } = setup();
    confirm.mockReturnValue(false);
    await screen.findByLabelText('Private calendar link');
    await user.click(screen.getByRole('button', { name: 'Revoke Link' }));
    expect(api.callsTo(REVOKE)).toHaveLength(0);
    expect(link()).toHaveValue(FIRST);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the revoke failure and keeps the old link', async () => {
    const { user } = setup({ [REVOKE]: 'network' });
    await screen.findByLabelText('Private calendar link');
    await user.click(screen.getByRole('button', { name: 'Revoke Link' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to revoke the calendar link. Please try again.');
    expect(alert).toHaveTextContent('Could not reach the server.');
    expect(link()).toHaveValue(FIRST);
  });

  it('says when the link cannot be loaded and offers to try again', async () => {
    const { api, user } = setup({ [GET]: { status: 500 } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your calendar link.');
    expect(screen.queryByRole('button', { name: 'Copy Link' })).not.toBeInTheDocument();
    api.on(GET, { body: { url: FIRST } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Private calendar link')).toHaveValue(FIRST);
  });

  it('messages disappear after 3 seconds', async () => {
    setup();
    const revoke = await screen.findByRole('button', { name: 'Revoke Link' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(revoke);
    });
    await settle();
    const text = 'Calendar link revoked. Subscribe with the new link below.';
    expect(screen.getByText(text)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText(text)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });
});
