import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeBooking } from '../testing/bookings.ts';
import { fakeApi } from '../testing/fake-api.ts';
import { storeToken } from '../testing/tokens.ts';
import { JobStepsButton } from './job-steps-button.tsx';

const STEPS = 'GET /api/business-dashboard/bookings/:id/steps';
const TICK = 'PUT /api/business-dashboard/bookings/:id/steps/:step';

describe("the owner's Checklist on a booking", () => {
  it("shows the job's steps with who ticked each and when, on the business's clock, and ticks as the owner", async () => {
    storeToken();
    const booking = makeBooking({ status: 'completed' });
    const api = fakeApi({
      [STEPS]: {
        body: {
          steps: [
            { step: 0, text: 'Pre-rinse', doneAt: '2026-12-01T19:31:00.000Z', doneBy: 'Sam' },
            { step: 1, text: 'Dry', doneAt: null, doneBy: null },
          ],
        },
      },
      [TICK]: {
        body: {
          steps: [
            { step: 0, text: 'Pre-rinse', doneAt: '2026-12-01T19:31:00.000Z', doneBy: 'Sam' },
            { step: 1, text: 'Dry', doneAt: '2026-12-01T20:05:00.000Z', doneBy: 'Owner' },
          ],
        },
      },
    });
    render(<JobStepsButton booking={booking} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Checklist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checklist' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Pre-rinse' })).toBeChecked();
    expect(within(dialog).getByText('Sam at 11:31 AM')).toBeInTheDocument();
    expect(within(dialog).getByText('1 of 2 done')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Dry' }));
    expect(await within(dialog).findByText('Owner at 12:05 PM')).toBeInTheDocument();
    expect(api.callsTo(TICK).map((c) => [c.params.id, c.params.step, c.body])).toEqual([
      [booking._id, '1', { done: true }],
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("opens from a client page's line of a booking, said which by the line's words", async () => {
    storeToken();
    fakeApi({ [STEPS]: { body: { steps: [] } } });
    const line = {
      _id: '00000000-0000-4000-8000-00000000abcd',
      status: 'completed' as const,
      serviceName: 'Full Detail',
    };
    render(
      <>
        <span id="line">Tuesday at 10:00 AM · Full Detail</span>
        <JobStepsButton booking={line} describedBy="line" />
      </>,
    );
    const button = await screen.findByRole('button', { name: 'Checklist' });
    expect(button).toHaveAccessibleDescription('Tuesday at 10:00 AM · Full Detail');
    await userEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Checklist' });
    expect(dialog).toHaveAccessibleDescription('Full Detail');
    expect(
      await within(dialog).findByText('This service has no checklist. Add its steps in Services (Job steps).'),
    ).toBeInTheDocument();
  });

  it('is not offered on a pending booking', async () => {
    storeToken();
    fakeApi({});
    const pending = makeBooking({ status: 'pending', serviceName: 'Quick Wash' });
    const approved = makeBooking({ status: 'approved' });
    render(
      <>
        <JobStepsButton booking={pending} />
        <JobStepsButton booking={approved} />
      </>,
    );
    // Once the approved booking's button shows (the business's clock loaded), the pending one has none.
    expect(await screen.findAllByRole('button', { name: 'Checklist' })).toHaveLength(1);
  });
});
