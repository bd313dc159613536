import type { Crew, CrewsResponse, Service } from '@slotwise/shared/api';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, type Handler, type Reply } from '../../../testing/fake-api.ts';
import { loadingSkeleton } from '../../../testing/skeleton.ts';
import { storeToken } from '../../../testing/tokens.ts';
import { CrewsSection } from './crews-section.tsx';

const B = '/api/business-dashboard';
const WASH: Service = { _id: '5b0e8c1a-6f3d-4e2b-9a7c-1d2e3f4a5b6c', serviceName: 'Wash', duration: 60, price: 50 };
const DETAIL: Service = {
  _id: '6c1f9d2b-7a4e-4f3c-8b8d-2e3f4a5b6c7d',
  serviceName: 'Full Detail',
  duration: 120,
  price: 180,
};
const MAIN: Crew = {
  _id: '0f5c2a7e-1b3d-4c5e-8f9a-0b1c2d3e4f5a',
  name: 'Main crew',
  color: '#0f766e',
  active: true,
  hours: null,
  startAddress: null,
  serviceIds: null,
  member: null,
};
const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const TRUCK: Crew = {
  _id: '1a6d3b8f-2c4e-4d6f-9a0b-1c2d3e4f5a6b',
  name: 'Truck 2',
  color: '#1d4ed8',
  active: false,
  hours: WEEK.map((day) => ({ day, startTime: '08:00', endTime: '16:00' })),
  startAddress: '500 Congress Ave, Austin, TX 78701, USA',
  serviceIds: [WASH._id],
  member: { email: 'sam@example.com', status: 'invited' },
};
const suggestion = { description: '900 Lamar Blvd, Austin, TX 78703, USA', placeId: 'zip:78703' };

function setup(crews: Crew[], over: Record<string, Handler | Reply> = {}) {
  storeToken();
  const api = fakeApi({
    [`GET ${B}/crews`]: { body: { crews, nameCrewInMails: false, lateThresholdMinutes: 20 } satisfies CrewsResponse },
    [`GET ${B}/services`]: { body: { services: [WASH, DETAIL] } },
    [`GET ${B}/availability`]: {
      body: WEEK.map((day, i) => ({ day, startTime: i < 5 ? '09:00' : null, endTime: i < 5 ? '17:00' : null })),
    },
    'GET /api/business/places': { body: [suggestion] },
    ...over,
  });
  const user = userEvent.setup();
  render(<CrewsSection />);
  return { api, user };
}

const dialog = () => screen.getByRole('dialog');
const crewItem = (name: string) =>
  within(screen.getByRole('list', { name: 'Your crews' }))
    .getByText(name)
    .closest('li') as HTMLElement;

// A crew's own week is 14 time boxes of 48 options each: jsdom is slow with them on a busy machine.
describe('Settings: Crews', { timeout: 20_000 }, () => {
  it('shows a skeleton while the crews load', () => {
    storeToken();
    fakeApi({
      [`GET ${B}/crews`]: () => new Promise<Reply>(() => {}),
      [`GET ${B}/services`]: { body: { services: [] } },
    });
    render(<CrewsSection />);
    expect(screen.getByRole('heading', { name: 'Crews' })).toBeInTheDocument();
    loadingSkeleton();
  });

  it('tells a solo owner what crews are for, without listing the one crew', async () => {
    setup([MAIN]);
    expect(
      await screen.findByText(/Add a crew when more than one job can happen at a time: a second person or truck\./),
    ).toHaveTextContent('New bookings go to the free crew with the least driving.');
    expect(screen.queryByRole('list', { name: 'Your crews' })).not.toBeInTheDocument();
    expect(screen.queryByText('Main crew')).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Name the crew in mails to customers' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add crew' })).toBeInTheDocument();
  });

  it('lists each crew: paused or not, its services, hours, start place and who signs in as it', async () => {
    setup([MAIN, TRUCK]);
    await screen.findByRole('list', { name: 'Your crews' });
    const main = crewItem('Main crew');
    expect(main).toHaveTextContent('Every service');
    expect(main).toHaveTextContent('Business hours');
    expect(main).toHaveTextContent('Business address');
    expect(within(main).queryByText('Paused')).not.toBeInTheDocument();
    const truck = crewItem('Truck 2');
    expect(within(truck).getByText('Paused')).toBeInTheDocument();
    expect(await within(truck).findByText('Wash')).toBeInTheDocument();
    expect(truck).toHaveTextContent('Own hours');
    expect(truck).toHaveTextContent('500 Congress Ave, Austin, TX 78701, USA');
    expect(truck).toHaveTextContent('Invited sam@example.com');
    expect(within(truck).getByRole('button', { name: 'Resend' })).toBeVisible();
    expect(within(truck).getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription(/Truck 2/);
    expect(screen.getByRole('switch', { name: 'Name the crew in mails to customers' })).not.toBeChecked();
  });

  it('adds a crew with its own hours, start address and services', async () => {
    const { api, user } = setup([MAIN], {
      [`POST ${B}/crews`]: (req) => ({ status: 201, body: { ...TRUCK, ...(req.body as object), _id: TRUCK._id } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add crew' }));
    const form = within(dialog());
    expect(dialog()).toHaveAccessibleName('Add a crew');
    expect(form.getByLabelText('Name')).toHaveFocus();
    // The first colour no crew has: Main crew is teal.
    expect(form.getByRole('radio', { name: 'Blue' })).toBeChecked();
    await user.type(form.getByLabelText('Name'), 'Truck 2');
    await user.click(form.getByRole('radio', { name: 'Purple' }));
    expect(form.getByLabelText('Hex colour')).toHaveValue('#7e22ce');

    // Before the week's 14 time boxes are drawn: role queries over their options are slow in jsdom.
    await user.click(form.getByRole('radio', { name: 'Another address' }));
    await user.type(form.getByLabelText('Start address'), '900 Lamar');
    await user.click(await form.findByText(suggestion.description, { selector: '[role="option"]' }, { timeout: 5000 }));

    await user.click(form.getByRole('radio', { name: 'Own hours' }));
    // Seeded from the business hours: Monday to Friday 9 to 5, the weekend off.
    expect(await form.findByLabelText('Monday start time')).toHaveValue('09:00');
    expect(form.getByRole('switch', { name: 'Saturday' })).not.toBeChecked();
    await user.click(form.getByRole('switch', { name: 'Saturday' }));
    await user.selectOptions(form.getByLabelText('Saturday end time'), '12:00');

    await user.click(form.getByRole('radio', { name: 'Only some services' }));
    await user.click(form.getByRole('checkbox', { name: 'Wash' }));

    await user.click(form.getByRole('button', { name: 'Add crew' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Crew "Truck 2" added.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [sent] = api.callsTo(`POST ${B}/crews`);
    expect(sent?.body).toEqual({
      name: 'Truck 2',
      color: '#7e22ce',
      active: true,
      hours: [
        ...WEEK.slice(0, 5).map((day) => ({ day, startTime: '09:00', endTime: '17:00' })),
        // A day off shows 10:00-19:00 until it is switched on (hours.ts rowsFrom).
        { day: 'Saturday', startTime: '10:00', endTime: '12:00' },
        { day: 'Sunday', startTime: null, endTime: null },
      ],
      startAddress: suggestion.description,
      serviceIds: [WASH._id],
    });
    // Two crews now: both listed, and the mails switch offered.
    expect(crewItem('Main crew')).toBeInTheDocument();
    expect(crewItem('Truck 2')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Name the crew in mails to customers' })).toBeInTheDocument();
  });

  it('says what to fix before sending a crew the server would refuse', async () => {
    const { api, user } = setup([MAIN]);
    await user.click(await screen.findByRole('button', { name: 'Add crew' }));
    const form = within(dialog());
    await user.click(form.getByRole('button', { name: 'Add crew' }));
    expect(form.getByRole('alert')).toHaveTextContent('Give the crew a name, like "Truck 2" or "Sam".');
    await user.type(form.getByLabelText('Name'), 'Sam');
    await user.clear(form.getByLabelText('Hex colour'));
    await user.type(form.getByLabelText('Hex colour'), '#12');
    await user.click(form.getByRole('button', { name: 'Add crew' }));
    expect(form.getByRole('alert')).toHaveTextContent('Colour must be a hex colour like #0f766e');
    await user.type(form.getByLabelText('Hex colour'), 'ffff');
    // A pale colour is allowed, with a warning.
    expect(form.getByLabelText('Hex colour')).toHaveAccessibleDescription(/hard to see on white/);
    await user.click(form.getByRole('radio', { name: 'Only some services' }));
    await user.click(form.getByRole('button', { name: 'Add crew' }));
    expect(form.getByRole('alert')).toHaveTextContent('Tick at least one service the crew does');
    await user.click(form.getByRole('radio', { name: 'Every service' }));
    await user.click(form.getByRole('radio', { name: 'Another address' }));
    await user.click(form.getByRole('button', { name: 'Add crew' }));
    expect(form.getByRole('alert')).toHaveTextContent("Type the crew's start address and pick it from the list");
    expect(api.callsTo(`POST ${B}/crews`)).toHaveLength(0);
  });

  it('edits a crew: renamed, its hours back to the business hours, taking jobs again', async () => {
    const { api, user } = setup([MAIN, TRUCK], {
      [`PUT ${B}/crews/:id`]: (req) => ({ body: { ...TRUCK, ...(req.body as object) } }),
    });
    await screen.findByRole('list', { name: 'Your crews' });
    await user.click(within(crewItem('Truck 2')).getByRole('button', { name: 'Edit' }));
    const form = within(dialog());
    expect(dialog()).toHaveAccessibleName('Edit Truck 2');
    expect(form.getByRole('radio', { name: 'Blue' })).toBeChecked();
    expect(form.getByRole('switch', { name: 'Takes jobs' })).not.toBeChecked();
    expect(form.getByRole('radio', { name: 'Own hours' })).toBeChecked();
    expect(form.getByLabelText('Monday start time')).toHaveValue('08:00');
    expect(form.getByRole('combobox', { name: 'Start address' })).toHaveValue(TRUCK.startAddress);
    expect(form.getByRole('checkbox', { name: 'Wash' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Full Detail' })).not.toBeChecked();

    await user.clear(form.getByLabelText('Name'));
    await user.type(form.getByLabelText('Name'), 'Truck B');
    await user.click(form.getByRole('switch', { name: 'Takes jobs' }));
    await user.click(form.getByRole('radio', { name: 'Same as business hours' }));
    await user.click(form.getByRole('button', { name: 'Save crew' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Crew "Truck B" saved.');
    const [sent] = api.callsTo(`PUT ${B}/crews/:id`);
    expect(sent?.params.id).toBe(TRUCK._id);
    expect(sent?.body).toEqual({
      name: 'Truck B',
      color: '#1d4ed8',
      active: true,
      hours: null,
      startAddress: TRUCK.startAddress,
      serviceIds: [WASH._id],
    });
    const truck = crewItem('Truck B');
    expect(within(truck).queryByText('Paused')).not.toBeInTheDocument();
    expect(truck).toHaveTextContent('Business hours');
  });

  it("shows the server's LAST_CREW refusal in the dialog and keeps the form", async () => {
    const text = 'This is your only active crew: add another crew before you remove or pause this one.';
    const { user } = setup([MAIN, TRUCK], {
      [`PUT ${B}/crews/:id`]: { status: 409, body: { error: text, code: 'LAST_CREW' } },
    });
    await screen.findByRole('list', { name: 'Your crews' });
    await user.click(within(crewItem('Main crew')).getByRole('button', { name: 'Edit' }));
    const form = within(dialog());
    await user.click(form.getByRole('switch', { name: 'Takes jobs' }));
    await user.click(form.getByRole('button', { name: 'Save crew' }));
    expect(await form.findByRole('alert')).toHaveTextContent(text);
    expect(form.getByLabelText('Name')).toHaveValue('Main crew');
    expect(form.queryByRole('button', { name: 'Pause this crew instead' })).not.toBeInTheDocument();
  });

  it('removes a crew after a confirmation', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { api, user } = setup([MAIN, TRUCK], {
      [`DELETE ${B}/crews/:id`]: { body: { crews: [MAIN], nameCrewInMails: false, lateThresholdMinutes: 20 } },
    });
    await screen.findByRole('list', { name: 'Your crews' });
    await user.click(within(crewItem('Truck 2')).getByRole('button', { name: 'Edit' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove crew' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/^Remove the crew "Truck 2"\?/));
    expect(await screen.findByRole('status')).toHaveTextContent('Crew "Truck 2" removed.');
    expect(api.callsTo(`DELETE ${B}/crews/:id`)[0]?.params.id).toBe(TRUCK._id);
    // Back to one crew: the explanation again.
    expect(screen.queryByRole('list', { name: 'Your crews' })).not.toBeInTheDocument();
    expect(screen.getByText(/Add a crew when more than one job can happen at a time/)).toBeInTheDocument();
  });

  it('offers to pause a crew the server will not remove because it has jobs ahead', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const text =
      'This crew has jobs from today on. Drag them to another crew on the calendar first, or pause the crew instead.';
    const active = { ...TRUCK, active: true };
    const { api, user } = setup([MAIN, active], {
      [`DELETE ${B}/crews/:id`]: { status: 409, body: { error: text, code: 'CREW_HAS_BOOKINGS' } },
      [`PUT ${B}/crews/:id`]: (req) => ({ body: { ...active, ...(req.body as object) } }),
    });
    await screen.findByRole('list', { name: 'Your crews' });
    await user.click(within(crewItem('Truck 2')).getByRole('button', { name: 'Edit' }));
    const form = within(dialog());
    await user.click(form.getByRole('button', { name: 'Remove crew' }));
    expect(await form.findByRole('alert')).toHaveTextContent(text);
    await user.click(form.getByRole('button', { name: 'Pause this crew instead' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Crew "Truck 2" saved.');
    expect(api.callsTo(`PUT ${B}/crews/:id`)[0]?.body).toMatchObject({ active: false });
    expect(within(crewItem('Truck 2')).getByText('Paused')).toBeInTheDocument();
  });

  it('names the crew in mails to customers when switched on, saved at once', async () => {
    const { api, user } = setup([MAIN, TRUCK], {
      [`PUT ${B}/crews-settings/mails`]: {
        body: { crews: [MAIN, TRUCK], nameCrewInMails: true, lateThresholdMinutes: 20 },
      },
    });
    const mails = await screen.findByRole('switch', { name: 'Name the crew in mails to customers' });
    await user.click(mails);
    expect(await screen.findByRole('status')).toHaveTextContent('Mails to customers now name the crew.');
    expect(mails).toBeChecked();
    expect(api.callsTo(`PUT ${B}/crews-settings/mails`)[0]?.body).toEqual({ nameCrewInMails: true });
  });

  it('keeps when customers are told a crew runs late, checked before it is sent', async () => {
    const { api, user } = setup([MAIN], {
      [`PUT ${B}/crews-settings/mails`]: { body: { crews: [MAIN], nameCrewInMails: false, lateThresholdMinutes: 30 } },
    });
    const late = await screen.findByRole('spinbutton', {
      name: 'Tell customers a crew runs late by more than (minutes)',
    });
    expect(late).toHaveValue(20);
    await user.clear(late);
    await user.type(late, '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter whole minutes from 5 to 120.');
    expect(api.callsTo(`PUT ${B}/crews-settings/mails`)).toHaveLength(0);
    await user.clear(late);
    await user.type(late, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Customers are now told when a crew runs more than 30 minutes late.',
    );
    expect(api.callsTo(`PUT ${B}/crews-settings/mails`)[0]?.body).toEqual({
      nameCrewInMails: false,
      lateThresholdMinutes: 30,
    });
  });

  it('says when the crews cannot be loaded and offers to try again', async () => {
    const { api, user } = setup([], { [`GET ${B}/crews`]: { status: 500 } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your crews.');
    api.on(`GET ${B}/crews`, { body: { crews: [MAIN, TRUCK], nameCrewInMails: false, lateThresholdMinutes: 20 } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your crews' })).toBeInTheDocument();
  });
});
