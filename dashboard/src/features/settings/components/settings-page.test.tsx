import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  type FakeRequest,
  fakeApi,
  type Handler,
  onboardedProfile,
  type Reply,
  settle,
} from '../../../testing/fake-api.ts';
import { onPhone } from '../../../testing/phone.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { storeToken } from '../../../testing/tokens.ts';

const B = '/api/business-dashboard';
const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const suggestion = { description: '500 Congress Ave, Austin, TX 78701, USA', placeId: 'zip:78701' };

function settingsApi(over: Record<string, Handler | Reply> = {}) {
  storeToken();
  return fakeApi({
    [`GET ${B}/address`]: { body: { address: onboardedProfile.address } },
    [`GET ${B}/availability`]: { body: [] },
    'GET /api/business/places': { body: [suggestion] },
    [`GET ${B}/settings/operations`]: {
      body: {
        travel: { enabled: false, speedMph: 30, bufferMinutes: 0 },
        maxDistanceMiles: null,
        changeCutoffHours: 0,
      },
    },
    [`GET ${B}/settings/confirmation`]: { body: { confirmation: 'myself' } },
    [`GET ${B}/settings/tax`]: { body: { name: '', ratePercent: '0', serviceIds: [], addOnIds: [] } },
    [`GET ${B}/settings/tips`]: { body: { presets: [15, 20, 25], reminders: true } },
    [`GET ${B}/settings/calendar-feed`]: { body: { url: 'http://localhost/api/calendar/feed.ics?token=t' } },
    [`GET ${B}/calendars`]: { body: { calendars: [], showTitles: false, canConnect: true } },
    [`GET ${B}/settings/branding`]: {
      body: {
        accentColor: '#4338ca',
        onAccent: '#ffffff',
        accentInk: '#4338ca',
        buttonText: 'Book now',
        buttonPosition: 'bottom-right',
        reportProblem: false,
        logoUrl: null,
      },
    },
    [`GET ${B}/settings/customer-data`]: {
      body: { privacyUrl: null, retentionMonths: 24, defaultPrivacyUrl: 'http://localhost/privacy/b1' },
    },
    [`GET ${B}/account`]: { body: { email: 'owner@example.com', phoneNumber: '+1 5551234567' } },
    [`GET ${B}/crews`]: {
      body: {
        crews: [
          {
            _id: '0f5c2a7e-1b3d-4c5e-8f9a-0b1c2d3e4f5a',
            name: 'Main crew',
            color: '#0f766e',
            active: true,
            hours: null,
            startAddress: null,
            serviceIds: null,
            member: null,
          },
        ],
        nameCrewInMails: false,
        lateThresholdMinutes: 20,
      },
    },
    [`GET ${B}/services`]: { body: { services: [] } },
    [`GET ${B}/settings/payments`]: {
      body: {
        stripe: null,
        canConnect: true,
        webhookUrl: 'http://localhost/api/webhooks/stripe/b1',
        deposit: { kind: 'none' },
        refundWindowHours: 24,
        approvePaid: false,
        planDeposit: 'first',
      },
    },
    [`GET ${B}/settings/notifications`]: { body: NOTIFICATIONS },
    ...over,
  });
}

const preview = (text: string) => ({ text, characters: text.length, segments: 1, encoding: 'GSM-7' });
const NOTIFICATIONS = {
  twilio: null,
  canConnect: true,
  delivery: 'twilio',
  webhookUrl: 'http://localhost/api/webhooks/twilio',
  ownerTexts: false,
  ownerPhone: '+15125550123',
  reminder2h: false,
  reviewUrl: null,
  reviewDelayHours: null,
  messages: [
    {
      kind: 'approved',
      label: 'Booking confirmed',
      to: 'customer',
      mail: true,
      text: true,
      preview: preview(
        'Shiny Cars: confirmed: Full Detail, Sat, Dec 5, 10:00 AM. Manage: http://localhost/s/Ab3dE6gH9k',
      ),
    },
    {
      kind: 'ownerNew',
      label: 'New booking to approve',
      to: 'owner',
      mail: true,
      text: false,
      preview: preview('New booking to approve: Sat 10:00 AM, Full Detail, $219.00 http://localhost/s/Ab3dE6gH9k'),
    },
  ],
};

// By heading, not by role: role queries over the ~1,100 <option>s of this page are slow in jsdom.
const section = (name: string) => screen.getByText(name, { selector: 'h2' }).closest('section') as HTMLElement;
const findSection = async (name: string) =>
  (await screen.findByText(name, { selector: 'h2' })).closest('section') as HTMLElement;
const daySwitch = (day: string) => screen.getByLabelText(day, { selector: 'input[role="switch"]' });

// Each section is a page of its own (sections.tsx); some hold hundreds of form controls, slow in jsdom.
describe('Settings page', { timeout: 20_000 }, () => {
  const GROUPS = {
    Business: ['Business Address', 'Time Zone', 'Business Hours', 'Booking Button and Branding'],
    Bookings: [
      'Operations',
      'Confirming bookings',
      'Payments',
      'Sales Tax',
      'Invoices and Tips',
      'Crews',
      'Connected Calendars',
      'Calendar Feed',
    ],
    Messages: ['Notifications', 'Notifications on this phone'],
    'Account and data': ['Account', 'Customer Data'],
  };

  it('on a phone is a list of the sections by group; one tap opens a section at its own address, with a way back', async () => {
    onPhone();
    settingsApi();
    const { user, pathname } = renderApp('/dashboard/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    for (const [group, titles] of Object.entries(GROUPS)) {
      const list = screen.getByRole('list', { name: group });
      expect(
        within(list)
          .getAllByRole('link')
          .map((a) => a.querySelector('.settings-link-title')?.textContent),
      ).toEqual(titles);
    }
    expect(screen.getByRole('link', { name: 'Business Hours' })).toHaveAccessibleDescription('When customers can book');
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Business Hours' }));
    expect(pathname()).toBe('/dashboard/settings/hours');
    expect(await screen.findByRole('button', { name: 'Save Hours' })).toBeInTheDocument();
    expect([...document.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Business Hours']);

    await user.click(screen.getByRole('link', { name: 'All settings' }));
    expect(pathname()).toBe('/dashboard/settings');
    expect(screen.getByRole('list', { name: 'Business' })).toBeInTheDocument();
  });

  it('wider, opens on the first section with the list beside it, and each section is at its own address', async () => {
    settingsApi();
    const { user, pathname } = renderApp('/dashboard/settings');
    await waitFor(() => expect(pathname()).toBe('/dashboard/settings/address'));
    const current = () =>
      within(screen.getByRole('navigation', { name: 'Settings' }))
        .getAllByRole('link', { current: 'page' })
        .map((a) => a.querySelector('.settings-link-title')?.textContent);
    expect(current()).toEqual(['Business Address']);
    expect(await within(section('Business Address')).findByText(onboardedProfile.address as string)).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Operations' }));
    expect(pathname()).toBe('/dashboard/settings/operations');
    expect(current()).toEqual(['Operations']);
    expect([...document.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Operations']);
    expect(
      await within(section('Operations')).findByLabelText('I travel to my customers', { selector: 'input' }),
    ).not.toBeChecked();
  });

  it.each([
    ['/dashboard/settings/calendar-feed', 'Calendar Feed', 'Private calendar link'],
    ['/dashboard/settings/customer-data', 'Customer Data', 'Anonymise customer details after (months)'],
    ['/dashboard/settings/account', 'Account', 'Email Address'],
    ['/dashboard/settings/payments', 'Payments', 'Stripe secret key'],
    ['/dashboard/settings/sales-tax', 'Sales Tax', 'Rate (%)'],
    ['/dashboard/settings/invoices', 'Invoices and Tips', 'Tip 1 (%)'],
    ['/dashboard/settings/branding', 'Booking Button and Branding', 'Button text'],
    ['/dashboard/settings/calendars', 'Connected Calendars', 'Secret address (iCal)'],
  ])('%s holds %s, loaded', async (path, heading, field) => {
    settingsApi();
    renderApp(path);
    expect(await within(await findSection(heading)).findByLabelText(field)).toBeInTheDocument();
  });

  it.each([
    ['#business-hours', '/dashboard/settings/hours'],
    ['#calendars', '/dashboard/settings/calendars'],
    ['#notifications', '/dashboard/settings/notifications'],
    ['#crews', '/dashboard/settings/crews'],
  ])('an old link to /dashboard/settings%s opens %s', async (hash, address) => {
    onPhone();
    settingsApi();
    const { pathname } = renderApp(`/dashboard/settings${hash}`);
    await waitFor(() => expect(pathname()).toBe(address));
  });

  it('an unknown section opens the list', async () => {
    onPhone();
    settingsApi();
    const { pathname } = renderApp('/dashboard/settings/nope');
    await waitFor(() => expect(pathname()).toBe('/dashboard/settings'));
    expect(screen.getByRole('list', { name: 'Business' })).toBeInTheDocument();
  });
});

describe('Settings: Notifications', { timeout: 20_000 }, () => {
  it('lists each message with its exact text and length, and saves the text switches and review requests', async () => {
    const api = settingsApi({
      [`PUT ${B}/settings/notifications`]: (req: FakeRequest) => ({
        body: { ...NOTIFICATIONS, ...(req.body as object) },
      }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/settings/notifications');
    const notifications = section('Notifications');
    expect(
      await within(notifications).findByText(
        'Shiny Cars: confirmed: Full Detail, Sat, Dec 5, 10:00 AM. Manage: http://localhost/s/Ab3dE6gH9k',
      ),
    ).toBeInTheDocument();
    expect(within(notifications).getAllByText(/^\d+ characters, 1 segment \(GSM-7\)$/)).toHaveLength(2);
    expect(within(notifications).getByRole('switch', { name: 'Text: Booking confirmed' })).toBeChecked();
    await user.click(within(notifications).getByRole('switch', { name: 'Text: Booking confirmed' }));
    await user.click(within(notifications).getByRole('switch', { name: 'Text: New booking to approve' }));
    await user.selectOptions(within(notifications).getByLabelText('Ask for a review'), 'The next day');
    await user.type(within(notifications).getByLabelText('Your review link'), 'https://g.page/r/shiny/review');
    await user.click(within(notifications).getByRole('button', { name: 'Save' }));
    await within(notifications).findByText('Notification settings saved.');
    expect(api.callsTo(`PUT ${B}/settings/notifications`)[0]?.body).toEqual({
      ownerTexts: true,
      reminder2h: false,
      textsOff: ['approved'],
      reviewUrl: 'https://g.page/r/shiny/review',
      reviewDelayHours: 24,
    });
  });
});

describe('Settings: Business Address', { timeout: 20_000 }, () => {
  it('shows the current address and edits it through the address search', async () => {
    const api = settingsApi({
      [`PUT ${B}/address/update`]: (req: FakeRequest) => ({
        body: { ...onboardedProfile, address: (req.body as { address: string }).address, timeZone: 'America/Chicago' },
      }),
    });
    const { user } = renderApp('/dashboard/settings/address');
    const s = section('Business Address');
    expect(await within(s).findByText(onboardedProfile.address as string)).toBeInTheDocument();
    await user.click(within(s).getByRole('button', { name: 'Edit Address' }));
    await user.type(within(s).getByRole('combobox', { name: 'Street address' }), '500 Congress Ave, 787');
    await user.click(await within(s).findByRole('option', { name: suggestion.description }));
    await user.click(within(s).getByRole('button', { name: 'Save Address' }));
    expect(await within(s).findByText('Business address updated successfully!')).toBeInTheDocument();
    expect(within(s).getByText('Time zone is now Central Time, Chicago.')).toBeInTheDocument();
    expect(within(s).getByText('500 Congress Ave, Austin, TX 78701, USA')).toBeInTheDocument();
    expect(within(s).queryByLabelText('House Number')).not.toBeInTheDocument();
    // The suggestion's whole text is the address.
    expect(api.callsTo(`PUT ${B}/address/update`)[0]?.body).toEqual({
      address: '500 Congress Ave, Austin, TX 78701, USA',
    });
    // The shared profile moved too: the time zone section shows the new zone.
    await user.click(screen.getByRole('link', { name: 'Time Zone' }));
    expect(within(section('Time Zone')).getByText('Central Time, Chicago', { selector: 'strong' })).toBeInTheDocument();
  });

  it('needs a chosen street address; Cancel leaves without saving', async () => {
    const api = settingsApi();
    const { user } = renderApp('/dashboard/settings/address');
    const s = section('Business Address');
    await user.click(await within(s).findByRole('button', { name: 'Edit Address' }));
    await user.click(within(s).getByRole('button', { name: 'Save Address' }));
    expect(within(s).getByRole('alert')).toHaveTextContent(
      'Please type your street address and pick it from the list.',
    );
    await user.click(within(s).getByRole('button', { name: 'Cancel' }));
    expect(within(s).getByRole('button', { name: 'Edit Address' })).toBeInTheDocument();
    expect(api.callsTo(`PUT ${B}/address/update`)).toHaveLength(0);
  });

  it('shows the update failure with the server reason', async () => {
    settingsApi({ [`PUT ${B}/address/update`]: { status: 400, body: { error: 'We could not locate that address.' } } });
    const { user } = renderApp('/dashboard/settings/address');
    const s = section('Business Address');
    await user.click(await within(s).findByRole('button', { name: 'Edit Address' }));
    await user.type(within(s).getByRole('combobox', { name: 'Street address' }), '500 Congress Ave, 787');
    await user.click(await within(s).findByRole('option', { name: suggestion.description }));
    await user.click(within(s).getByRole('button', { name: 'Save Address' }));
    const alert = await within(s).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update business address. Please try again.');
    expect(alert).toHaveTextContent('We could not locate that address.');
  });

  it("says 'Failed to load business address.' and offers to try again", async () => {
    const api = settingsApi({ [`GET ${B}/address`]: { status: 500 } });
    const { user } = renderApp('/dashboard/settings/address');
    const s = section('Business Address');
    expect(await within(s).findByText('Failed to load business address.')).toBeInTheDocument();
    api.on(`GET ${B}/address`, { body: { address: '1, Somewhere' } });
    await user.click(within(s).getByRole('button', { name: 'Try again' }));
    expect(await within(s).findByText('1, Somewhere')).toBeInTheDocument();
  });
});

describe('Settings: Time Zone', { timeout: 20_000 }, () => {
  it('shows the zone by its name and changes it with the picker', async () => {
    const api = settingsApi({
      [`PUT ${B}/settings/time-zone`]: (req: FakeRequest) => ({
        body: { ...onboardedProfile, ...(req.body as object) },
      }),
    });
    const { user } = renderApp('/dashboard/settings/time-zone');
    const s = section('Time Zone');
    expect(await within(s).findByText('Pacific Time, Los Angeles', { selector: 'strong' })).toBeInTheDocument();
    const picker = within(s).getByRole('combobox', { name: 'Business time zone' });
    expect(picker).toHaveValue('Pacific Time, Los Angeles');
    expect(within(s).getByRole('button', { name: 'Save Time Zone' })).toBeDisabled();
    await user.click(picker);
    await user.keyboard('new york');
    await user.click(within(s).getByRole('option', { name: 'Eastern Time, New York' }));
    expect(picker).toHaveValue('Eastern Time, New York');
    await user.click(within(s).getByRole('button', { name: 'Save Time Zone' }));
    expect(await within(s).findByText('Time zone updated to Eastern Time, New York.')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${B}/settings/time-zone`)[0]?.body).toEqual({ timeZone: 'America/New_York' });
    expect(within(s).getByText('Eastern Time, New York', { selector: 'strong' })).toBeInTheDocument();
  });

  it('shows the failure', async () => {
    settingsApi({ [`PUT ${B}/settings/time-zone`]: { status: 500 } });
    const { user } = renderApp('/dashboard/settings/time-zone');
    const s = section('Time Zone');
    await user.click(await within(s).findByRole('combobox', { name: 'Business time zone' }));
    await user.keyboard('london{Enter}');
    await user.click(within(s).getByRole('button', { name: 'Save Time Zone' }));
    expect(await within(s).findByRole('alert')).toHaveTextContent('Failed to update time zone. Please try again.');
  });

  it('switches times to a 24-hour clock, which the page follows at once', async () => {
    const api = settingsApi({
      [`PUT ${B}/settings/time-format`]: (req: FakeRequest) => ({
        body: { ...onboardedProfile, ...(req.body as object) },
      }),
    });
    const { user } = renderApp('/dashboard/settings/time-zone');
    const s = section('Time Zone');
    const twelve = await within(s).findByRole('radio', { name: '12-hour (2:30 PM)' });
    expect(twelve).toBeChecked();
    expect(within(s).getByRole('button', { name: 'Save Time Format' })).toBeDisabled();
    await user.click(within(s).getByRole('radio', { name: '24-hour (14:30)' }));
    await user.click(within(s).getByRole('button', { name: 'Save Time Format' }));
    expect(await within(s).findByText('Times now show like 14:30.')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${B}/settings/time-format`)[0]?.body).toEqual({ timeFormat: '24h' });
    expect(within(s).getByRole('radio', { name: '24-hour (14:30)' })).toBeChecked();
    // The business hours' times, read from the profile, now show on the 24-hour clock.
    await user.click(screen.getByRole('link', { name: 'Business Hours' }));
    expect(screen.getByLabelText('Monday start time').querySelector('option[value="19:00"]')).toHaveTextContent(
      '19:00',
    );
  });

  it('keeps the clock and says so when saving it fails', async () => {
    settingsApi({ [`PUT ${B}/settings/time-format`]: { status: 500 } });
    const { user } = renderApp('/dashboard/settings/time-zone');
    const s = section('Time Zone');
    await user.click(await within(s).findByRole('radio', { name: '24-hour (14:30)' }));
    await user.click(within(s).getByRole('button', { name: 'Save Time Format' }));
    expect(await within(s).findByRole('alert')).toHaveTextContent(
      'Failed to update the time format. Please try again.',
    );
    await user.click(screen.getByRole('link', { name: 'Business Hours' }));
    expect(screen.getByLabelText('Monday start time').querySelector('option[value="19:00"]')).toHaveTextContent(
      '7:00 PM',
    );
  });
});

describe('Settings: Business Hours', { timeout: 20_000 }, () => {
  it('shows the defaults: Monday-Friday on 10:00-19:00, the weekend off showing 10:00-19:00', async () => {
    settingsApi();
    renderApp('/dashboard/settings/hours');
    await screen.findByLabelText('Monday', { selector: 'input[role="switch"]' });
    for (const day of WEEK) {
      const weekend = day === 'Saturday' || day === 'Sunday';
      expect(daySwitch(day)).toHaveProperty('checked', !weekend);
      const start = screen.getByLabelText(`${day} start time`);
      const end = screen.getByLabelText(`${day} end time`);
      expect(start).toHaveValue('10:00');
      expect(end).toHaveValue('19:00');
      expect(start).toHaveProperty('disabled', weekend);
    }
  });

  it('offers times in 30-minute steps', async () => {
    settingsApi();
    renderApp('/dashboard/settings/hours');
    const start = (await screen.findByLabelText('Monday start time')) as HTMLSelectElement;
    const values = [...start.options].map((o) => o.value);
    expect(values.slice(0, 4)).toEqual(['00:00', '00:30', '01:00', '01:30']);
    expect(values).toContain('23:30');
    expect(start.querySelector('option[value="19:00"]')).toHaveTextContent('7:00 PM');
  });

  it('shows stored hours', async () => {
    settingsApi({
      [`GET ${B}/availability`]: {
        body: WEEK.map((day) =>
          day === 'Monday' ? { day, startTime: null, endTime: null } : { day, startTime: '08:30', endTime: '17:00' },
        ),
      },
    });
    renderApp('/dashboard/settings/hours');
    expect(await screen.findByLabelText('Monday', { selector: 'input[role="switch"]' })).toHaveProperty(
      'checked',
      false,
    );
    expect(daySwitch('Sunday')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Sunday start time')).toHaveValue('08:30');
    expect(screen.getByLabelText('Monday start time')).toHaveValue('10:00');
  });

  it('toggling a day on sends its shown times, off sends nulls, each with its own message', async () => {
    const api = settingsApi({ [`PUT ${B}/availability/update-single`]: { body: [] } });
    const { user } = renderApp('/dashboard/settings/hours');
    // An off day's times cannot be changed; turning it on sends the times it shows.
    expect(await screen.findByLabelText('Saturday start time')).toBeDisabled();
    await user.click(daySwitch('Saturday'));
    expect(await screen.findByText('Business hours updated for Saturday!')).toBeInTheDocument();
    expect(daySwitch('Saturday')).toHaveProperty('checked', true);
    await user.click(daySwitch('Monday'));
    expect(await screen.findByText('Business hours updated for Monday!')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${B}/availability/update-single`).map((c) => c.body)).toEqual([
      { day: 'Saturday', startTime: '10:00', endTime: '19:00' },
      { day: 'Monday', startTime: null, endTime: null },
    ]);
  });

  it('puts the switch back when the toggle fails', async () => {
    settingsApi({
      [`PUT ${B}/availability/update-single`]: { status: 400, body: { error: 'End time must be after start time.' } },
    });
    const { user } = renderApp('/dashboard/settings/hours');
    await user.click(await screen.findByLabelText('Sunday', { selector: 'input[role="switch"]' }));
    const alert = await within(section('Business Hours')).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update business hours. Please try again.');
    expect(alert).toHaveTextContent('End time must be after start time.');
    expect(daySwitch('Sunday')).toHaveProperty('checked', false);
  });

  it('refuses an end before the start and saves nothing', async () => {
    const api = settingsApi();
    const { user } = renderApp('/dashboard/settings/hours');
    await user.selectOptions(await screen.findByLabelText('Tuesday end time'), '09:30');
    expect(screen.getByText('End time must be after start time.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Hours' }));
    expect(within(section('Business Hours')).getByRole('alert')).toHaveTextContent(
      'End time must be after start time on Tuesday.',
    );
    expect(api.callsTo(`PUT ${B}/availability/update`)).toHaveLength(0);
  });

  it('Save Hours sends all seven days, off days with null times', async () => {
    const api = settingsApi({
      [`PUT ${B}/availability/update`]: (req: FakeRequest) => ({
        body: (req.body as { businessHours: unknown }).businessHours,
      }),
    });
    const { user } = renderApp('/dashboard/settings/hours');
    await user.selectOptions(await screen.findByLabelText('Friday end time'), '16:00');
    await user.click(screen.getByRole('button', { name: 'Save Hours' }));
    expect(await screen.findByText('Business hours updated successfully!')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${B}/availability/update`)[0]?.body).toEqual({
      businessHours: WEEK.map((day) =>
        day === 'Saturday' || day === 'Sunday'
          ? { day, startTime: null, endTime: null }
          : { day, startTime: '10:00', endTime: day === 'Friday' ? '16:00' : '19:00' },
      ),
    });
  });

  it('shows the save failure', async () => {
    settingsApi({ [`PUT ${B}/availability/update`]: 'network' });
    const { user } = renderApp('/dashboard/settings/hours');
    await user.click(await screen.findByRole('button', { name: 'Save Hours' }));
    expect(await within(section('Business Hours')).findByRole('alert')).toHaveTextContent(
      'Failed to update business hours. Please try again.',
    );
  });

  it("says 'Failed to load business hours.'", async () => {
    settingsApi({ [`GET ${B}/availability`]: { status: 500 } });
    renderApp('/dashboard/settings/hours');
    expect(await within(section('Business Hours')).findByText('Failed to load business hours.')).toBeInTheDocument();
    expect(section('Business Hours').querySelector('[role="switch"]')).toBeNull();
  });

  it('messages disappear after 3 seconds', async () => {
    settingsApi({ [`PUT ${B}/availability/update`]: { body: [] } });
    renderApp('/dashboard/settings/hours');
    const save = await screen.findByRole('button', { name: 'Save Hours' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(save);
    });
    await settle();
    expect(screen.getByText('Business hours updated successfully!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Business hours updated successfully!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Business hours updated successfully!')).not.toBeInTheDocument();
  });
});
