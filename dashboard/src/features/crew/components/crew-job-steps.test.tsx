import type { CrewJob, CrewSchedule, JobSteps } from '@slotwise/shared/api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { makeToken, storeToken } from '../../../testing/tokens.ts';
import { offersOnJob } from './crew-job-fold.tsx';

const SCHEDULE = 'GET /api/crew/schedule';
const STEPS = 'GET /api/crew/jobs/:id/steps';
const TICK = 'PUT /api/crew/jobs/:id/steps/:step';
const JOB_ID = '0b0c6d5e-1111-4a1a-8a1a-000000000001';

const job: CrewJob = {
  _id: JOB_ID,
  bookingTime: { day: '2026-12-01', startTime: '10:00', endTime: '11:00' },
  serviceName: 'Full Detail',
  customerName: 'Ada Lovelace',
  phoneNumber: '+15125550123',
  customerAddress: null,
  placeNotes: null,
  status: 'approved',
  startedAt: null,
  notes: null,
  payable: false,
  onMyWayAt: null,
  projectedStart: null,
};

const schedule: CrewSchedule = {
  crew: { _id: '5f0c6d5e-2222-4a1a-8a1a-000000000001', name: 'Sam', color: '#1d4ed8' },
  businessName: 'Shiny Cars',
  email: 'sam@example.com',
  timeZone: 'America/Los_Angeles',
  timeFormat: '12h',
  today: '2026-12-01',
  from: '2026-12-01',
  to: '2026-12-07',
  feedUrl: 'http://localhost:3000/api/calendar/feed.ics?token=x',
  jobs: [job],
};

const untouched: JobSteps = {
  steps: [
    { step: 0, text: 'Pre-rinse', doneAt: null, doneBy: null },
    { step: 1, text: 'Hand wash', doneAt: null, doneBy: null },
  ],
};

function setup(routes: Parameters<typeof fakeApi>[0]) {
  storeToken(makeToken({ email: 'sam@example.com', k: 'crew' }));
  const api = fakeApi({ [SCHEDULE]: { body: schedule }, ...routes });
  return { api, ...renderApp('/crew') };
}

describe("the crew's checklist on a job", () => {
  it("is offered on the day's confirmed, started and completed jobs, not on a request nor a later day's", () => {
    for (const status of ['approved', 'started', 'completed'] as const)
      expect(offersOnJob({ ...job, status }, '2026-12-01'), status).toBe(true);
    expect(offersOnJob({ ...job, status: 'pending' }, '2026-12-01')).toBe(false);
    expect(offersOnJob(job, '2026-11-30')).toBe(false);
  });

  it('opens on a tap, ticks a step and says who and when on the business clock', async () => {
    const { api, user } = setup({
      [STEPS]: { body: untouched },
      [TICK]: (req: FakeRequest) => ({
        body: {
          steps: untouched.steps.map((s) =>
            String(s.step) === req.params.step && (req.body as { done: boolean }).done
              ? { ...s, doneAt: '2026-12-01T19:31:00.000Z', doneBy: 'Sam' }
              : s,
          ),
        },
      }),
    });
    const card = await screen.findByRole('article', { name: 'Full Detail for Ada Lovelace' });
    // Folded: nothing is loaded for a day of jobs until asked for.
    expect(api.callsTo(STEPS)).toEqual([]);
    const open = within(card).getByRole('button', { name: 'Checklist' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    const wash = await within(card).findByRole('checkbox', { name: 'Hand wash' });
    expect(within(card).getByText('0 of 2 done')).toBeInTheDocument();
    await user.click(wash);
    expect(await within(card).findByText('Sam at 11:31 AM')).toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'Hand wash' })).toBeChecked();
    expect(within(card).getByRole('checkbox', { name: 'Pre-rinse' })).not.toBeChecked();
    expect(within(card).getByText('1 of 2 done')).toBeInTheDocument();
    expect(api.callsTo(TICK).map((c) => [c.params.id, c.params.step, c.body])).toEqual([[JOB_ID, '1', { done: true }]]);
    expect(within(card).getByRole('button', { name: 'Hide checklist' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("says a refused tick in the server's words, the step left as it was", async () => {
    const { user } = setup({
      [STEPS]: { body: untouched },
      [TICK]: {
        status: 404,
        body: { code: 'JOB_NOT_FOUND', error: "Job x is not among Sam's jobs. It may have gone to another crew." },
      },
    });
    const card = await screen.findByRole('article', { name: 'Full Detail for Ada Lovelace' });
    await user.click(within(card).getByRole('button', { name: 'Checklist' }));
    await user.click(await within(card).findByRole('checkbox', { name: 'Pre-rinse' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      "Could not save the tick. Job x is not among Sam's jobs. It may have gone to another crew.",
    );
    expect(within(card).getByRole('checkbox', { name: 'Pre-rinse' })).not.toBeChecked();
  });

  it('shows the tick at once while the server has not answered (a phone on a slow network)', async () => {
    const { user } = setup({ [STEPS]: { body: untouched }, [TICK]: 'stall' });
    const card = await screen.findByRole('article', { name: 'Full Detail for Ada Lovelace' });
    await user.click(within(card).getByRole('button', { name: 'Checklist' }));
    await user.click(await within(card).findByRole('checkbox', { name: 'Pre-rinse' }));
    const box = within(card).getByRole('checkbox', { name: 'Pre-rinse' });
    expect(box).toBeChecked();
    // Not tapped again until the server answers.
    expect(box).toBeDisabled();
    expect(within(card).getByRole('checkbox', { name: 'Hand wash' })).toBeEnabled();
  });

  it('says so when the service has no steps', async () => {
    const { user } = setup({ [STEPS]: { body: { steps: [] } } });
    const card = await screen.findByRole('article', { name: 'Full Detail for Ada Lovelace' });
    await user.click(within(card).getByRole('button', { name: 'Checklist' }));
    expect(
      await within(card).findByText('This service has no checklist. The owner adds its steps in Services.'),
    ).toBeInTheDocument();
  });
});
