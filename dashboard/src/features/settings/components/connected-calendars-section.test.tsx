import type { ConnectedCalendar, ConnectedCalendars, Crew, CrewsResponse } from '@slotwise/shared/api';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, type Handler, type Reply } from '../../../testing/fake-api.ts';
import { loadingSkeleton } from '../../../testing/skeleton.ts';
import { storeToken } from '../../../testing/tokens.ts';
import { ConnectedCalendarsSection } from './connected-calendars-section.tsx';

const B = '/api/business-dashboard';
const ID = '3c9a7f1e-2b4d-4e6f-8a0b-1c2d3e4f5a6b';
const ID2 = '4d0b8a2f-3c5e-4f70-9b1c-2d3e4f5a6b7c';
const crew = (over: Pick<Crew, '_id' | 'name' | 'color'>): Crew => ({
  active: true,
  hours: null,
  startAddress: null,
  serviceIds: null,
  member: null,
  ...over,
});
const MAIN = crew({ _id: '0f5c2a7e-1b3d-4c5e-8f9a-0b1c2d3e4f5a', name: 'Main crew', color: '#0f766e' });
const TRUCK = crew({ _id: '1a6d3b8f-2c4e-4d6f-9a0b-1c2d3e4f5a6b', name: 'Truck 2', color: '#1d4ed8' });
const justNow = () => new Date(Date.now() - 3 * 60_000).toISOString();
const personal = (over: Partial<ConnectedCalendar> = {}): ConnectedCalendar => ({
  _id: ID,
  label: 'Personal',
  hint: 'calendar.google.com ...cdef',
  crewId: null,
  lastFetchedAt: justNow(),
  lastSuccessAt: justNow(),
  eventsFound: 8,
  lastError: null,
  stale: false,
  ...over,
});
const answer = (calendars: ConnectedCalendar[], over: Partial<ConnectedCalendars> = {}) => ({
  body: { calendars, showTitles: false, canConnect: true, ...over } satisfies ConnectedCalendars,
});

function setup(first: Reply, over: Record<string, Handler | Reply> = {}, crews: Crew[] = [MAIN]) {
  storeToken();
  const api = fakeApi({
    [`GET ${B}/calendars`]: first,
    [`GET ${B}/crews`]: { body: { crews, nameCrewInMails: false, lateThresholdMinutes: 20 } satisfies CrewsResponse },
    ...over,
  });
  const user = userEvent.setup();
  render(<ConnectedCalendarsSection />);
  return { api, user };
}

const list = () => screen.getByRole('list', { name: 'Your connected calendars' });

describe('Settings: Connected Calendars', () => {
  it('shows a skeleton, then each calendar: its label, a hint of its address, when it was read and what it found', async () => {
    setup(
      answer([
        personal(),
        personal({ _id: ID2, label: 'Work', hint: 'outlook.office365.com ...9f3a', eventsFound: 1 }),
      ]),
    );
    expect(screen.getByRole('heading', { name: 'Connected Calendars' })).toBeInTheDocument();
    loadingSkeleton();
    await screen.findByRole('list', { name: 'Your connected calendars' });
    expect(within(list()).getByText('Personal')).toBeInTheDocument();
    expect(within(list()).getByText('calendar.google.com ...cdef')).toBeInTheDocument();
    expect(
      within(list()).getByText('Read 3 minutes ago: 8 busy events from today to your booking horizon.'),
    ).toBeInTheDocument();
    expect(within(list()).getByText(/: 1 busy event from today/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show event titles on my calendar' })).not.toBeChecked();
  });

  it("shows the last error in the server's words, and whether the events still block", async () => {
    const error = 'Google answered 404: the secret address was reset; copy it again.';
    setup(
      answer([personal({ lastError: error }), personal({ _id: ID2, label: 'Old', lastError: error, stale: true })]),
    );
    await screen.findByRole('list', { name: 'Your connected calendars' });
    expect(
      screen.getByText(/^Its last events read still block your times\. Last try 3 minutes ago: Google answered 404/),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Not read for a day: its events no longer block your times\./)).toBeInTheDocument();
  });

  it('connects a calendar by its secret address, then clears the form', async () => {
    const added = personal({ eventsFound: 5 });
    const { api, user } = setup(answer([]), { [`POST ${B}/calendars`]: { status: 201, ...answer([added]) } });
    await user.type(await screen.findByLabelText('Label'), 'Personal');
    await user.type(screen.getByLabelText('Secret address (iCal)'), 'webcal://p42-caldav.icloud.com/published/2/MTIz');
    await user.click(screen.getByRole('button', { name: 'Connect Calendar' }));
    expect(await screen.findByText('"Personal" connected: 5 busy events.')).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      label: 'Personal',
      secretUrl: 'webcal://p42-caldav.icloud.com/published/2/MTIz',
      crewId: null,
    });
    expect(screen.getByLabelText('Secret address (iCal)')).toHaveValue('');
    expect(within(list()).getByText('Personal')).toBeInTheDocument();
    // One crew: nobody is asked whose calendar it is.
    expect(screen.queryByLabelText('Whose calendar')).not.toBeInTheDocument();
  });

  it("keeps the server's reason for refusing a calendar on screen", async () => {
    const words =
      'Google answered 404: the secret address was reset; copy it again (Google Calendar, Settings, your calendar, "Secret address in iCal format"). Nothing was saved.';
    const { user } = setup(answer([]), {
      [`POST ${B}/calendars`]: { status: 422, body: { error: words, code: 'CALENDAR_UNREADABLE' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Connect Calendar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Label is required.');
    await user.type(screen.getByLabelText('Label'), 'Personal');
    await user.type(screen.getByLabelText('Secret address (iCal)'), 'https://calendar.google.com/x/basic.ics');
    await user.click(screen.getByRole('button', { name: 'Connect Calendar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
    expect(screen.getByLabelText('Secret address (iCal)')).toHaveValue('https://calendar.google.com/x/basic.ics');
  });

  it("asks whose calendar it is when the business has crews, and sends the crew's id", async () => {
    const { api, user } = setup(
      answer([]),
      { [`POST ${B}/calendars`]: { status: 201, ...answer([personal({ crewId: TRUCK._id })]) } },
      [MAIN, TRUCK],
    );
    await user.type(await screen.findByLabelText('Label'), "Sam's");
    await user.type(screen.getByLabelText('Secret address (iCal)'), 'https://calendar.google.com/x/basic.ics');
    await user.selectOptions(await screen.findByLabelText('Whose calendar'), 'Truck 2');
    await user.click(screen.getByRole('button', { name: 'Connect Calendar' }));
    expect(
      await within(await screen.findByRole('list', { name: 'Your connected calendars' })).findByText(
        /Blocks Truck 2 only/,
      ),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ crewId: TRUCK._id });
  });

  it('refreshes a calendar and says what it found; removes one after asking', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { api, user } = setup(answer([personal()]), {
      [`POST ${B}/calendars/:id/refresh`]: answer([personal({ eventsFound: 9 })]),
      [`DELETE ${B}/calendars/:id`]: answer([]),
    });
    await screen.findByRole('list', { name: 'Your connected calendars' });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('"Personal" read again: 9 busy events.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === `${B}/calendars/${ID}/refresh`)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(confirm).toHaveBeenCalledWith('Disconnect "Personal"? Its events stop blocking your booking times at once.');
    expect(await screen.findByText('"Personal" disconnected.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your connected calendars' })).not.toBeInTheDocument();
  });

  it('switches titles on, saved at once', async () => {
    const { api, user } = setup(answer([personal()]), {
      [`PUT ${B}/calendars-settings/titles`]: answer([personal()], { showTitles: true }),
    });
    await user.click(await screen.findByRole('switch', { name: 'Show event titles on my calendar' }));
    expect(await screen.findByRole('switch', { name: 'Show event titles on my calendar' })).toBeChecked();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ showTitles: true });
  });

  it('says connected calendars are not turned on (no operator words), and offers no form to fill', async () => {
    setup(answer([], { canConnect: false }));
    expect(
      await screen.findByText(
        "Connected calendars aren't turned on for this Slotwise server. Ask whoever runs it to turn them on.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Secret address (iCal)')).toBeDisabled();
  });
});
