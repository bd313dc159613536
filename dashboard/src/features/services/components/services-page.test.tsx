import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { shownToasts } from '../../../components/toaster.tsx';
import {
  BUSINESS_ID,
  deferred,
  type FakeRequest,
  fakeApi,
  type Handler,
  type Reply,
} from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { loadingSkeleton } from '../../../testing/skeleton.ts';
import { storeToken } from '../../../testing/tokens.ts';

const B = '/api/business-dashboard';
const wash = { _id: '11111111-1111-4111-8111-111111111111', serviceName: 'Basic Wash', duration: 45, price: 25 };

const bookingPage = (slug: string) => ({
  slug,
  url: `https://book.example.com/book/${slug}`,
  qrSvgUrl: `https://book.example.com/book/${slug}/qr.svg`,
  qrPngUrl: `https://book.example.com/book/${slug}/qr.png`,
});

function servicesApi(over: Record<string, Handler | Reply> = {}) {
  storeToken();
  return fakeApi({
    [`GET ${B}/business-details`]: { body: { businessId: BUSINESS_ID } },
    [`GET ${B}/settings/quote-questions`]: { body: { questions: [] } },
    [`GET ${B}/services`]: { body: { services: [wash] } },
    [`GET ${B}/settings/distance-pricing`]: {
      body: { chargeForDistance: false, pricePerMile: 0, nearbyShare: 'none', nearbyFloor: 0 },
    },
    [`GET ${B}/booking-page`]: { body: bookingPage('shiny-cars') },
    ...over,
  });
}

const section = (name: string) => screen.getByText(name, { selector: 'h2' }).closest('section') as HTMLElement;

describe('Services page: Booking Page', { timeout: 20_000 }, () => {
  it('shows the link, copies it (ticking the checklist item) and offers the QR code as SVG and PNG', async () => {
    const api = servicesApi({
      [`POST ${B}/checklist/link-shared`]: { body: { items: [{ id: 'booking-link', done: true }], dismissed: false } },
    });
    const { user } = renderApp('/dashboard/services');
    const box = await within(section('Booking Page')).findByRole('textbox', { name: 'Booking page link' });
    expect(box).toHaveValue('https://book.example.com/book/shiny-cars');
    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(await navigator.clipboard.readText()).toBe('https://book.example.com/book/shiny-cars');
    expect(shownToasts()).toContainEqual('Booking link copied to clipboard!');
    await waitFor(() => expect(api.callsTo(`POST ${B}/checklist/link-shared`)).toHaveLength(1));
    const svg = screen.getByRole('link', { name: 'Download QR (SVG)' });
    expect(svg).toHaveAttribute('href', 'https://book.example.com/book/shiny-cars/qr.svg');
    expect(svg).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: 'Download QR (PNG)' })).toHaveAttribute(
      'href',
      'https://book.example.com/book/shiny-cars/qr.png',
    );
    expect(screen.getByRole('img', { name: /QR code of/ })).toHaveAttribute(
      'src',
      'https://book.example.com/book/shiny-cars/qr.svg',
    );
  });

  it("changes the address, and shows the server's reason when it is refused", async () => {
    let attempt = 0;
    const api = servicesApi({
      [`PUT ${B}/booking-page`]: () =>
        ++attempt === 1
          ? {
              status: 409,
              body: { error: 'Another business uses /book/joes (or did); choose another address.', code: 'SLUG_TAKEN' },
            }
          : { body: bookingPage('joes-wash') },
    });
    const { user } = renderApp('/dashboard/services');
    const input = await within(section('Booking Page')).findByLabelText('Page address');
    await user.clear(input);
    await user.type(input, 'joes');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Another business uses /book/joes');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, 'joes-wash');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Booking page link' })).toHaveValue(
        'https://book.example.com/book/joes-wash',
      ),
    );
    expect(api.callsTo(`PUT ${B}/booking-page`).map((c) => c.body)).toEqual([{ slug: 'joes' }, { slug: 'joes-wash' }]);
  });
});

// These pages hold over a thousand form controls; jsdom is slow with them on a busy machine.
describe('Services page: Embed Code', { timeout: 20_000 }, () => {
  it('shows the script tag with this origin and the business id, and copies it', async () => {
    servicesApi();
    const { user } = renderApp('/dashboard/services');
    const script = `<script src="${window.location.origin}/widget.js" data-business-id="${BUSINESS_ID}" async></script>`;
    const box = await within(section('Embed Code')).findByRole('textbox');
    expect(box).toHaveValue(script);
    expect(box).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Copy Script' }));
    // user-event gives the page a working clipboard; read back what was copied.
    expect(await navigator.clipboard.readText()).toBe(script);
    expect(shownToasts()).toContainEqual('Script copied to clipboard!');
  });

  it('offers the inline form too: a target element and the tag with data-mode="inline"', async () => {
    servicesApi();
    const { user } = renderApp('/dashboard/services');
    const box = await within(section('Embed Code')).findByRole('textbox');
    expect(screen.getByRole('radio', { name: /Pop-up button/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Inline form/ }));
    const code = `<div id="book-here"></div>\n<script src="${window.location.origin}/widget.js" data-business-id="${BUSINESS_ID}" data-mode="inline" data-target="book-here" async></script>`;
    expect(box).toHaveValue(code);
    await user.click(screen.getByRole('button', { name: 'Copy Script' }));
    expect(await navigator.clipboard.readText()).toBe(code);
  });

  it("tells the server the code was copied (the first-day checklist's item), and only when it was", async () => {
    const api = servicesApi({
      [`POST ${B}/checklist/embed-copied`]: { body: { items: [{ id: 'embed', done: true }], dismissed: false } },
    });
    const { user } = renderApp('/dashboard/services');
    await within(section('Embed Code')).findByRole('textbox');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy Script' }));
    await waitFor(() =>
      expect(shownToasts()).toContainEqual('Could not copy the script. Select it in the box and copy it by hand.'),
    );
    expect(api.callsTo(`POST ${B}/checklist/embed-copied`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Copy Script' }));
    await waitFor(() => expect(api.callsTo(`POST ${B}/checklist/embed-copied`)).toHaveLength(1));
  });

  it('opens on the section a link names (#embed-code, #services-list)', async () => {
    const scrolled: string[] = [];
    // jsdom lays nothing out and has no scrollIntoView: record what would have been scrolled to.
    const jsdomHas = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    try {
      servicesApi();
      renderApp('/dashboard/services#services-list');
      await waitFor(() => expect(scrolled).toEqual(['services-list']));
      expect(document.getElementById('services-list')).toBe(section('Services'));
      expect(document.getElementById('embed-code')).toBe(section('Embed Code'));
    } finally {
      Element.prototype.scrollIntoView = jsdomHas;
    }
  });

  it('says when the business details cannot be fetched', async () => {
    servicesApi({ [`GET ${B}/business-details`]: { status: 500 } });
    renderApp('/dashboard/services');
    expect(await within(section('Embed Code')).findByText('Failed to fetch business details')).toBeInTheDocument();
  });
});

describe('Services page: Quote Questions', { timeout: 20_000 }, () => {
  const SIZE = {
    _id: '33333333-3333-4333-8333-333333333333',
    question: 'Vehicle size',
    type: 'dropdown',
    options: [
      { text: 'Sedan', value: 0, extraMinutes: 0 },
      { text: 'SUV', value: 25, extraMinutes: 30 },
    ],
    rate: null,
    unit: null,
    minQuantity: null,
    maxQuantity: null,
    required: true,
    serviceIds: null,
  };

  it('shows the saved questions, adds a yes/no one for a chosen service, and saves them in order', async () => {
    const api = servicesApi({
      [`GET ${B}/settings/quote-questions`]: { body: { questions: [SIZE] } },
      [`PUT ${B}/settings/quote-questions`]: (req: FakeRequest) => ({
        body: { questions: (req.body as { questions: object[] }).questions.map((q) => ({ ...SIZE, ...q })) },
      }),
    });
    const { user } = renderApp('/dashboard/services');
    const s = section('Quote Questions');
    expect(await within(s).findByLabelText('Question 1 text')).toHaveValue('Vehicle size');
    expect(within(s).getByLabelText('Question 1 option 2 extra minutes')).toHaveValue(30);
    await user.click(within(s).getByRole('button', { name: 'Add Question' }));
    await user.type(within(s).getByLabelText('Question 2 text'), 'Spa?');
    await user.selectOptions(within(s).getByLabelText('Question 2 type'), 'yes_no');
    await user.type(within(s).getByLabelText('Question 2 amount for yes ($)'), '15');
    await user.click(within(s).getByLabelText('Question 2 must be answered'));
    const q2 = within(s).getByText('Question 2 is asked for').closest('fieldset') as HTMLElement;
    await user.click(within(q2).getByLabelText('Every service'));
    await user.click(within(q2).getByLabelText('Basic Wash'));
    await user.click(within(s).getByRole('button', { name: 'Move question 2 up' }));
    await user.click(within(s).getByRole('button', { name: 'Save Questions' }));
    await waitFor(() => expect(api.callsTo(`PUT ${B}/settings/quote-questions`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${B}/settings/quote-questions`)[0]?.body).toEqual({
      questions: [
        { question: 'Spa?', type: 'yes_no', required: false, serviceIds: [wash._id], rate: 15 },
        {
          question: 'Vehicle size',
          type: 'dropdown',
          required: true,
          serviceIds: null,
          options: [
            { text: 'Sedan', value: 0, extraMinutes: 0 },
            { text: 'SUV', value: 25, extraMinutes: 30 },
          ],
        },
      ],
    });
    expect(shownToasts()).toContainEqual('Quote questions saved');
  });

  it("shows the server's reason when the save is refused, and when the questions cannot be fetched", async () => {
    servicesApi({
      [`PUT ${B}/settings/quote-questions`]: {
        status: 400,
        body: { error: 'Add at least one option to a dropdown question.', code: 'VALIDATION_FAILED' },
      },
    });
    const { user } = renderApp('/dashboard/services');
    const s = section('Quote Questions');
    await user.click(await within(s).findByRole('button', { name: 'Add Question' }));
    await user.type(within(s).getByLabelText('Question 1 text'), 'Size');
    await user.click(within(s).getByRole('button', { name: 'Save Questions' }));
    expect(await within(s).findByText('Failed to save the quote questions')).toBeInTheDocument();
    expect(within(s).getByText(/Add at least one option to a dropdown question/)).toBeInTheDocument();
  });

  it('says when the questions cannot be fetched', async () => {
    servicesApi({ [`GET ${B}/settings/quote-questions`]: { status: 500, body: { error: 'x', code: 'INTERNAL' } } });
    renderApp('/dashboard/services');
    expect(
      await within(section('Quote Questions')).findByText('Failed to fetch the quote questions'),
    ).toBeInTheDocument();
  });
});

describe('Services page: Services list', { timeout: 20_000 }, () => {
  it('shows a skeleton, then each service with its duration and price', async () => {
    const answer = deferred<Reply>();
    servicesApi({ [`GET ${B}/services`]: () => answer.promise });
    renderApp('/dashboard/services');
    const s = section('Services');
    await within(s).findByText('Loading...');
    loadingSkeleton(within(s));
    answer.resolve({ body: { services: [wash] } });
    expect(await within(s).findByText('Basic Wash')).toBeInTheDocument();
    expect(within(s).getByText('45 min · $25.00')).toBeInTheDocument();
  });

  it('says when there are no services yet', async () => {
    servicesApi({ [`GET ${B}/services`]: { body: { services: [] } } });
    renderApp('/dashboard/services');
    expect(
      await within(section('Services')).findByText('No services yet. Add your first one above.'),
    ).toBeInTheDocument();
  });

  it('adds a service with the defaults 30 minutes and $0 prefilled', async () => {
    const created = { _id: '22222222-2222-4222-8222-222222222222', serviceName: 'Full Detail', duration: 30, price: 0 };
    const api = servicesApi({ [`POST ${B}/service/add`]: { status: 201, body: created } });
    const { user } = renderApp('/dashboard/services');
    const form = await screen.findByRole('form', { name: 'Add a service' });
    expect(within(form).getByLabelText('Duration (minutes)')).toHaveValue(30);
    expect(within(form).getByLabelText('Price ($)')).toHaveValue(0);
    await user.type(within(form).getByLabelText('Service Name'), 'Full Detail');
    await user.click(within(form).getByRole('button', { name: 'Add Service' }));
    expect(await within(section('Services')).findByText('Full Detail')).toBeInTheDocument();
    expect(api.callsTo(`POST ${B}/service/add`)[0]?.body).toEqual({
      serviceName: 'Full Detail',
      duration: 30,
      price: 0,
      deposit: null,
      plans: [],
      addOns: [],
    });
    expect(within(form).getByLabelText('Service Name')).toHaveValue('');
  });

  it('adds a service with a deposit of its own, offering the amount or percent only when it needs one', async () => {
    const api = servicesApi({
      [`POST ${B}/service/add`]: (req: FakeRequest) => ({
        status: 201,
        body: { _id: '22222222-2222-4222-8222-222222222222', ...(req.body as object) },
      }),
    });
    const { user } = renderApp('/dashboard/services');
    const form = await screen.findByRole('form', { name: 'Add a service' });
    const deposit = within(form).getByLabelText('Deposit');
    expect(deposit).toHaveValue('default');
    expect(
      within(deposit)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Business default', 'No deposit', 'Fixed amount', 'Percentage', 'Full price']);
    expect(within(form).queryByLabelText('Deposit amount ($)')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Service Name'), 'Ceramic Coat');
    await user.selectOptions(deposit, 'fixed');
    await user.type(within(form).getByLabelText('Deposit amount ($)'), '40');
    await user.selectOptions(deposit, 'percent');
    expect(within(form).queryByLabelText('Deposit amount ($)')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Deposit percent (%)'), '25');
    await user.click(within(form).getByRole('button', { name: 'Add Service' }));
    const s = section('Services');
    expect(await within(s).findByText('Deposit: 25%')).toBeInTheDocument();
    expect(api.callsTo(`POST ${B}/service/add`)[0]?.body).toEqual({
      serviceName: 'Ceramic Coat',
      duration: 30,
      price: 0,
      deposit: { kind: 'percent', percent: 25 },
      plans: [],
      addOns: [],
    });
    // The form starts again from the business's rule.
    expect(within(form).getByLabelText('Deposit')).toHaveValue('default');
  });

  it('asks for the deposit amount before sending', async () => {
    const api = servicesApi();
    const { user } = renderApp('/dashboard/services');
    const form = await screen.findByRole('form', { name: 'Add a service' });
    await user.type(within(form).getByLabelText('Service Name'), 'Wax');
    await user.selectOptions(within(form).getByLabelText('Deposit'), 'fixed');
    await user.click(within(form).getByRole('button', { name: 'Add Service' }));
    expect(within(section('Services')).getByRole('alert')).toHaveTextContent('Deposit amount must be a number.');
    expect(api.callsTo(`POST ${B}/service/add`)).toHaveLength(0);
  });

  it('notes each service that has a deposit of its own', async () => {
    servicesApi({
      [`GET ${B}/services`]: {
        body: {
          services: [
            { ...wash, deposit: null },
            {
              ...wash,
              _id: '33333333-3333-4333-8333-333333333333',
              serviceName: 'Polish',
              deposit: { kind: 'fixed', amount: 40 },
            },
            { ...wash, _id: '44444444-4444-4444-8444-444444444444', serviceName: 'Tint', deposit: { kind: 'none' } },
            { ...wash, _id: '55555555-5555-4555-8555-555555555555', serviceName: 'Coat', deposit: { kind: 'full' } },
          ],
        },
      },
    });
    renderApp('/dashboard/services');
    const list = await within(section('Services')).findByRole('list', { name: 'Your services' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.service-deposit')?.textContent ?? null)).toEqual([
      null,
      'Deposit: $40.00',
      'No deposit',
      'Deposit: full price',
    ]);
  });

  it("edits a service's deposit, and sends null to go back to the business default", async () => {
    const api = servicesApi({
      [`GET ${B}/services`]: { body: { services: [{ ...wash, deposit: { kind: 'fixed', amount: 40 } }] } },
      [`PUT ${B}/service/edit/:id`]: (req: FakeRequest) => ({ body: { _id: req.params.id, ...(req.body as object) } }),
    });
    const { user } = renderApp('/dashboard/services');
    const s = section('Services');
    expect(await within(s).findByText('Deposit: $40.00')).toBeInTheDocument();
    await user.click(within(s).getByRole('button', { name: 'Edit' }));
    const form = within(s).getByRole('form', { name: 'Edit Basic Wash' });
    expect(within(form).getByLabelText('Deposit')).toHaveValue('fixed');
    expect(within(form).getByLabelText('Deposit amount ($)')).toHaveValue(40);
    await user.selectOptions(within(form).getByLabelText('Deposit'), 'default');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(s).queryByText('Deposit: $40.00')).not.toBeInTheDocument());
    expect(api.callsTo(`PUT ${B}/service/edit/:id`)[0]?.body).toEqual({
      serviceName: 'Basic Wash',
      duration: 45,
      price: 25,
      deposit: null,
      plans: [],
      addOns: [],
    });
  });

  it('adds a service offered as plans, each ticked frequency with its discount', async () => {
    const api = servicesApi({
      [`POST ${B}/service/add`]: (req: FakeRequest) => ({
        status: 201,
        body: { _id: '22222222-2222-4222-8222-222222222222', ...(req.body as object) },
      }),
    });
    const { user } = renderApp('/dashboard/services');
    const form = await screen.findByRole('form', { name: 'Add a service' });
    const plans = within(form).getByRole('group', { name: 'Plans' });
    expect(
      within(plans)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Weekly', 'Every 2 weeks', 'Every 4 weeks', 'Monthly (same weekday)']);
    // A discount is asked for only once its frequency is ticked.
    expect(within(form).queryByLabelText('Discount')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Service Name'), 'Pool Cleaning');
    await user.click(within(plans).getByRole('checkbox', { name: 'Weekly' }));
    const weekly = within(plans).getByRole('group', { name: 'Weekly' });
    const discount = within(weekly).getByLabelText('Discount');
    expect(discount).toHaveValue('none');
    expect(
      within(discount)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No discount', 'Percent off', 'Amount off']);
    await user.selectOptions(discount, 'percent');
    const percent = within(weekly).getByLabelText('Percent off (%)');
    expect(percent).toHaveAttribute('min', '1');
    expect(percent).toHaveAttribute('max', '90');
    await user.type(percent, '10');
    await user.click(within(plans).getByRole('checkbox', { name: 'Every 2 weeks' }));
    await user.click(within(plans).getByRole('checkbox', { name: 'Monthly (same weekday)' }));
    const monthly = within(plans).getByRole('group', { name: 'Monthly (same weekday)' });
    await user.selectOptions(within(monthly).getByLabelText('Discount'), 'amount');
    await user.type(within(monthly).getByLabelText('Amount off ($)'), '7.50');
    await user.click(within(form).getByRole('button', { name: 'Add Service' }));
    const s = section('Services');
    expect(await within(s).findByText('Weekly −10%, Every 2 weeks, Monthly −$7.50')).toBeInTheDocument();
    expect(api.callsTo(`POST ${B}/service/add`)[0]?.body).toEqual({
      serviceName: 'Pool Cleaning',
      duration: 30,
      price: 0,
      deposit: null,
      plans: [
        { frequency: 'weekly', discount: { kind: 'percent', percent: 10 } },
        { frequency: 'every_2_weeks', discount: null },
        { frequency: 'monthly', discount: { kind: 'amount', amount: 7.5 } },
      ],
      addOns: [],
    });
    // The form starts again with no plans.
    expect(within(plans).getByRole('checkbox', { name: 'Weekly' })).not.toBeChecked();
  });

  it("refuses a plan's discount out of bounds before sending", async () => {
    const api = servicesApi();
    const { user } = renderApp('/dashboard/services');
    const form = await screen.findByRole('form', { name: 'Add a service' });
    await user.type(within(form).getByLabelText('Service Name'), 'Pool Cleaning');
    await user.click(within(form).getByRole('checkbox', { name: 'Every 4 weeks' }));
    const row = within(form).getByRole('group', { name: 'Every 4 weeks' });
    await user.selectOptions(within(row).getByLabelText('Discount'), 'percent');
    await user.type(within(row).getByLabelText('Percent off (%)'), '95');
    await user.click(within(form).getByRole('button', { name: 'Add Service' }));
    expect(within(section('Services')).getByRole('alert')).toHaveTextContent(
      'Every 4 weeks: the discount must be a whole percent from 1 to 90.',
    );
    expect(api.callsTo(`POST ${B}/service/add`)).toHaveLength(0);
  });

  it("shows each service's plans in the list, and nothing for a one-off service", async () => {
    servicesApi({
      [`GET ${B}/services`]: {
        body: {
          services: [
            {
              ...wash,
              plans: [
                { frequency: 'weekly', discount: { kind: 'percent', percent: 10 } },
                { frequency: 'every_2_weeks', discount: null },
              ],
            },
            { ...wash, _id: '33333333-3333-4333-8333-333333333333', serviceName: 'Polish', plans: [] },
            { ...wash, _id: '44444444-4444-4444-8444-444444444444', serviceName: 'Tint' },
          ],
        },
      },
    });
    renderApp('/dashboard/services');
    const list = await within(section('Services')).findByRole('list', { name: 'Your services' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.service-plans')?.textContent ?? null)).toEqual([
      'Plans: ↻ Weekly −10%, Every 2 weeks',
      null,
      null,
    ]);
  });

  it("edits a service's plans: the ticked ones start from the service, and untick to stop offering one", async () => {
    const api = servicesApi({
      [`GET ${B}/services`]: {
        body: {
          services: [
            {
              ...wash,
              plans: [
                { frequency: 'weekly', discount: { kind: 'amount', amount: 5 } },
                { frequency: 'every_2_weeks', discount: null },
              ],
            },
          ],
        },
      },
      [`PUT ${B}/service/edit/:id`]: (req: FakeRequest) => ({ body: { _id: req.params.id, ...(req.body as object) } }),
    });
    const { user } = renderApp('/dashboard/services');
    const s = section('Services');
    expect(await within(s).findByText('Weekly −$5, Every 2 weeks')).toBeInTheDocument();
    await user.click(within(s).getByRole('button', { name: 'Edit' }));
    const form = within(s).getByRole('form', { name: 'Edit Basic Wash' });
    const weekly = within(form).getByRole('group', { name: 'Weekly' });
    expect(within(weekly).getByRole('checkbox', { name: 'Weekly' })).toBeChecked();
    expect(within(weekly).getByLabelText('Discount')).toHaveValue('amount');
    expect(within(weekly).getByLabelText('Amount off ($)')).toHaveValue(5);
    expect(within(form).getByRole('checkbox', { name: 'Every 2 weeks' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Every 4 weeks' })).not.toBeChecked();
    await user.click(within(form).getByRole('checkbox', { name: 'Every 2 weeks' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(s).findByText('Weekly −$5')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${B}/service/edit/:id`)[0]?.body).toEqual({
      serviceName: 'Basic Wash',
      duration: 45,
      price: 25,
      deposit: null,
      plans: [{ frequency: 'weekly', discount: { kind: 'amount', amount: 5 } }],
      addOns: [],
    });
  });

  it('adds a service with add-ons: name, price, extra minutes and a description', async () => {
    const api = servicesApi({
      [`POST ${B}/service/add`]: (req: FakeRequest) => ({
        status: 201,
        body: { _id: '44444444-4444-4444-8444-444444444444', ...(req.body as object), addOns: [] },
      }),
    });
    const { user } = renderApp('/dashboard/services');
    const form = await screen.findByRole('form', { name: 'Add a service' });
    await user.type(within(form).getByLabelText('Service Name'), 'Full Detail');
    await user.click(within(form).getByRole('button', { name: 'Add Add-on' }));
    await user.type(within(form).getByLabelText('Add-on 1 name'), 'Pet hair removal');
    await user.click(within(form).getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByText('Give each add-on a name and a price.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${B}/service/add`)).toHaveLength(0);
    await user.type(within(form).getByLabelText('Add-on 1 price ($)'), '30');
    await user.type(within(form).getByLabelText('Add-on 1 extra minutes'), '30');
    await user.type(within(form).getByLabelText('Add-on 1 description (optional)'), 'Vacuum and brush');
    await user.click(within(form).getByRole('button', { name: 'Add Service' }));
    await waitFor(() => expect(api.callsTo(`POST ${B}/service/add`)).toHaveLength(1));
    expect(api.callsTo(`POST ${B}/service/add`)[0]?.body).toMatchObject({
      addOns: [{ name: 'Pet hair removal', price: 30, extraMinutes: 30, description: 'Vacuum and brush' }],
    });
  });

  it('asks for a name, duration and price', async () => {
    const api = servicesApi();
    const { user } = renderApp('/dashboard/services');
    const form = await screen.findByRole('form', { name: 'Add a service' });
    await user.type(within(form).getByLabelText('Service Name'), 'Wax');
    await user.clear(within(form).getByLabelText('Price ($)'));
    await user.click(within(form).getByRole('button', { name: 'Add Service' }));
    expect(within(section('Services')).getByRole('alert')).toHaveTextContent(
      'Please provide a service name, duration, and price.',
    );
    expect(api.callsTo(`POST ${B}/service/add`)).toHaveLength(0);
  });

  it('shows add failures with the server reason', async () => {
    servicesApi({
      [`POST ${B}/service/add`]: { status: 400, body: { error: 'Duration must be at least 5 minutes.' } },
    });
    const { user } = renderApp('/dashboard/services');
    const form = await screen.findByRole('form', { name: 'Add a service' });
    await user.type(within(form).getByLabelText('Service Name'), 'Wax');
    await user.click(within(form).getByRole('button', { name: 'Add Service' }));
    const alert = await within(section('Services')).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to add service');
    expect(alert).toHaveTextContent('Duration must be at least 5 minutes.');
  });

  it('edits a service inline', async () => {
    const api = servicesApi({
      [`PUT ${B}/service/edit/:id`]: (req: FakeRequest) => ({ body: { _id: req.params.id, ...(req.body as object) } }),
    });
    const { user } = renderApp('/dashboard/services');
    const s = section('Services');
    await user.click(await within(s).findByRole('button', { name: 'Edit' }));
    const form = within(s).getByRole('form', { name: 'Edit Basic Wash' });
    expect(within(form).getByLabelText('Service Name')).toHaveValue('Basic Wash');
    await user.clear(within(form).getByLabelText('Price ($)'));
    await user.type(within(form).getByLabelText('Price ($)'), '30');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(s).findByText('45 min · $30.00')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${B}/service/edit/:id`)[0]?.body).toEqual({
      serviceName: 'Basic Wash',
      duration: 45,
      price: 30,
      deposit: null,
      plans: [],
      addOns: [],
    });
    expect(api.callsTo(`PUT ${B}/service/edit/:id`)[0]?.params.id).toBe(wash._id);
  });

  it('lets a service choose who confirms its bookings, and says so on its card', async () => {
    const api = servicesApi({
      [`PUT ${B}/service/edit/:id`]: (req: FakeRequest) => ({ body: { _id: req.params.id, ...(req.body as object) } }),
    });
    const { user } = renderApp('/dashboard/services');
    const s = section('Services');
    await user.click(await within(s).findByRole('button', { name: 'Edit' }));
    const form = within(s).getByRole('form', { name: 'Edit Basic Wash' });
    const choice = within(form).getByLabelText('Confirming bookings');
    expect(choice).toHaveValue('business');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Use the business setting', 'Confirm myself', 'Confirm automatically']);
    await user.selectOptions(choice, 'Confirm automatically');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(s).findByText('Its bookings are confirmed automatically')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${B}/service/edit/:id`)[0]?.body).toMatchObject({ confirmation: 'automatically' });
  });

  it('shows edit failures and keeps the form', async () => {
    servicesApi({ [`PUT ${B}/service/edit/:id`]: { status: 404, body: { error: 'Service not found.' } } });
    const { user } = renderApp('/dashboard/services');
    const s = section('Services');
    await user.click(await within(s).findByRole('button', { name: 'Edit' }));
    await user.click(within(s).getByRole('button', { name: 'Save' }));
    expect(await within(s).findByRole('alert')).toHaveTextContent('Failed to update service');
    expect(within(s).getByRole('form', { name: 'Edit Basic Wash' })).toBeInTheDocument();
  });

  it('deletes a service only after confirmation', async () => {
    const api = servicesApi({ [`DELETE ${B}/service/delete/:id`]: { body: { message: 'Deleted.' } } });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = renderApp('/dashboard/services');
    const s = section('Services');
    await user.click(await within(s).findByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(api.callsTo(`DELETE ${B}/service/delete/:id`)).toHaveLength(0);
    await user.click(within(s).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(s).queryByText('Basic Wash')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE ${B}/service/delete/:id`)[0]?.params.id).toBe(wash._id);
  });

  it('shows delete and fetch failures', async () => {
    servicesApi({ [`DELETE ${B}/service/delete/:id`]: { status: 500 } });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderApp('/dashboard/services');
    const s = section('Services');
    await user.click(await within(s).findByRole('button', { name: 'Delete' }));
    expect(await within(s).findByRole('alert')).toHaveTextContent('Failed to delete service');
    expect(within(s).getByText('Basic Wash')).toBeInTheDocument();
  });

  it('says when the services cannot be fetched', async () => {
    servicesApi({ [`GET ${B}/services`]: { status: 500 } });
    renderApp('/dashboard/services');
    expect(await within(section('Services')).findByText('Failed to fetch services')).toBeInTheDocument();
  });
});

describe('Services page: Distance Pricing', { timeout: 20_000 }, () => {
  it.each(['', '0', '-1'])('refuses a rate of %j', async (rate) => {
    const api = servicesApi();
    const { user } = renderApp('/dashboard/services');
    const s = section('Distance Pricing');
    await user.click(await within(s).findByRole('switch', { name: 'Charge for distance' }));
    const input = within(s).getByLabelText('Price per Mile ($)');
    if (rate) await user.type(input, rate);
    await user.click(within(s).getByRole('button', { name: 'Save Distance Pricing' }));
    expect(within(s).getByRole('alert')).toHaveTextContent('Distance pricing rate must be greater than 0.');
    expect(api.callsTo(`PUT ${B}/settings/update-distance-pricing`)).toHaveLength(0);
  });

  it('saves a rate and alerts success', async () => {
    const api = servicesApi({
      [`GET ${B}/settings/distance-pricing`]: {
        body: { chargeForDistance: true, pricePerMile: 1.25, nearbyShare: 'none', nearbyFloor: 0 },
      },
      [`PUT ${B}/settings/update-distance-pricing`]: (req: FakeRequest) => ({ body: req.body }),
    });
    const { user } = renderApp('/dashboard/services');
    const s = section('Distance Pricing');
    const input = await within(s).findByLabelText('Price per Mile ($)');
    expect(within(s).getByRole('switch', { name: 'Charge for distance' })).toBeChecked();
    expect(input).toHaveValue(1.25);
    expect(within(s).getByText('Currently $1.25 per mile.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '2');
    await user.click(within(s).getByRole('button', { name: 'Save Distance Pricing' }));
    await waitFor(() => expect(shownToasts()).toContainEqual('Distance pricing updated successfully'));
    expect(api.callsTo(`PUT ${B}/settings/update-distance-pricing`)[0]?.body).toEqual({
      chargeForDistance: true,
      pricePerMile: 2,
      nearbyShare: 'none',
      nearbyFloor: 0,
    });
    expect(within(s).getByText('Currently $2.00 per mile.')).toBeInTheDocument();
  });

  it('shares a nearby saving with the customer, down to a lowest travel charge (docs/decisions/055)', async () => {
    const api = servicesApi({
      [`GET ${B}/settings/distance-pricing`]: {
        body: { chargeForDistance: true, pricePerMile: 1.25, nearbyShare: 'none', nearbyFloor: 0 },
      },
      [`PUT ${B}/settings/update-distance-pricing`]: (req: FakeRequest) => ({ body: req.body }),
    });
    const { user } = renderApp('/dashboard/services');
    const s = section('Distance Pricing');
    const share = await within(s).findByLabelText('Nearby discount: share of the saving to the customer');
    expect(share).toHaveValue('none');
    expect(within(s).queryByLabelText('Lowest travel charge ($)')).not.toBeInTheDocument();
    await user.selectOptions(share, 'All');
    const floor = within(s).getByLabelText('Lowest travel charge ($)');
    await user.type(floor, '-1');
    await user.click(within(s).getByRole('button', { name: 'Save Distance Pricing' }));
    expect(within(s).getByRole('alert')).toHaveTextContent('Lowest travel charge must be 0 or more');
    expect(api.callsTo(`PUT ${B}/settings/update-distance-pricing`)).toHaveLength(0);
    await user.clear(floor);
    await user.type(floor, '3.50');
    await user.click(within(s).getByRole('button', { name: 'Save Distance Pricing' }));
    await waitFor(() => expect(shownToasts()).toContainEqual('Distance pricing updated successfully'));
    expect(api.callsTo(`PUT ${B}/settings/update-distance-pricing`)[0]?.body).toEqual({
      chargeForDistance: true,
      pricePerMile: 1.25,
      nearbyShare: 'all',
      nearbyFloor: 3.5,
    });
  });

  it('switches distance pricing off, keeping the rate for later', async () => {
    const api = servicesApi({
      [`GET ${B}/settings/distance-pricing`]: {
        body: { chargeForDistance: true, pricePerMile: 1.25, nearbyShare: 'none', nearbyFloor: 0 },
      },
      [`PUT ${B}/settings/update-distance-pricing`]: {
        body: { chargeForDistance: false, pricePerMile: 1.25, nearbyShare: 'none', nearbyFloor: 0 },
      },
    });
    const { user } = renderApp('/dashboard/services');
    const s = section('Distance Pricing');
    const toggle = await within(s).findByRole('switch', { name: 'Charge for distance' });
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(within(s).queryByLabelText('Price per Mile ($)')).not.toBeInTheDocument();
    await user.click(within(s).getByRole('button', { name: 'Save Distance Pricing' }));
    await waitFor(() => expect(shownToasts()).toContainEqual('Distance pricing updated successfully'));
    expect(api.callsTo(`PUT ${B}/settings/update-distance-pricing`)[0]?.body).toEqual({ chargeForDistance: false });
    expect(within(s).getByText('Distance pricing is off: quotes add nothing for travel.')).toBeInTheDocument();
    // Switching on again starts from the kept rate.
    await user.click(toggle);
    expect(within(s).getByLabelText('Price per Mile ($)')).toHaveValue(1.25);
  });

  it('shows update and fetch failures', async () => {
    servicesApi({ [`PUT ${B}/settings/update-distance-pricing`]: { status: 500 } });
    const { user } = renderApp('/dashboard/services');
    const s = section('Distance Pricing');
    await user.click(await within(s).findByRole('switch', { name: 'Charge for distance' }));
    await user.type(within(s).getByLabelText('Price per Mile ($)'), '3');
    await user.click(within(s).getByRole('button', { name: 'Save Distance Pricing' }));
    expect(await within(s).findByRole('alert')).toHaveTextContent('Failed to update distance pricing');
  });

  it('says when distance pricing cannot be fetched', async () => {
    servicesApi({ [`GET ${B}/settings/distance-pricing`]: { status: 500 } });
    renderApp('/dashboard/services');
    expect(
      await within(section('Distance Pricing')).findByText('Failed to fetch distance pricing'),
    ).toBeInTheDocument();
  });
});
