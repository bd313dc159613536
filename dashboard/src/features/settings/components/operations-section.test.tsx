import type { OperationsSettings } from '@slotwise/shared/api';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferred, type FakeRequest, fakeApi, type Handler, type Reply, settle } from '../../../testing/fake-api.ts';
import { loadingSkeleton } from '../../../testing/skeleton.ts';
import { storeToken } from '../../../testing/tokens.ts';
import { OperationsSection } from './operations-section.tsx';

const GET = 'GET /api/business-dashboard/settings/operations';
const PUT = 'PUT /api/business-dashboard/settings/operations';
const stored: OperationsSettings = {
  travel: { enabled: false, speedMph: 30, bufferMinutes: 10 },
  maxDistanceMiles: null,
  changeCutoffHours: 0,
  horizonDays: 90,
  minNoticeHours: 2,
};

function setup(over: Record<string, Handler | Reply> = {}, settings: OperationsSettings = stored) {
  storeToken();
  const api = fakeApi({
    [GET]: { body: settings },
    [PUT]: (req: FakeRequest) => ({ body: req.body }),
    ...over,
  });
  const user = userEvent.setup();
  render(<OperationsSection />);
  return { api, user };
}

const travel = () => screen.getByRole('switch', { name: 'I travel to my customers' });
const speed = () => screen.getByLabelText('Average speed (mph)');
const buffer = () => screen.getByLabelText('Buffer (minutes)');
const distance = () => screen.getByLabelText('Maximum distance (miles)');
const cutoff = () => screen.getByLabelText('Cut-off before a booking');
const save = () => screen.getByRole('button', { name: 'Save Operations' });

describe('Settings: Operations', () => {
  it('shows a skeleton, then the stored settings: travel off with 30 mph, anywhere, no cut-off', async () => {
    storeToken();
    const answer = deferred<Reply>();
    fakeApi({ [GET]: () => answer.promise });
    render(<OperationsSection />);
    expect(screen.getByRole('heading', { name: 'Operations' })).toBeInTheDocument();
    loadingSkeleton();
    answer.resolve({ body: stored });
    expect(await screen.findByRole('switch', { name: 'I travel to my customers' })).not.toBeChecked();
    expect(speed()).toHaveValue(30);
    expect(speed()).toBeDisabled();
    expect(buffer()).toHaveValue(10);
    expect(buffer()).toBeDisabled();
    expect(distance()).toHaveValue(null);
    expect(distance()).toHaveAttribute('placeholder', 'Anywhere');
    expect(cutoff()).toHaveValue('0');
    expect([...(cutoff() as HTMLSelectElement).options].map((o) => [o.value, o.textContent])).toEqual([
      ['0', 'None'],
      ['2', '2 hours'],
      ['12', '12 hours'],
      ['24', '24 hours'],
      ['48', '48 hours'],
    ]);
  });

  it('shows stored settings that are on', async () => {
    setup(
      {},
      { travel: { enabled: true, speedMph: 45, bufferMinutes: 0 }, maxDistanceMiles: 12.5, changeCutoffHours: 24 },
    );
    expect(await screen.findByRole('switch', { name: 'I travel to my customers' })).toBeChecked();
    expect(speed()).toHaveValue(45);
    expect(speed()).toBeEnabled();
    expect(buffer()).toHaveValue(0);
    expect(distance()).toHaveValue(12.5);
    expect(cutoff()).toHaveValue('24');
  });

  it('saves travel, service area and cut-off as the server expects them', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('switch', { name: 'I travel to my customers' }));
    expect(speed()).toBeEnabled();
    await user.clear(speed());
    await user.type(speed(), '40');
    await user.clear(buffer());
    await user.type(buffer(), '15');
    await user.type(distance(), '25.5');
    await user.selectOptions(cutoff(), '48 hours');
    await user.type(screen.getByLabelText('Vehicle cost per mile ($)'), '0.70');
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('Operations settings updated successfully!');
    expect(api.callsTo(PUT).map((c) => c.body)).toEqual([
      {
        travel: { enabled: true, speedMph: 40, bufferMinutes: 15 },
        maxDistanceMiles: 25.5,
        changeCutoffHours: 48,
        horizonDays: 90,
        minNoticeHours: 2,
        vehicleCostPerMile: 0.7,
      },
    ]);
  });

  it('sends an emptied service area as null (anywhere), and keeps speed and buffer when travel is off', async () => {
    const { api, user } = setup(
      {},
      {
        travel: { enabled: true, speedMph: 35, bufferMinutes: 20 },
        maxDistanceMiles: 30,
        changeCutoffHours: 2,
        horizonDays: 60,
        minNoticeHours: 24,
      },
    );
    await user.clear(await screen.findByLabelText('Maximum distance (miles)'));
    await user.click(travel());
    await user.selectOptions(cutoff(), 'None');
    await user.click(save());
    await screen.findByRole('status');
    expect(api.callsTo(PUT)[0]?.body).toEqual({
      travel: { enabled: false, speedMph: 35, bufferMinutes: 20 },
      maxDistanceMiles: null,
      changeCutoffHours: 0,
      horizonDays: 60,
      minNoticeHours: 24,
      vehicleCostPerMile: 0,
    });
  });

  it('saves the booking window the owner types', async () => {
    const { api, user } = setup();
    const horizon = await screen.findByLabelText('Book up to (days ahead)');
    const notice = screen.getByLabelText('Minimum notice (hours)');
    expect(horizon).toHaveValue(90);
    expect(notice).toHaveValue(2);
    await user.clear(horizon);
    await user.type(horizon, '30');
    await user.clear(notice);
    await user.type(notice, '0.5');
    await user.click(save());
    await screen.findByRole('status');
    expect(api.callsTo(PUT)[0]?.body).toMatchObject({ horizonDays: 30, minNoticeHours: 0.5 });
  });

  it.each([
    ['an empty speed', () => speed(), '', 'Average speed must be whole miles per hour, like 30.'],
    ['a speed too high', () => speed(), '81', 'Average speed must be between 5 and 80 mph.'],
    ['a buffer too long', () => buffer(), '241', 'Buffer must be at most 240 minutes.'],
    ['a zero service area', () => distance(), '0', 'Service area must be more than 0 miles, or empty for anywhere.'],
    ['a service area too far', () => distance(), '1001', 'Service area must be at most 1000 miles.'],
    [
      'a horizon too long',
      () => screen.getByLabelText('Book up to (days ahead)'),
      '800',
      'Booking horizon must be whole days between 1 and 730, like 90.',
    ],
  ])('refuses %s before sending', async (_what, input, value, message) => {
    const { api, user } = setup({}, { ...stored, travel: { ...stored.travel, enabled: true } });
    await screen.findByRole('switch', { name: 'I travel to my customers' });
    await user.clear(input());
    if (value) await user.type(input(), value);
    await user.click(save());
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(api.callsTo(PUT)).toHaveLength(0);
  });

  it('shows the save failure with the server reason', async () => {
    const { user } = setup({ [PUT]: { status: 400, body: { error: 'Average speed must be at most 80 mph.' } } });
    await user.click(await screen.findByRole('button', { name: 'Save Operations' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update operations settings. Please try again.');
    expect(alert).toHaveTextContent('Average speed must be at most 80 mph.');
  });

  it("says 'Failed to load operations settings.' and offers to try again", async () => {
    const { api, user } = setup({ [GET]: { status: 500 } });
    expect(await screen.findByText('Failed to load operations settings.')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    api.on(GET, { body: stored });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'I travel to my customers' })).toBeInTheDocument();
  });

  it('messages disappear after 3 seconds', async () => {
    setup();
    const button = await screen.findByRole('button', { name: 'Save Operations' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(button);
    });
    await settle();
    const text = 'Operations settings updated successfully!';
    expect(screen.getByText(text)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText(text)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });
});
