import type { CrewJob, CrewSchedule } from '@slotwise/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { shownToasts } from '../../../components/toaster.tsx';
import { type FakeRequest, fakeApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { makeToken, storeToken } from '../../../testing/tokens.ts';

const SCHEDULE = 'GET /api/crew/schedule';
const START = 'PUT /api/crew/jobs/:id/start';
const COMPLETE = 'PUT /api/crew/jobs/:id/complete';
const REVOKE = 'POST /api/crew/calendar-feed/revoke';
const PAY_CODE = 'GET /api/crew/jobs/:id/pay-code';
const ON_MY_WAY = 'POST /api/crew/jobs/:id/on-my-way';
const FEED = 'http://localhost:3000/api/calendar/feed.ics?businessId=b&crewId=c&token=first';

const job = (over: Partial<CrewJob> & Pick<CrewJob, '_id'>): CrewJob => ({
  bookingTime: { day: '2026-12-01', startTime: '10:00', endTime: '11:00' },
  serviceName: 'Full Detail',
  customerName: 'Ada Lovelace',
  phoneNumber: '+15125550123',
  customerAddress: '5 Ocean Ave, Santa Monica, CA 90401, USA',
  placeNotes: null,
  status: 'approved',
  startedAt: null,
  notes: 'Vehicle size: SUV',
  payable: false,
  onMyWayAt: null,
  projectedStart: null,
  ...over,
});

const JOBS = {
  today: job({ _id: '0b0c6d5e-1111-4a1a-8a1a-000000000001' }),
  pending: job({
    _id: '0b0c6d5e-1111-4a1a-8a1a-000000000002',
    bookingTime: { day: '2026-12-01', startTime: '13:30', endTime: '14:00' },
    serviceName: 'Quick Wash',
    customerName: 'Alan Turing',
    status: 'pending',
    notes: null,
  }),
  friday: job({
    _id: '0b0c6d5e-1111-4a1a-8a1a-000000000003',
    bookingTime: { day: '2026-12-04', startTime: '09:00', endTime: '10:00' },
    customerName: 'Grace Hopper',
  }),
};

const schedule = (jobs: CrewJob[] = Object.values(JOBS)): CrewSchedule => ({
  crew: { _id: '5f0c6d5e-2222-4a1a-8a1a-000000000001', name: 'Truck 2', color: '#1d4ed8' },
  businessName: 'Shiny Cars',
  email: 'sam@example.com',
  timeZone: 'America/Los_Angeles',
  timeFormat: '12h',
  today: '2026-12-01',
  from: '2026-12-01',
  to: '2026-12-07',
  feedUrl: FEED,
  jobs,
});

function setup(routes: Parameters<typeof fakeApi>[0] = {}) {
  storeToken(makeToken({ email: 'sam@example.com', k: 'crew' }));
  const api = fakeApi({ [SCHEDULE]: { body: schedule() }, ...routes });
  return { api, ...renderApp('/crew') };
}

const card = (name: string) => screen.getByRole('article', { name });

describe("/crew: a crew member's jobs", () => {
  it('lists today, then the next days with jobs, each with time, service, customer, call and directions, and no price', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Truck 2' })).toBeInTheDocument();
    expect(screen.getByText('Shiny Cars · sam@example.com')).toBeInTheDocument();
    const today = screen.getByRole('region', { name: 'Today' });
    expect(
      within(today)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Full Detail for Ada Lovelace', 'Quick Wash for Alan Turing']);
    const friday = screen.getByRole('region', { name: 'Friday, December 4, 2026' });
    expect(within(friday).getByRole('article', { name: 'Full Detail for Grace Hopper' })).toBeInTheDocument();

    const ada = card('Full Detail for Ada Lovelace');
    expect(within(ada).getByText('10:00 AM – 11:00 AM')).toBeInTheDocument();
    expect(within(ada).getByText('Vehicle size: SUV')).toBeInTheDocument();
    const call = await within(ada).findByRole('link', { name: /^Call Ada Lovelace at/ });
    expect(call).toHaveAttribute('href', 'tel:+15125550123');
    const directions = within(ada).getByRole('link', { name: /^Directions to 5 Ocean Ave/ });
    expect(directions).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=5%20Ocean%20Ave%2C%20Santa%20Monica%2C%20CA%2090401%2C%20USA',
    );
    expect(
      within(card('Quick Wash for Alan Turing')).getByText('Not confirmed by the business yet.'),
    ).toBeInTheDocument();
    // Today's jobs can be started; Friday's not yet.
    expect(within(ada).getByRole('button', { name: 'Start job' })).toBeEnabled();
    expect(within(card('Full Detail for Grace Hopper')).queryByRole('button')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\$\d/);
  });

  it('says when there is no job today', async () => {
    setup({ [SCHEDULE]: { body: schedule([JOBS.friday]) } });
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByText('No jobs today.')).toBeInTheDocument();
  });

  it('starts a job, then marks it completed, showing each answer', async () => {
    const started = { ...JOBS.today, status: 'started' as const, startedAt: '2026-12-01T18:05:00.000Z' };
    const completed = { ...started, status: 'completed' as const };
    // Each tap reads the jobs again (the later jobs' projected times): the server's jobs follow.
    let now: CrewJob = JOBS.today;
    const becomes = (job: CrewJob) => () => {
      now = job;
      return { body: job };
    };
    const { api, user } = setup({
      [SCHEDULE]: () => ({ body: schedule([now]) }),
      [START]: becomes(started),
      [COMPLETE]: becomes(completed),
    });
    const ada = await screen.findByRole('article', { name: 'Full Detail for Ada Lovelace' });
    await user.click(within(ada).getByRole('button', { name: 'Start job' }));
    await user.click(await within(ada).findByRole('button', { name: 'Mark completed' }));
    expect(await within(ada).findByText('Completed')).toBeInTheDocument();
    // Only the job's checklist and photos are left to open (docs/decisions/050, 053).
    expect(
      within(ada)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Checklist', 'Photos']);
    const ids = (calls: FakeRequest[]) => calls.map((c) => c.params.id);
    expect(ids(api.callsTo(START))).toEqual([JOBS.today._id]);
    expect(ids(api.callsTo(COMPLETE))).toEqual([JOBS.today._id]);
  });

  it('reads the jobs again after a tap and shows when a late crew is now expected on the later jobs', async () => {
    const started = { ...JOBS.today, status: 'started' as const, startedAt: '2026-12-01T18:40:00.000Z' };
    const { api, user } = setup({ [START]: { body: started } });
    const alan = await screen.findByRole('article', { name: 'Quick Wash for Alan Turing' });
    expect(within(alan).queryByText(/Running late/)).toBeNull();
    // Started 40 minutes late: the 13:30 job is now expected at 14:10 (the server's projection).
    api.on(SCHEDULE, {
      body: schedule([started, { ...JOBS.pending, projectedStart: '2026-12-01T22:10:00.000Z' }, JOBS.friday]),
    });
    const ada = screen.getByRole('article', { name: 'Full Detail for Ada Lovelace' });
    await user.click(within(ada).getByRole('button', { name: 'Start job' }));
    expect(await within(alan).findByText('Running late: now about 2:10 PM')).toBeInTheDocument();
    expect(within(ada).queryByText(/Running late/)).toBeNull();
    expect(api.callsTo(SCHEDULE)).toHaveLength(2);
  });

  it('shows a completed job’s pay code for the customer to scan, with no amount, and says why when it cannot', async () => {
    const started = { ...JOBS.today, status: 'started' as const, startedAt: '2026-12-01T18:05:00.000Z' };
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 25 25"><path d="M2 2h7v7H2z"/></svg>';
    const url = 'http://localhost:3000/customer/invoice?token=abc';
    const completed = { ...started, status: 'completed' as const, payable: true };
    let paid = false;
    let now: CrewJob = started;
    const { api, user } = setup({
      [SCHEDULE]: () => ({ body: schedule([now]) }),
      [COMPLETE]: () => {
        now = completed;
        return { body: completed };
      },
      [PAY_CODE]: () =>
        paid
          ? { status: 409, body: { error: 'This job is paid already: nothing is owed on it.', code: 'INVOICE_PAID' } }
          : { body: { number: 12, url, svg } },
    });
    const ada = await screen.findByRole('article', { name: 'Full Detail for Ada Lovelace' });
    // Not before it is done.
    expect(within(ada).queryByRole('button', { name: 'Show pay code' })).toBeNull();
    await user.click(within(ada).getByRole('button', { name: 'Mark completed' }));
    await user.click(await within(ada).findByRole('button', { name: 'Show pay code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice #12' });
    expect(dialog).toHaveTextContent(
      "Ada Lovelace scans this with their phone's camera to pay, and adds a tip if they wish.",
    );
    const code = within(dialog).getByRole('img', { name: 'QR code of the pay link for invoice #12' });
    expect(code.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    expect(within(dialog).getByRole('link', { name: 'Open the pay page' })).toHaveAttribute('href', url);
    expect(dialog.textContent).not.toMatch(/\$/);
    expect(api.callsTo(PAY_CODE).map((c) => c.params.id)).toEqual([JOBS.today._id]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    paid = true;
    await user.click(within(ada).getByRole('button', { name: 'Show pay code' }));
    expect(await within(ada).findByRole('alert')).toHaveTextContent(
      'Could not show the pay code. This job is paid already: nothing is owed on it.',
    );
  });

  it("tells today's customer the crew is on the way, once, and shows when it was sent", async () => {
    const at = '2026-12-01T19:31:00.000Z';
    const words = 'Sam from Shiny Cars is on the way, arriving about 12:10 PM.';
    const { api, user } = setup({
      [ON_MY_WAY]: {
        body: { job: { ...JOBS.today, onMyWayAt: at }, sent: { at, channel: 'text', arrival: '12:10 PM', words } },
      },
    });
    const ada = await screen.findByRole('article', { name: 'Full Detail for Ada Lovelace' });
    // Today's jobs offer it, pending or approved; Friday's not yet.
    expect(within(card('Quick Wash for Alan Turing')).getByRole('button', { name: 'On my way' })).toBeEnabled();
    expect(within(card('Full Detail for Grace Hopper')).queryByRole('button', { name: 'On my way' })).toBeNull();
    await user.click(within(ada).getByRole('button', { name: 'On my way' }));
    expect(await within(ada).findByText('On my way sent at 11:31 AM')).toBeInTheDocument();
    expect(within(ada).queryByRole('button', { name: 'On my way' })).toBeNull();
    expect(shownToasts()).toContainEqual('Texted Ada: arriving about 12:10 PM.');
    expect(within(ada).getByRole('button', { name: 'Start job' })).toBeEnabled();
    expect(api.callsTo(ON_MY_WAY).map((c) => c.params.id)).toEqual([JOBS.today._id]);
  });

  it('says so, and reads the jobs again, when the customer was told already', async () => {
    const error = 'The customer was told you are on the way at 11:31 AM: it is sent once per job.';
    const { api, user } = setup({ [ON_MY_WAY]: { status: 409, body: { error, code: 'ON_MY_WAY_ALREADY_SENT' } } });
    const ada = await screen.findByRole('article', { name: 'Full Detail for Ada Lovelace' });
    api.on(SCHEDULE, { body: schedule([{ ...JOBS.today, onMyWayAt: '2026-12-01T19:31:00.000Z' }]) });
    await user.click(within(ada).getByRole('button', { name: 'On my way' }));
    expect(await within(ada).findByRole('alert')).toHaveTextContent(
      `Could not tell the customer you are on the way. ${error}`,
    );
    expect(await within(ada).findByText('On my way sent at 11:31 AM')).toBeInTheDocument();
    expect(within(ada).queryByRole('button', { name: 'On my way' })).toBeNull();
    expect(api.callsTo(SCHEDULE)).toHaveLength(2);
  });

  it("shows the server's reason when a tap is refused, on the job itself", async () => {
    const { user } = setup({
      [START]: {
        status: 409,
        body: { error: 'This job was cancelled, so it cannot be started. Refresh your jobs.', code: 'JOB_NOT_ACTIVE' },
      },
    });
    const ada = await screen.findByRole('article', { name: 'Full Detail for Ada Lovelace' });
    await user.click(within(ada).getByRole('button', { name: 'Start job' }));
    expect(await within(ada).findByRole('alert')).toHaveTextContent(
      'Could not start the job. This job was cancelled, so it cannot be started. Refresh your jobs.',
    );
  });

  it('gives the crew member their own calendar link to copy, and revokes it after a confirmation', async () => {
    const { api, user } = setup({ [REVOKE]: { body: { url: `${FEED}-second` } } });
    const link = await screen.findByLabelText('Private calendar link');
    expect(link).toHaveValue(FEED);
    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(shownToasts()).toContainEqual('Calendar link copied to clipboard!');
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Revoke Link' }));
    await waitFor(() => expect(link).toHaveValue(`${FEED}-second`));
    expect(api.callsTo(REVOKE)).toHaveLength(1);
  });

  it('says when the jobs cannot be loaded, and tries again', async () => {
    const { api, user } = setup({ [SCHEDULE]: 'network' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load your jobs. Check your connection and try again.',
    );
    api.on(SCHEDULE, { body: schedule() });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Truck 2' })).toBeInTheDocument();
  });

  it('Log Out forgets the session and goes to /login', async () => {
    const { user, pathname } = setup();
    await screen.findByRole('heading', { name: 'Truck 2' });
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("sends an owner to their dashboard, nobody signed in to log in, and a crew member away from the owner's pages", async () => {
    storeToken(makeToken());
    fakeApi();
    const owner = renderApp('/crew');
    await waitFor(() => expect(owner.pathname()).toBe('/dashboard'));
    owner.unmount();

    localStorage.clear();
    const nobody = renderApp('/crew');
    await waitFor(() => expect(nobody.pathname()).toBe('/login'));
    nobody.unmount();

    storeToken(makeToken({ k: 'crew' }));
    const api = fakeApi({ [SCHEDULE]: { body: schedule() } });
    const crew = renderApp('/dashboard/settings');
    await waitFor(() => expect(crew.pathname()).toBe('/crew'));
    // No owner call on the way (the server refuses a crew's session there, and a refusal signs out).
    expect(api.calls.filter((c) => c.path.startsWith('/api/business-dashboard/'))).toEqual([]);
  });
});
