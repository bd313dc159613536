import { createPublicClient } from '@slotwise/shared/public-client';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { App } from './app.tsx';
import { createStore, MESSAGES, type StoreOptions } from './state.ts';
import { BUSINESS_ID, demoBusiness, FULL, fakeApi, monthDays, PLANS, SIZE, weeklyDates } from './test-api.ts';

const SEATS = '0b6a9a53-2a5e-4b8e-9f55-7f4c7b1c2d01';
const rateQuestion = {
  _id: SEATS,
  question: 'How many seats?',
  type: 'rate' as const,
  options: [],
  rate: 12.5,
  unit: null,
  minQuantity: null,
  maxQuantity: null,
  required: true,
  serviceIds: null,
};

// 12:00 on Friday 4 December 2026 in Los Angeles (the business's zone), already Saturday in Tokyo.
const NOW = new Date('2026-12-04T20:00:00Z');

function setup(api = fakeApi(), options: StoreOptions = {}) {
  const client = createPublicClient({ baseUrl: 'https://api.test', fetch: api.fetch });
  let keys = 0;
  const onBooked = vi.fn();
  const store = createStore(client, BUSINESS_ID, {
    now: () => NOW,
    uuid: () => `key-${++keys}`,
    searchDelay: 0,
    onBooked,
    viewer: { timeZone: 'America/Los_Angeles', timeFormat: '12h' },
    ...options,
  });
  const onClose = vi.fn(() => store.close());
  store.open('book');
  const user = userEvent.setup();
  const view = render(<App store={store} client={client} onClose={onClose} />);
  return { api, store, user, onClose, onBooked, view };
}

type User = ReturnType<typeof userEvent.setup>;
const next = (user: User, name = 'Next') => user.click(screen.getByRole('button', { name }));
const heading = (name: string) => screen.findByRole('heading', { level: 3, name });

async function chooseService(user: User, name = /Full Detail/) {
  await user.click(await screen.findByRole('radio', { name }));
  await next(user);
}
async function answerQuestion(user: User, option = 'SUV') {
  await heading('A quick question');
  await user.selectOptions(screen.getByLabelText('Vehicle size'), option);
  await next(user);
}
async function enterAddress(user: User) {
  await heading('Your address');
  await user.type(screen.getByRole('combobox', { name: 'Street address' }), '12 Main St, Bever');
  await user.click(await screen.findByRole('option', { name: '12 Main St, Beverly Hills, CA 90210, USA' }));
  await next(user, 'Get my quote');
}
async function pickSlot(user: User, time = '9:00 AM') {
  await heading('Your instant quote');
  await next(user, 'Choose a time');
  await heading('Pick a date and time');
  await user.click(await screen.findByRole('button', { name: time }));
  await next(user, 'Continue');
}
async function fillDetails(user: User) {
  await heading('Your details');
  await user.type(screen.getByLabelText('First name'), 'Ana');
  await user.type(screen.getByLabelText('Last name'), 'Lopez');
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Phone number'), '310 555 0199');
}
async function toDetails(user: User) {
  await chooseService(user);
  await answerQuestion(user);
  await enterAddress(user);
  await pickSlot(user);
  await fillDetails(user);
}

describe('the booking pop-up', () => {
  it("shows one consent sentence on the details step, linking the business's privacy notice in a new tab", async () => {
    const { user } = setup();
    await toDetails(user);
    const sentence = screen.getByText(
      /By booking, you agree that Demo Detailing uses these details to handle your booking/,
    );
    expect(sentence).toHaveTextContent(
      'By booking, you agree that Demo Detailing uses these details to handle your booking, as its privacy notice says.',
    );
    const link = within(sentence).getByRole('link', { name: 'privacy notice' });
    expect(link).toHaveAttribute('href', 'https://demo-detailing.example/privacy');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('is a labelled modal dialog named after the business', async () => {
    setup();
    const dialog = await screen.findByRole('dialog', { name: 'Demo Detailing' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  describe('step 1: service', () => {
    it('lists each service with its name, duration and price', async () => {
      setup();
      expect(await screen.findByRole('radio', { name: /Exterior Wash\s*1 hr\s*\$49\.00/ })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: /Full Detail\s*3 hr\s*\$219\.00/ })).toBeInTheDocument();
      expect(screen.getByText('Step 1 of 6')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    });

    it('asks for a service before going on', async () => {
      const { user } = setup();
      await heading('Choose a service');
      await next(user);
      expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.chooseService);
      expect(screen.getByRole('heading', { name: 'Choose a service' })).toBeInTheDocument();
    });

    it('says so when the business has no services', async () => {
      setup(fakeApi(demoBusiness({ services: [] })));
      expect(await screen.findByText(MESSAGES.noServices)).toBeInTheDocument();
    });
  });

  describe('step 2: the specific question', () => {
    it('offers the dropdown options with their extra price and requires one', async () => {
      const { user } = setup();
      await chooseService(user);
      await heading('A quick question');
      const select = screen.getByLabelText('Vehicle size');
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Select an option', 'Sedan', 'SUV (+$20.00)', 'Truck (+$35.00)']);
      await next(user);
      expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.chooseOption);
      expect(select).toHaveAttribute('aria-invalid', 'true');
    });

    it('takes a number for a rate question and sends it as a quantity', async () => {
      const api = fakeApi(demoBusiness({ questions: [{ ...rateQuestion, rate: 12.5 }] }));
      const { user } = setup(api);
      await chooseService(user);
      await heading('A quick question');
      expect(screen.getByText('$12.50 each')).toBeInTheDocument();
      const input = screen.getByLabelText('How many seats?');
      await user.type(input, '-2');
      await next(user);
      expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.enterQuantity);
      await user.clear(input);
      await user.type(input, '5');
      await next(user);
      await enterAddress(user);
      await heading('Your instant quote');
      expect(api.last('POST /api/customer/quote')?.body).toMatchObject({ answers: { [SEATS]: { quantity: 5 } } });
    });

    it('asks several questions and offers the add-ons on one screen, and sizes the slots by what they add', async () => {
      const business = demoBusiness();
      const size = business.questions[0]!;
      const api = fakeApi(
        demoBusiness({
          questions: [
            {
              ...size,
              options: [
                { text: 'Sedan', value: 0, extraMinutes: 0 },
                { text: 'SUV', value: 20, extraMinutes: 30 },
              ],
            },
            {
              ...rateQuestion,
              question: 'Lawn area',
              unit: 'per 1,000 sq ft',
              minQuantity: 1,
              maxQuantity: 50,
              required: false,
            },
            { ...rateQuestion, _id: BUSINESS_ID, question: 'Asked for the wash only', serviceIds: ['another'] },
          ],
          services: business.services.map((s) =>
            s._id === FULL
              ? {
                  ...s,
                  addOns: [
                    {
                      _id: SEATS,
                      name: 'Pet hair removal',
                      price: 30,
                      extraMinutes: 30,
                      description: 'Vacuum and brush',
                    },
                  ],
                }
              : s,
          ),
        }),
      );
      const { user } = setup(api);
      await chooseService(user);
      await heading('A few questions');
      expect(screen.queryByLabelText('Asked for the wash only')).toBeNull();
      expect(screen.getByText('$12.50 per 1,000 sq ft')).toBeInTheDocument();
      await user.selectOptions(screen.getByLabelText('Vehicle size'), 'SUV');
      await user.type(screen.getByLabelText('Lawn area (optional)'), '60');
      await next(user);
      expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.quantityBetween(1, 50));
      await user.clear(screen.getByLabelText('Lawn area (optional)'));
      await user.click(screen.getByRole('checkbox', { name: /Pet hair removal/ }));
      await next(user);
      await enterAddress(user);
      await heading('Your instant quote');
      expect(api.last('POST /api/customer/quote')?.body).toMatchObject({
        answers: { [SIZE]: { option: 'SUV' } },
        addOns: [SEATS],
      });
      await next(user, 'Choose a time');
      await heading('Pick a date and time');
      // SUV 30 minutes and pet hair 30 minutes: the slots fit the longer job.
      expect(api.last('GET /api/customer/get-available-slots')?.query.get('extraMinutes')).toBe('60');
    });

    it('is skipped when the business asks none', async () => {
      const api = fakeApi(demoBusiness({ questions: [] }));
      const { user } = setup(api);
      await chooseService(user);
      await heading('Your address');
      expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Back' }));
      await heading('Choose a service');
    });
  });

  describe('step 3: address', () => {
    it('searches from 3 characters and requires a chosen suggestion', async () => {
      const { user, api } = setup();
      await chooseService(user);
      await answerQuestion(user);
      await heading('Your address');
      const box = screen.getByRole('combobox', { name: 'Street address' });
      expect(box).toHaveAttribute('placeholder', '1100 Congress Ave, Austin, TX 78701');
      expect(screen.queryByLabelText('House number')).not.toBeInTheDocument();
      await user.type(box, 'Be');
      expect(api.count('GET /api/business/places')).toBe(0);
      expect(box).toHaveAttribute('aria-expanded', 'false');
      await user.type(box, 'v');
      expect(await screen.findByRole('option', { name: 'Beverly Hills, CA 90210, USA' })).toBeInTheDocument();
      expect(api.last('GET /api/business/places')?.query.get('input')).toBe('Bev');
      await next(user, 'Get my quote');
      expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.address);
      expect(api.count('POST /api/customer/quote')).toBe(0);
      // Typing on un-chooses: the address sent is always a suggestion's whole text.
      await user.click(screen.getByRole('option', { name: 'Beverly Hills, CA 90211, USA' }));
      await user.type(box, 'x');
      await next(user, 'Get my quote');
      expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.address);
      expect(api.count('POST /api/customer/quote')).toBe(0);
    });

    it('keeps the street line typed before the city and sends the chosen suggestion whole', async () => {
      const { user, api } = setup();
      await chooseService(user);
      await answerQuestion(user);
      await heading('Your address');
      const box = screen.getByRole('combobox', { name: 'Street address' });
      await user.type(box, '1100 Congress Ave, Bev');
      await user.click(await screen.findByRole('option', { name: '1100 Congress Ave, Beverly Hills, CA 90211, USA' }));
      expect(box).toHaveValue('1100 Congress Ave, Beverly Hills, CA 90211, USA');
      await next(user, 'Get my quote');
      await heading('Your instant quote');
      expect(api.last('POST /api/customer/quote')?.body).toMatchObject({
        address: '1100 Congress Ave, Beverly Hills, CA 90211, USA',
      });
      expect(screen.getByText(/at 1100 Congress Ave, Beverly Hills, CA 90211, USA/)).toBeInTheDocument();
    });

    it('shows the server sentence when the address names no street', async () => {
      const api = fakeApi();
      api.on('POST /api/customer/quote', () => ({
        status: 400,
        body: {
          error: 'Add your street address (house number and street), like 1100 Congress Ave.',
          code: 'ADDRESS_NEEDS_STREET',
        },
      }));
      const { user } = setup(api);
      await chooseService(user);
      await answerQuestion(user);
      await heading('Your address');
      const box = screen.getByRole('combobox', { name: 'Street address' });
      await user.type(box, 'Bever');
      await user.click(await screen.findByRole('option', { name: 'Beverly Hills, CA 90210, USA' }));
      await next(user, 'Get my quote');
      expect(await screen.findByRole('alert')).toHaveTextContent('Add your street address (house number and street)');
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('heading', { name: 'Your address' })).toBeInTheDocument();
    });

    it('works by keyboard: arrows move through suggestions, Enter picks, Escape closes the list only', async () => {
      const { user, onClose } = setup();
      await chooseService(user);
      await answerQuestion(user);
      await heading('Your address');
      const box = screen.getByRole('combobox', { name: 'Street address' });
      await user.type(box, 'Bever');
      await screen.findByRole('listbox');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(onClose).not.toHaveBeenCalled();
      await user.type(box, 'l');
      await screen.findByRole('listbox');
      await user.keyboard('{ArrowDown}{ArrowDown}');
      expect(box).toHaveAttribute('aria-activedescendant', 'sw-place-1');
      await user.keyboard('{Enter}');
      expect(box).toHaveValue('Beverly Hills, CA 90211, USA');
      await user.keyboard('{Enter}');
      await heading('Your instant quote');
    });

    it('shows the server message when the address cannot be located', async () => {
      const api = fakeApi();
      api.on('POST /api/customer/quote', () => ({
        status: 400,
        body: { error: 'We could not locate that address. Pick one of the suggestions.' },
      }));
      const { user } = setup(api);
      await chooseService(user);
      await answerQuestion(user);
      await enterAddress(user);
      expect(await screen.findByRole('alert')).toHaveTextContent('We could not locate that address.');
      expect(screen.getByRole('heading', { name: 'Your address' })).toBeInTheDocument();
    });
  });

  describe('step 4: the instant quote', () => {
    it("shows the server's breakdown lines and total for what was asked", async () => {
      const { user, api } = setup();
      await chooseService(user);
      await answerQuestion(user);
      await enterAddress(user);
      await heading('Your instant quote');
      const rows = screen.getAllByRole('row').map((r) => r.textContent);
      expect(rows).toEqual([
        'Full Detail$219.00',
        'Vehicle size: SUV$20.00',
        'Distance (4.2 miles at $1.50/mile)$6.30',
        'Total$245.30',
      ]);
      expect(api.last('POST /api/customer/quote')?.body).toEqual({
        businessId: BUSINESS_ID,
        serviceId: FULL,
        answers: { [SIZE]: { option: 'SUV' } },
        address: '12 Main St, Beverly Hills, CA 90210, USA',
      });
      expect(screen.getByText('Distance estimated from your ZIP code.')).toBeInTheDocument();
    });

    it.each([
      ['city', 'Distance estimated from your city.'],
      [null, null],
    ] as const)('says what the distance is estimated from: %s', async (from, sentence) => {
      const api = fakeApi();
      api.on('POST /api/customer/quote', () => ({
        status: 200,
        body: {
          lines: [{ label: 'Full Detail', amount: 219 }],
          totalQuote: 219,
          miles: 3,
          distanceEstimatedFrom: from,
        },
      }));
      const { user } = setup(api);
      await chooseService(user);
      await answerQuestion(user);
      await enterAddress(user);
      await heading('Your instant quote');
      expect(screen.queryByText(/Distance estimated/)?.textContent ?? null).toBe(sentence);
    });
  });

  describe('step 5: date and time', () => {
    async function toTimes(user: User) {
      await chooseService(user);
      await answerQuestion(user);
      await enterAddress(user);
      await heading('Your instant quote');
      await next(user, 'Choose a time');
      await heading('Pick a date and time');
    }
    const day = (name: string) => screen.getByRole('button', { name });

    it('opens on the first free day with its slots; Continue waits for a time, and says why', async () => {
      const { user, api } = setup();
      await toTimes(user);
      expect(await screen.findByRole('button', { name: '8:30 AM' })).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByRole('button', { name: '9:00 AM' })).toBeEnabled();
      expect(day('Friday, 4 December, free')).toHaveAttribute('aria-pressed', 'true');
      expect(day('Thursday, 3 December, past')).toHaveAttribute('aria-disabled', 'true');
      expect(day('Saturday, 5 December, closed')).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
      expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
        'Su',
        'Mo',
        'Tu',
        'We',
        'Th',
        'Fr',
        'Sa',
      ]);
      expect(Object.fromEntries(api.last('GET /api/customer/available-days')?.query ?? [])).toEqual({
        businessId: BUSINESS_ID,
        month: '2026-12',
        serviceId: FULL,
        address: '12 Main St, Beverly Hills, CA 90210, USA',
      });
      const req = api.last('GET /api/customer/get-available-slots');
      expect(Object.fromEntries(req?.query ?? [])).toEqual({
        businessId: BUSINESS_ID,
        date: '2026-12-04',
        serviceId: FULL,
        // For a business that travels: the times it can drive to this address.
        address: '12 Main St, Beverly Hills, CA 90210, USA',
      });
      expect(screen.getByText('Times are in Pacific Time, Los Angeles.')).toBeInTheDocument();

      const go = screen.getByRole('button', { name: 'Continue' });
      expect(go).toBeDisabled();
      expect(go).toHaveAccessibleDescription(MESSAGES.chooseSlot);
      await user.click(screen.getByRole('button', { name: '9:00 AM' }));
      expect(screen.getByRole('button', { name: '9:00 AM' })).toHaveAttribute('aria-pressed', 'true');
      expect(go).toBeEnabled();
    });

    it('looks ahead month by month for the first free day', async () => {
      const api = fakeApi();
      api.on('GET /api/customer/available-days', (r) => {
        const month = r.query.get('month') ?? '';
        return { status: 200, body: monthDays(month, (d) => (d < '2027-01-13' ? 'full' : undefined)) };
      });
      const { user } = setup(api);
      await toTimes(user);
      expect(await screen.findByRole('grid', { name: 'January 2027' })).toBeInTheDocument();
      await waitFor(() => expect(day('Wednesday, 13 January, free')).toHaveAttribute('aria-pressed', 'true'));
      expect(api.last('GET /api/customer/get-available-slots')?.query.get('date')).toBe('2027-01-13');
      expect(day('Tuesday, 12 January, full')).toHaveAttribute('aria-disabled', 'true');
      expect(api.count('GET /api/customer/available-days')).toBe(2);
    });

    it("says so in the business's name when nothing is free up to the horizon", async () => {
      const api = fakeApi();
      api.on('GET /api/customer/available-days', (r) => ({
        status: 200,
        body: monthDays(r.query.get('month') ?? '', (d) =>
          d <= '2027-03-04' && d >= '2026-12-04' ? 'full' : undefined,
        ),
      }));
      const { user } = setup(api);
      await toTimes(user);
      expect(
        await screen.findByText(
          'Demo Detailing has no free times until Thursday, March 4, 2027. Please check back later.',
        ),
      ).toBeInTheDocument();
      // December, January, February and March: then it stops, and shows this month.
      expect(api.count('GET /api/customer/available-days')).toBe(5);
      expect(screen.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
      expect(api.count('GET /api/customer/get-available-slots')).toBe(0);
      expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    });

    it('fetches the slots of a chosen day, and says when nothing is free; other days cannot be chosen', async () => {
      const api = fakeApi();
      const { user } = setup(api);
      api.on('GET /api/customer/get-available-slots', (r) => ({
        status: 200,
        body: { slots: r.query.get('date') === '2026-12-07' ? [] : [{ time: '10:00', available: true }] },
      }));
      await toTimes(user);
      await screen.findByRole('button', { name: '10:00 AM' });
      const before = api.count('GET /api/customer/get-available-slots');
      await user.click(day('Saturday, 5 December, closed'));
      await user.click(day('Wednesday, 2 December, past'));
      expect(api.count('GET /api/customer/get-available-slots')).toBe(before);
      await user.click(day('Monday, 7 December, free'));
      expect(await screen.findByText(MESSAGES.noSlots)).toBeInTheDocument();
      expect(api.last('GET /api/customer/get-available-slots')?.query.get('date')).toBe('2026-12-07');
      expect(screen.getByText('Monday, December 7, 2026')).toBeInTheDocument();
    });

    it('moves through the days with the keys, and months with the buttons, never before this month', async () => {
      const { user, api } = setup();
      await toTimes(user);
      await screen.findByRole('button', { name: '9:00 AM' });
      expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
      const friday = day('Friday, 4 December, free');
      expect(friday).toHaveAttribute('tabindex', '0');
      friday.focus();
      await user.keyboard('{ArrowRight}');
      expect(day('Saturday, 5 December, closed')).toHaveFocus();
      await user.keyboard('{ArrowDown}');
      expect(day('Saturday, 12 December, closed')).toHaveFocus();
      await user.keyboard('{Home}');
      expect(day('Sunday, 6 December, closed')).toHaveFocus();
      await user.keyboard('{End}');
      expect(day('Saturday, 12 December, closed')).toHaveFocus();
      await user.keyboard('{ArrowLeft}{ArrowUp}');
      expect(day('Friday, 4 December, free')).toHaveFocus();
      await user.keyboard('{PageDown}');
      expect(await screen.findByRole('grid', { name: 'January 2027' })).toBeInTheDocument();
      await waitFor(() => expect(day('Monday, 4 January, free')).toHaveFocus());
      expect(api.last('GET /api/customer/available-days')?.query.get('month')).toBe('2027-01');
      await user.keyboard('{Enter}');
      expect(day('Monday, 4 January, free')).toHaveAttribute('aria-pressed', 'true');
      expect(api.last('GET /api/customer/get-available-slots')?.query.get('date')).toBe('2027-01-04');
      await user.keyboard('{PageUp}{PageUp}');
      expect(await screen.findByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Next month' }));
      await user.click(screen.getByRole('button', { name: 'Next month' }));
      await user.click(screen.getByRole('button', { name: 'Next month' }));
      expect(await screen.findByRole('grid', { name: 'March 2027' })).toBeInTheDocument();
      // The horizon ends in March.
      expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
      expect(day('Friday, 5 March, not open for booking yet')).toHaveAttribute('aria-disabled', 'true');
    });

    it("shows the customer's own time beside each slot when their zone differs; the names stay the business's", async () => {
      const { user } = setup(fakeApi(), { viewer: { timeZone: 'America/New_York', timeFormat: '12h' } });
      await toTimes(user);
      const nine = await screen.findByRole('button', { name: '9:00 AM' });
      expect(nine).toHaveTextContent('9:00 AM Pacific - 12:00 PM your time');
      expect(nine).toHaveAccessibleDescription('Pacific - 12:00 PM your time');
      // Named by its content, no aria-label that would leave visible words out of the name (axe's
      // label-content-name-mismatch, e2e/accessibility.spec.ts): the customer's time is aria-hidden in it.
      expect(nine).not.toHaveAttribute('aria-label');
      expect(within(nine).getByText(/your time/)).toHaveAttribute('aria-hidden', 'true');
      expect(screen.getByText(/Your own time is shown beside each/)).toBeInTheDocument();
    });

    it("reads the times on the customer's clock: 24-hour for a 24-hour locale, with their day when it differs", async () => {
      const { user } = setup(fakeApi(), { viewer: { timeZone: 'Asia/Tokyo', timeFormat: '24h' } });
      await toTimes(user);
      const nine = await screen.findByRole('button', { name: '09:00' });
      // 09:00 on Friday in Los Angeles is 02:00 on Saturday in Tokyo.
      expect(nine).toHaveTextContent('09:00 Pacific - 02:00 Sat your time');
    });

    it('says so when slots cannot be loaded', async () => {
      const api = fakeApi();
      api.on('GET /api/customer/get-available-slots', () => ({ status: 500, body: { error: 'boom' } }));
      const { user } = setup(api);
      await toTimes(user);
      expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.slotsFailed);
    });

    it('says so when the calendar cannot be loaded', async () => {
      const api = fakeApi();
      api.on('GET /api/customer/available-days', () => ({ status: 500, body: { error: 'boom' } }));
      const { user } = setup(api);
      await toTimes(user);
      expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.daysFailed);
    });
  });

  describe('step 6: details and booking', () => {
    it('names each missing or malformed field', async () => {
      const { user, api } = setup();
      await chooseService(user);
      await answerQuestion(user);
      await enterAddress(user);
      await pickSlot(user);
      await heading('Your details');
      await next(user, 'Confirm booking');
      expect(screen.getByText(MESSAGES.firstName)).toBeInTheDocument();
      expect(screen.getByText(MESSAGES.lastName)).toBeInTheDocument();
      expect(screen.getByText(MESSAGES.email)).toBeInTheDocument();
      expect(screen.getByText(MESSAGES.phone)).toBeInTheDocument();
      expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
      await user.type(screen.getByLabelText('Email'), 'ana@nowhere');
      await user.type(screen.getByLabelText('Phone number'), '12');
      await next(user, 'Confirm booking');
      expect(screen.getByText(MESSAGES.emailFormat)).toBeInTheDocument();
      expect(screen.getByText(MESSAGES.phoneFormat)).toBeInTheDocument();
      expect(api.count('POST /api/customer/book')).toBe(0);
    });

    it('defaults the country code to +1 United States and offers the spec list', async () => {
      const { user } = setup();
      await chooseService(user);
      await answerQuestion(user);
      await enterAddress(user);
      await pickSlot(user);
      await heading('Your details');
      const codes = screen.getByRole('combobox', { name: 'Country code' }) as HTMLSelectElement;
      expect(codes.selectedOptions[0]?.textContent).toBe('+1 United States');
      expect(within(codes).getAllByRole('option')).toHaveLength(10);
    });

    it('books with an Idempotency-Key and confirms date, time and total', async () => {
      const { user, api, onBooked } = setup();
      await toDetails(user);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Country code' }), '+44 United Kingdom');
      await next(user, 'Confirm booking');
      await heading('Booking received');
      const req = api.last('POST /api/customer/book');
      expect(req?.headers['idempotency-key']).toBe('key-1');
      expect(req?.body).toEqual({
        businessId: BUSINESS_ID,
        serviceId: FULL,
        answers: { [SIZE]: { option: 'SUV' } },
        address: '12 Main St, Beverly Hills, CA 90210, USA',
        date: '2026-12-04',
        time: '09:00',
        firstName: 'Ana',
        lastName: 'Lopez',
        customerEmail: 'ana@example.com',
        phoneNumber: '+44 310 555 0199',
        // The time held on Continue is the customer's to book (docs/decisions/035).
        holdToken: 'h0ldT0kenOfTheWidgetTest',
        // The price shown is the price booked (docs/decisions/055).
        shownTotal: 245.3,
      });
      expect(screen.getByText('Friday, December 4, 2026')).toBeInTheDocument();
      expect(screen.getByText('9:00 AM to 12:00 PM')).toBeInTheDocument();
      expect(screen.getByText('$245.30')).toBeInTheDocument();
      expect(screen.getByText('A confirmation e-mail is on its way.')).toBeInTheDocument();
      expect(onBooked).toHaveBeenCalledWith(expect.objectContaining({ status: 'pending' }));
    });

    it('says the business will confirm a booking it confirms itself, with no promise before booking', async () => {
      const { user } = setup();
      await toDetails(user);
      expect(screen.queryByText(/You're booked as soon as you confirm/)).not.toBeInTheDocument();
      await next(user, 'Confirm booking');
      await heading('Booking received');
      expect(screen.getByText('Demo Detailing will confirm your booking soon.')).toBeInTheDocument();
    });

    it('says "You\'re booked" for a service the business confirms automatically, before and after booking', async () => {
      const business = demoBusiness();
      const api = fakeApi({
        ...business,
        services: business.services.map((s) => (s._id === FULL ? { ...s, confirmsAutomatically: true } : s)),
      });
      api.on('POST /api/customer/book', () => ({ status: 201, body: { ...bookedBody(), status: 'approved' } }));
      const { user } = setup(api);
      await toDetails(user);
      expect(screen.getByText("You're booked as soon as you confirm: no waiting for an answer.")).toBeInTheDocument();
      await next(user, 'Confirm booking');
      await heading("You're booked");
      expect(screen.getByText('Your booking with Demo Detailing is confirmed.')).toBeInTheDocument();
      expect(screen.queryByText(/will confirm your booking soon/)).not.toBeInTheDocument();
    });

    it('asks to text updates unticked, and sends the yes only when the customer ticks it', async () => {
      const { user, api } = setup();
      await toDetails(user);
      const box = screen.getByRole('checkbox', { name: /Text me updates about this booking/ });
      expect(box).not.toBeChecked();
      await user.click(box);
      await next(user, 'Confirm booking');
      await heading('Booking received');
      expect(api.last('POST /api/customer/book')?.body).toMatchObject({ textConsent: true });
    });

    it("offers the booking to a calendar: an .ics file of the mails' event, and a Google Calendar link", async () => {
      const { user } = setup();
      await toDetails(user);
      await next(user, 'Confirm booking');
      await heading('Booking received');
      const file = screen.getByRole('link', { name: 'Download .ics' });
      expect(file).toHaveAttribute('download', 'booking.ics');
      const ics = decodeURIComponent(
        (file.getAttribute('href') ?? '').replace(/^data:text\/calendar;charset=utf-8,/, ''),
      );
      expect(ics).toContain('UID:booking-33333333-3333-4333-8333-333333333333@api.test\r\n');
      expect(ics).toContain('DTSTART:20261204T170000Z\r\n');
      expect(ics).toContain('DTEND:20261204T200000Z\r\n');
      expect(ics).toContain('SUMMARY:Full Detail with Demo Detailing\r\n');
      expect(ics).toContain('LOCATION:12 Main St\\, Beverly Hills\\, CA 90210\\, USA\r\n');
      expect(ics).toContain('STATUS:TENTATIVE\r\n');
      const google = new URL(screen.getByRole('link', { name: 'Google Calendar' }).getAttribute('href') ?? '');
      expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
      expect(Object.fromEntries(google.searchParams)).toEqual({
        action: 'TEMPLATE',
        text: 'Full Detail with Demo Detailing',
        dates: '20261204T170000Z/20261204T200000Z',
        location: '12 Main St, Beverly Hills, CA 90210, USA',
      });
    });

    it("writes every time on the customer's clock: 24-hour for a 24-hour locale, whatever the business chose", async () => {
      const { user } = setup(fakeApi(demoBusiness({ timeFormat: '12h' })), {
        viewer: { timeZone: 'America/Los_Angeles', timeFormat: '24h' },
      });
      await chooseService(user);
      await answerQuestion(user);
      await enterAddress(user);
      await heading('Your instant quote');
      await next(user, 'Choose a time');
      expect(await screen.findByRole('button', { name: '08:30' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /AM|PM/ })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: '09:00' }));
      await next(user, 'Continue');
      await heading('Your details');
      expect(screen.getByText(/Friday, December 4, 2026 at 09:00/)).toBeInTheDocument();
      await fillDetails(user);
      await next(user, 'Confirm booking');
      await heading('Booking received');
      expect(screen.getByText('09:00 to 12:00')).toBeInTheDocument();
    });

    it('reuses the same Idempotency-Key when the same booking is retried', async () => {
      const api = fakeApi();
      api.on('POST /api/customer/book', () => new TypeError('Failed to fetch'));
      const { user } = setup(api);
      await toDetails(user);
      await next(user, 'Confirm booking');
      expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server.');
      api.on('POST /api/customer/book', (r) => ({ status: 201, body: { ...(r.body as object), ...bookedBody() } }));
      await next(user, 'Confirm booking');
      await heading('Booking received');
      const keys = api.requests.filter((r) => r.path === '/api/customer/book').map((r) => r.headers['idempotency-key']);
      expect(keys).toEqual(['key-1', 'key-1']);
    });

    it('sends a taken slot back to the times with the server message, and books another with a new key', async () => {
      const api = fakeApi();
      api.on('POST /api/customer/book', () => ({
        status: 409,
        body: { error: 'That time was just booked by someone else. Please pick another time.', code: 'SLOT_TAKEN' },
      }));
      const { user } = setup(api);
      await toDetails(user);
      api.on('GET /api/customer/get-available-slots', () => ({
        status: 200,
        body: {
          slots: [
            { time: '09:00', available: false },
            { time: '09:30', available: true },
          ],
        },
      }));
      await next(user, 'Confirm booking');
      await heading('Pick a date and time');
      expect(screen.getByRole('alert')).toHaveTextContent('That time was just booked by someone else.');
      expect(await screen.findByRole('button', { name: '9:00 AM' })).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByRole('button', { name: '9:30 AM' })).toHaveAttribute('aria-pressed', 'false');

      api.on('POST /api/customer/book', (r) => ({ status: 201, body: { ...bookedBody(), ...(r.body as object) } }));
      await user.click(screen.getByRole('button', { name: '9:30 AM' }));
      await next(user, 'Continue');
      await heading('Your details');
      expect(screen.getByLabelText('First name')).toHaveValue('Ana');
      await next(user, 'Confirm booking');
      await heading('Booking received');
      const books = api.requests.filter((r) => r.path === '/api/customer/book');
      expect(books.map((r) => (r.body as { time: string }).time)).toEqual(['09:00', '09:30']);
      expect(books.map((r) => r.headers['idempotency-key'])).toEqual(['key-1', 'key-2']);
    });
  });

  describe('the chosen time held while the customer types (docs/decisions/035)', () => {
    const held = {
      status: 409,
      body: { error: 'Someone is booking this time. Pick another, or try again in a few minutes.', code: 'SLOT_HELD' },
    };

    it('holds the time on Continue, says so, and books it with the hold token', async () => {
      const { api, user } = setup();
      await chooseService(user);
      await answerQuestion(user);
      await enterAddress(user);
      await pickSlot(user);
      await heading('Your details');
      expect(api.last('POST /api/customer/hold-slot')?.body).toEqual({
        businessId: BUSINESS_ID,
        serviceId: FULL,
        date: '2026-12-04',
        time: '09:00',
      });
      expect(screen.getByText(/We're holding/)).toHaveTextContent("We're holding 9:00 AM for you for 10 minutes.");
      await fillDetails(user);
      await next(user, 'Confirm booking');
      await heading('Booking received');
      expect(api.last('POST /api/customer/book')?.body).toMatchObject({ holdToken: 'h0ldT0kenOfTheWidgetTest' });
    });

    it('lets the time go on Back, and holds the next choice with the same token', async () => {
      const { api, user } = setup();
      await chooseService(user);
      await answerQuestion(user);
      await enterAddress(user);
      await pickSlot(user);
      await heading('Your details');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      await heading('Pick a date and time');
      expect(api.last('POST /api/customer/release-hold')?.body).toEqual({ holdToken: 'h0ldT0kenOfTheWidgetTest' });
      await user.click(screen.getByRole('button', { name: '9:30 AM' }));
      await next(user, 'Continue');
      await heading('Your details');
      expect(api.last('POST /api/customer/hold-slot')?.body).toMatchObject({
        time: '09:30',
        holdToken: 'h0ldT0kenOfTheWidgetTest',
      });
      expect(screen.getByText(/We're holding/)).toHaveTextContent("We're holding 9:30 AM for you for 10 minutes.");
    });

    it('stays on the times, refreshed, saying so in place, when another customer holds the time', async () => {
      const api = fakeApi();
      api.on('POST /api/customer/hold-slot', () => held);
      const { user } = setup(api);
      await chooseService(user);
      await answerQuestion(user);
      await enterAddress(user);
      const asked = api.count('GET /api/customer/get-available-slots');
      api.on('GET /api/customer/get-available-slots', () => ({
        status: 200,
        body: {
          slots: [
            { time: '09:00', available: true },
            { time: '09:30', available: true },
          ],
        },
      }));
      await pickSlot(user);
      expect(await screen.findByRole('alert')).toHaveTextContent('Someone is booking this time.');
      expect(screen.getByRole('heading', { level: 3, name: 'Pick a date and time' })).toBeInTheDocument();
      expect(api.count('GET /api/customer/get-available-slots')).toBeGreaterThan(asked);
      expect(screen.getByRole('button', { name: '9:00 AM' })).toHaveAttribute('aria-pressed', 'false');
      expect(api.count('POST /api/customer/book')).toBe(0);
    });

    it('goes on without a hold when the hold cannot be had for another reason; the booking is checked anyway', async () => {
      const api = fakeApi();
      api.on('POST /api/customer/hold-slot', () => ({
        status: 429,
        body: { error: 'Too many requests. Try again in a minute.', code: 'RATE_LIMITED' },
      }));
      const { user } = setup(api);
      await toDetails(user);
      expect(screen.queryByText(/We're holding/)).toBeNull();
      await next(user, 'Confirm booking');
      await heading('Booking received');
      expect(api.last('POST /api/customer/book')?.body).not.toHaveProperty('holdToken');
    });
  });

  describe('questions saved again while the form was open (QUESTIONS_CHANGED)', () => {
    const NEW_SIZE = '7a2b4c6d-8e0f-4a1b-9c2d-3e4f5a6b7c8d';
    /** The owner saved the questions again: the size question has a new _id and an XL option. */
    const saved = () =>
      demoBusiness({
        questions: [
          {
            ...rateQuestion,
            _id: NEW_SIZE,
            question: 'Vehicle size',
            type: 'dropdown',
            rate: null,
            options: [
              { text: 'Sedan', value: 0, extraMinutes: 0 },
              { text: 'XL', value: 50, extraMinutes: 0 },
            ],
          },
        ],
      });
    const changed = {
      status: 409,
      body: {
        error: 'The questions and prices changed since this page was opened; answer the questions again.',
        code: 'QUESTIONS_CHANGED',
      },
    };

    it('takes the customer back to the questions, fetched afresh, when the quote is refused', async () => {
      const api = fakeApi();
      api.on('POST /api/customer/quote', () => changed);
      const { user } = setup(api);
      await chooseService(user);
      await answerQuestion(user);
      api.on(`GET /api/customer/business/${BUSINESS_ID}`, () => ({ status: 200, body: saved() }));
      await enterAddress(user);
      await heading('A quick question');
      expect(screen.getByRole('alert')).toHaveTextContent('Prices changed, please answer again.');
      const select = screen.getByLabelText('Vehicle size');
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Select an option', 'Sedan', 'XL (+$50.00)']);
      // The answer to the question the business no longer asks is gone.
      expect(select).toHaveValue('');

      api.on('POST /api/customer/quote', () => ({
        status: 200,
        body: {
          lines: [{ label: 'Full Detail', amount: 219 }],
          totalQuote: 269,
          miles: null,
          distanceEstimatedFrom: null,
        },
      }));
      await answerQuestion(user, 'XL');
      // The address was kept: on to the quote.
      await heading('Your address');
      expect(screen.getByRole('combobox', { name: 'Street address' })).toHaveValue(
        '12 Main St, Beverly Hills, CA 90210, USA',
      );
      await next(user, 'Get my quote');
      await heading('Your instant quote');
      const quotes = api.requests.filter((r) => r.path === '/api/customer/quote');
      expect(quotes.map((r) => (r.body as { answers: object }).answers)).toEqual([
        { [SIZE]: { option: 'SUV' } },
        { [NEW_SIZE]: { option: 'XL' } },
      ]);
    });

    it('takes the customer back to the questions when the booking is refused, and books afresh with a new key', async () => {
      const api = fakeApi();
      api.on('POST /api/customer/book', () => changed);
      const { user } = setup(api);
      await toDetails(user);
      api.on(`GET /api/customer/business/${BUSINESS_ID}`, () => ({ status: 200, body: saved() }));
      await next(user, 'Confirm booking');
      await heading('A quick question');
      expect(screen.getByRole('alert')).toHaveTextContent('Prices changed, please answer again.');

      api.on('POST /api/customer/book', (r) => ({ status: 201, body: { ...(r.body as object), ...bookedBody() } }));
      await answerQuestion(user, 'XL');
      await next(user, 'Get my quote');
      await pickSlot(user);
      await heading('Your details');
      expect(screen.getByLabelText('First name')).toHaveValue('Ana');
      await next(user, 'Confirm booking');
      await heading('Booking received');
      const books = api.requests.filter((r) => r.path === '/api/customer/book');
      expect(books.map((r) => (r.body as { answers: object }).answers)).toEqual([
        { [SIZE]: { option: 'SUV' } },
        { [NEW_SIZE]: { option: 'XL' } },
      ]);
      expect(books.map((r) => r.headers['idempotency-key'])).toEqual(['key-1', 'key-2']);
    });
  });

  describe('with a deposit', () => {
    const deposit = { dueNow: 61.33, dueLater: 183.97 };
    const held = (r: { body: unknown }) => ({
      status: 201,
      body: {
        ...bookedBody(),
        ...(r.body as object),
        status: 'awaiting_payment',
        payment: { ...deposit, holdUntil: '2026-12-04T17:15:00.000Z' },
      },
    });
    function depositApi() {
      const api = fakeApi();
      api.on('POST /api/customer/quote', () => ({
        status: 200,
        body: {
          lines: [{ label: 'Full Detail', amount: 245.3 }],
          totalQuote: 245.3,
          miles: null,
          distanceEstimatedFrom: null,
          deposit,
        },
      }));
      api.on('POST /api/customer/book', held);
      return api;
    }

    it('says what is due now and on the day, and sends the customer to Stripe to pay it', async () => {
      const api = depositApi();
      api.on('POST /api/customer/checkout', () => ({
        status: 200,
        body: { url: 'https://checkout.stripe.test/c/pay/cs_1' },
      }));
      const leave = vi.fn();
      const { user, onBooked } = setup(api, { leave });
      await chooseService(user);
      await answerQuestion(user);
      await enterAddress(user);
      await heading('Your instant quote');
      expect(screen.getByText('Due now: $61.33 deposit, $183.97 on the day')).toBeInTheDocument();
      await next(user, 'Choose a time');
      await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
      await next(user, 'Continue');
      await heading('Your details');
      expect(screen.getByText(/your time is held for 15 minutes/)).toBeInTheDocument();
      await fillDetails(user);
      await next(user, 'Book and pay $61.33 deposit');
      await waitFor(() => expect(leave).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
      expect(api.last('POST /api/customer/checkout')?.body).toEqual({ bookingId: bookedBody().bookingId });
      expect(onBooked).toHaveBeenCalledWith(expect.objectContaining({ status: 'awaiting_payment' }));
      // Busy until the page is gone: no second click books again.
      expect(screen.getByRole('button', { name: 'Going to payment...' })).toBeDisabled();
    });

    it('asks again for the same held booking when the payment page could not be fetched, and books afresh once the server gave up', async () => {
      const api = depositApi();
      api.on('POST /api/customer/checkout', () => new TypeError('Failed to fetch'));
      const leave = vi.fn();
      const { user } = setup(api, { leave });
      await toDetails(user);
      await next(user, 'Book and pay $61.33 deposit');
      expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server.');
      api.on('POST /api/customer/checkout', () => ({
        status: 503,
        body: {
          error:
            'We could not reach the payment service, so nothing was charged and your time is not held. Try again in a few minutes.',
          code: 'PAYMENT_UNAVAILABLE',
        },
      }));
      await next(user, 'Book and pay $61.33 deposit');
      expect(await screen.findByRole('alert')).toHaveTextContent('nothing was charged');
      api.on('POST /api/customer/checkout', () => ({
        status: 200,
        body: { url: 'https://checkout.stripe.test/c/pay/cs_2' },
      }));
      await next(user, 'Book and pay $61.33 deposit');
      await waitFor(() => expect(leave).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_2'));
      const keys = api.requests.filter((r) => r.path === '/api/customer/book').map((r) => r.headers['idempotency-key']);
      expect(keys).toEqual(['key-1', 'key-1', 'key-2']);
    });
  });

  describe('a recurring plan', () => {
    const quote = { lines: [{ label: 'Full Detail', amount: 245.3 }], totalQuote: 245.3, miles: null };
    /** The quote offers the service weekly (10% off) and every 2 weeks. */
    function planApi(extra: object = {}) {
      const api = fakeApi();
      api.on('POST /api/customer/quote', () => ({
        status: 200,
        body: { ...quote, distanceEstimatedFrom: null, plans: PLANS, ...extra },
      }));
      return api;
    }
    async function toQuote(user: User) {
      await chooseService(user);
      await answerQuestion(user);
      await enterAddress(user);
      await heading('Your instant quote');
    }
    /** To the details step of a weekly plan at the first free time. */
    async function weeklyDetails(user: User) {
      await toQuote(user);
      await user.click(screen.getByRole('radio', { name: /Weekly/ }));
      await pickSlot(user);
      await heading('Your details');
    }
    const often = () => screen.getByRole('group', { name: 'How often?' });
    const planLine = () => screen.getByRole('status');

    it('offers how often after the quote: just once at the total, or each plan with its discount and price per visit', async () => {
      const { user } = setup(planApi());
      await toQuote(user);
      const radios = within(often()).getAllByRole('radio');
      expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
        'Just once$245.30',
        'Weekly10% off$220.77 per visit',
        'Every 2 weeks$245.30 per visit',
      ]);
      expect(screen.getByRole('radio', { name: /Just once/ })).toBeChecked();
      expect(screen.getByRole('radio', { name: /Weekly\s*10% off\s*\$220\.77 per visit/ })).not.toBeChecked();
    });

    it('asks nothing when the quote offers no plan', async () => {
      const { user } = setup();
      await toQuote(user);
      expect(screen.queryByRole('group', { name: 'How often?' })).not.toBeInTheDocument();
      expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    });

    it("books the chosen plan: its first dates from the chosen slot, a taken one to be proposed, and the plan's button", async () => {
      const api = planApi();
      api.on('GET /api/customer/plan-dates', (r) => ({
        status: 200,
        body: weeklyDates(r.query.get('date') ?? '', ['2026-12-25']),
      }));
      const { user } = setup(api);
      await weeklyDetails(user);
      expect(Object.fromEntries(api.last('GET /api/customer/plan-dates')?.query ?? [])).toEqual({
        businessId: BUSINESS_ID,
        serviceId: FULL,
        frequency: 'weekly',
        date: '2026-12-04',
        time: '09:00',
        address: '12 Main St, Beverly Hills, CA 90210, USA',
      });
      await waitFor(() =>
        expect(planLine()).toHaveTextContent(
          'Weekly at 9:00 AM: Fri Dec 4, Fri Dec 11 and Fri Dec 18 are free; Fri Dec 25: we will propose another time.',
        ),
      );
      expect(
        screen.getByText(/Full Detail, Friday, December 4, 2026 at 9:00 AM, \$220\.77 per visit/),
      ).toBeInTheDocument();
      await fillDetails(user);
      expect(screen.queryByRole('button', { name: 'Confirm booking' })).not.toBeInTheDocument();
      await next(user, 'Book weekly plan');
      await heading('Booking received');
      expect(api.last('POST /api/customer/book')?.body).toMatchObject({
        date: '2026-12-04',
        time: '09:00',
        frequency: 'weekly',
      });
    });

    it("offers to save the card, unticked, for a business that takes cards; ticked, Stripe's page saves it after booking", async () => {
      const api = fakeApi(demoBusiness({ savesCards: true }));
      api.on('POST /api/customer/quote', () => ({
        status: 200,
        body: { ...quote, distanceEstimatedFrom: null, plans: PLANS },
      }));
      api.on('GET /api/customer/plan-dates', (r) => ({ status: 200, body: weeklyDates(r.query.get('date') ?? '') }));
      api.on('POST /api/customer/book', () => ({ status: 201, body: { ...bookedBody(), cardSetup: true } }));
      api.on('POST /api/customer/checkout', () => ({
        status: 200,
        body: { url: 'https://checkout.stripe.test/c/setup/cs_9' },
      }));
      const leave = vi.fn();
      const { user } = setup(api, { leave });
      await weeklyDetails(user);
      const box = screen.getByRole('checkbox', { name: /Save my card for this business's future visits/ });
      expect(box).not.toBeChecked();
      await user.click(box);
      await fillDetails(user);
      await next(user, 'Book weekly plan');
      await waitFor(() => expect(leave).toHaveBeenCalledWith('https://checkout.stripe.test/c/setup/cs_9'));
      expect(api.last('POST /api/customer/book')?.body).toMatchObject({ frequency: 'weekly', saveCard: true });
      expect(api.last('POST /api/customer/checkout')?.body).toEqual({ bookingId: bookedBody().bookingId });
    });

    it('offers no card saving when the business takes no cards, and sends no saveCard', async () => {
      const api = planApi();
      api.on('GET /api/customer/plan-dates', (r) => ({ status: 200, body: weeklyDates(r.query.get('date') ?? '') }));
      const { user } = setup(api);
      await weeklyDetails(user);
      expect(screen.queryByRole('checkbox', { name: /Save my card/ })).not.toBeInTheDocument();
      await fillDetails(user);
      await next(user, 'Book weekly plan');
      await heading('Booking received');
      expect(api.last('POST /api/customer/book')?.body).not.toHaveProperty('saveCard');
    });

    it("shows a monthly plan's note, and a plan of several words in the button", async () => {
      const api = planApi({
        plans: [{ frequency: 'every_2_weeks', label: 'Every 2 weeks', discount: null, perVisit: 245.3 }],
      });
      api.on('GET /api/customer/plan-dates', () => ({
        status: 200,
        body: {
          label: 'Every 2 weeks',
          visits: [{ date: '2026-12-04', state: 'free' }],
          note: 'Not every month has a fifth Friday: those months have no visit.',
        },
      }));
      const { user } = setup(api);
      await toQuote(user);
      await user.click(screen.getByRole('radio', { name: /Every 2 weeks/ }));
      await pickSlot(user);
      await heading('Your details');
      await waitFor(() => expect(planLine()).toHaveTextContent('Every 2 weeks at 9:00 AM: Fri Dec 4 is free.'));
      expect(planLine()).toHaveTextContent('Not every month has a fifth Friday: those months have no visit.');
      expect(screen.getByRole('button', { name: 'Book plan every 2 weeks' })).toBeInTheDocument();
    });

    it("says plainly when the plan's dates cannot be checked, and books the plan all the same", async () => {
      const api = planApi();
      api.on('GET /api/customer/plan-dates', () => ({ status: 500, body: { error: 'boom' } }));
      const { user } = setup(api);
      await weeklyDetails(user);
      await waitFor(() => expect(planLine()).toHaveTextContent(MESSAGES.planDatesFailed));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await fillDetails(user);
      await next(user, 'Book weekly plan');
      await heading('Booking received');
      expect(api.last('POST /api/customer/book')?.body).toMatchObject({ frequency: 'weekly' });
    });

    it('confirms the plan with its price per visit and its visits, one to be given another time', async () => {
      const api = planApi();
      api.on('POST /api/customer/book', () => ({
        status: 201,
        body: {
          ...bookedBody(),
          calendarEvent: {
            ...bookedBody().calendarEvent,
            series: {
              uid: 'plan-44444444-4444-4444-8444-444444444444@api.test',
              rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=FR',
              timeZone: 'America/Los_Angeles',
              vtimezone: ['BEGIN:VTIMEZONE', 'TZID:America/Los_Angeles', 'END:VTIMEZONE'],
            },
          },
          totalQuote: 220.77,
          plan: {
            planId: '44444444-4444-4444-8444-444444444444',
            label: 'Weekly',
            perVisit: 220.77,
            visits: [
              { date: '2026-12-04', status: 'pending' },
              { date: '2026-12-11', status: 'pending' },
              { date: '2026-12-18', status: 'pending' },
              { date: '2026-12-25', status: 'needs_time' },
            ],
          },
        },
      }));
      const { user } = setup(api);
      await toQuote(user);
      await user.click(screen.getByRole('radio', { name: /Weekly/ }));
      await pickSlot(user);
      await fillDetails(user);
      await next(user, 'Book weekly plan');
      await heading('Booking received');
      expect(screen.getByText('Weekly plan booked: $220.77 per visit')).toBeInTheDocument();
      expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        'Fri Dec 4: booked',
        'Fri Dec 11: booked',
        'Fri Dec 18: booked',
        'Fri Dec 25: we will propose another time',
      ]);
      // The calendar links repeat: the plan's rule from the first visit, in the business's wall time and zone.
      const file = screen.getByRole('link', { name: 'Download .ics' });
      const ics = decodeURIComponent(
        (file.getAttribute('href') ?? '').replace(/^data:text\/calendar;charset=utf-8,/, ''),
      );
      expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles\r\nEND:VTIMEZONE\r\n');
      expect(ics).toContain('UID:plan-44444444-4444-4444-8444-444444444444@api.test\r\n');
      expect(ics).toContain('DTSTART;TZID=America/Los_Angeles:20261204T090000\r\n');
      expect(ics).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=FR\r\n');
      const google = new URL(screen.getByRole('link', { name: 'Google Calendar' }).getAttribute('href') ?? '');
      expect(Object.fromEntries(google.searchParams)).toMatchObject({
        dates: '20261204T090000/20261204T120000',
        ctz: 'America/Los_Angeles',
        recur: 'RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=FR',
      });
      expect(screen.getByText('Friday, December 4, 2026')).toBeInTheDocument();
    });

    it('books just once by default: no frequency sent, no plan dates asked', async () => {
      const api = planApi();
      const { user } = setup(api);
      await toQuote(user);
      await pickSlot(user);
      await fillDetails(user);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      await next(user, 'Confirm booking');
      await heading('Booking received');
      expect(api.last('POST /api/customer/book')?.body).not.toHaveProperty('frequency');
      expect(api.count('GET /api/customer/plan-dates')).toBe(0);
      expect(screen.queryByText(/plan booked/)).not.toBeInTheDocument();
    });

    it('keeps the choice going back and forth, and books just once when the customer changes their mind', async () => {
      const api = planApi();
      const { user } = setup(api);
      await toQuote(user);
      await user.click(screen.getByRole('radio', { name: /Every 2 weeks/ }));
      await pickSlot(user);
      await heading('Your details');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      await heading('Pick a date and time');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      await heading('Your instant quote');
      expect(screen.getByRole('radio', { name: /Every 2 weeks/ })).toBeChecked();
      await user.click(screen.getByRole('radio', { name: /Just once/ }));
      await pickSlot(user);
      await fillDetails(user);
      await next(user, 'Confirm booking');
      await heading('Booking received');
      expect(api.last('POST /api/customer/book')?.body).not.toHaveProperty('frequency');
    });

    it("pays the first visit's deposit at the plan's price, with the one-off button words", async () => {
      // The one-off booking would ask $61.33; the weekly plan's first visit, 10% off, asks $55.20.
      const api = planApi({
        deposit: { dueNow: 61.33, dueLater: 183.97 },
        plans: PLANS.map((p) =>
          p.frequency === 'weekly' ? { ...p, deposit: { dueNow: 55.2, dueLater: 165.57, everyVisit: true } } : p,
        ),
      });
      api.on('POST /api/customer/checkout', () => ({
        status: 200,
        body: { url: 'https://checkout.stripe.test/c/pay/cs_1' },
      }));
      api.on('POST /api/customer/book', (r) => ({
        status: 201,
        body: { ...bookedBody(), ...(r.body as object), status: 'awaiting_payment' },
      }));
      const leave = vi.fn();
      const { user } = setup(api, { leave });
      await weeklyDetails(user);
      expect(
        screen.getByText(/You pay the \$55\.20 deposit for the first visit on Stripe's secure page/),
      ).toHaveTextContent('Each later visit asks its deposit too, paid from the link in its e-mail.');
      await fillDetails(user);
      await next(user, 'Book and pay $55.20 deposit');
      await waitFor(() => expect(leave).toHaveBeenCalled());
      expect(api.last('POST /api/customer/book')?.body).toMatchObject({ frequency: 'weekly' });
    });
  });

  describe('going back and forth', () => {
    it('keeps every answer when going back to the start and forward again', async () => {
      const { user, api } = setup();
      await toDetails(user);
      for (const title of ['Pick a date and time', 'Your instant quote', 'Your address', 'A quick question']) {
        await user.click(screen.getByRole('button', { name: 'Back' }));
        await heading(title);
      }
      expect(screen.getByLabelText('Vehicle size')).toHaveValue('SUV');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      await heading('Choose a service');
      expect(screen.getByRole('radio', { name: /Full Detail/ })).toBeChecked();

      await next(user);
      await heading('A quick question');
      await next(user);
      await heading('Your address');
      expect(screen.getByRole('combobox', { name: 'Street address' })).toHaveValue(
        '12 Main St, Beverly Hills, CA 90210, USA',
      );
      await next(user, 'Get my quote');
      await heading('Your instant quote');
      await next(user, 'Choose a time');
      await heading('Pick a date and time');
      expect(await screen.findByRole('button', { name: '9:00 AM' })).toHaveAttribute('aria-pressed', 'true');
      await next(user, 'Continue');
      await heading('Your details');
      expect(screen.getByLabelText('First name')).toHaveValue('Ana');
      expect(screen.getByLabelText('Last name')).toHaveValue('Lopez');
      expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
      expect(screen.getByLabelText('Phone number')).toHaveValue('310 555 0199');
      expect(api.count('POST /api/customer/quote')).toBe(2);
    });

    it('keeps answers over a close and a reopen', async () => {
      const { user, store } = setup();
      await chooseService(user);
      await answerQuestion(user);
      await user.click(screen.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      store.open('book');
      await heading('Your address');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(await screen.findByLabelText('Vehicle size')).toHaveValue('SUV');
    });

    it('closes with Escape and with Close at any step', async () => {
      const { user, onClose } = setup();
      await chooseService(user);
      await heading('A quick question');
      await user.keyboard('{Escape}');
      expect(onClose).toHaveBeenCalledTimes(1);
    });
  });

  describe('a message where the customer is looking', () => {
    it('scrolls a failed Confirm into view and moves focus to it, an alert, with every detail kept', async () => {
      const api = fakeApi();
      api.on('POST /api/customer/book', () => new TypeError('Failed to fetch'));
      const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
      const { user } = setup(api);
      await toDetails(user);
      await next(user, 'Confirm booking');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Could not reach the server.');
      await waitFor(() => expect(alert).toHaveFocus());
      expect(scrolled.mock.contexts).toContain(alert);
      expect(screen.getByLabelText('First name')).toHaveValue('Ana');
      expect(screen.getByLabelText('Last name')).toHaveValue('Lopez');
      expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
      expect(screen.getByLabelText('Phone number')).toHaveValue('310 555 0199');
      // Pressed again and refused again: brought into view again, though the words are the same.
      scrolled.mockClear();
      await next(user, 'Confirm booking');
      await waitFor(() => expect(scrolled.mock.contexts).toContain(screen.getByRole('alert')));
    });

    it('moves focus to the field a message concerns, and scrolls it into view', async () => {
      const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
      const { user } = setup();
      await toDetails(user);
      await user.clear(screen.getByLabelText('Email'));
      await next(user, 'Confirm booking');
      const email = screen.getByLabelText('Email');
      await waitFor(() => expect(email).toHaveFocus());
      expect(email).toHaveAccessibleDescription(MESSAGES.email);
      expect(scrolled.mock.contexts).toContain(email.closest('.sw-field'));
    });

    it('moves focus to the address box when the address is missing', async () => {
      const { user } = setup();
      await chooseService(user);
      await answerQuestion(user);
      await heading('Your address');
      await next(user, 'Get my quote');
      expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.address);
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'Street address' })).toHaveFocus());
    });
  });

  it('shows a retry when the business cannot be loaded', async () => {
    const api = fakeApi();
    api.on(`GET /api/customer/business/${BUSINESS_ID}`, () => ({ status: 500, body: {} }));
    const { user } = setup(api);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loadFailed);
    api.on(`GET /api/customer/business/${BUSINESS_ID}`, () => ({ status: 200, body: demoBusiness() }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: /Full Detail/ })).toBeInTheDocument();
  });
});

function bookedBody() {
  return {
    bookingId: '33333333-3333-4333-8333-333333333333',
    status: 'pending',
    totalQuote: 245.3,
    bookingTime: { day: '2026-12-04', startTime: '09:00', endTime: '12:00' },
    calendarEvent: {
      uid: 'booking-33333333-3333-4333-8333-333333333333@api.test',
      startsAt: '2026-12-04T17:00:00.000Z',
      endsAt: '2026-12-04T20:00:00.000Z',
    },
  };
}
