import type { PaymentSettings } from '@slotwise/shared/api';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { shownToasts } from '../../../components/toaster.tsx';
import { deferred, type FakeRequest, fakeApi, type Handler, type Reply } from '../../../testing/fake-api.ts';
import { loadingSkeleton } from '../../../testing/skeleton.ts';
import { storeToken } from '../../../testing/tokens.ts';
import { PaymentsSection } from './payments-section.tsx';

const P = '/api/business-dashboard/settings/payments';
const WEBHOOK = 'http://localhost:3000/api/webhooks/stripe/7d1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a11';
const notConnected: PaymentSettings = {
  stripe: null,
  canConnect: true,
  webhookUrl: WEBHOOK,
  deposit: { kind: 'none' },
  refundWindowHours: 24,
  approvePaid: false,
  planDeposit: 'first',
};
const connected: PaymentSettings = {
  ...notConnected,
  stripe: {
    accountId: 'acct_1Nv0FGQ9RKHgCVdK',
    accountName: 'Sparkle Auto',
    mode: 'test',
    keyHint: 'sk_test_…4242',
    connectedAt: '2026-03-05T17:00:00.000Z',
  },
};

function setup(settings: PaymentSettings = notConnected, over: Record<string, Handler | Reply> = {}) {
  storeToken();
  const api = fakeApi({
    [`GET ${P}`]: { body: settings },
    [`PUT ${P}`]: (req: FakeRequest) => ({ body: { ...settings, ...(req.body as object) } }),
    [`PUT ${P}/stripe`]: { body: connected },
    [`DELETE ${P}/stripe`]: { body: notConnected },
    ...over,
  });
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
  const user = userEvent.setup();
  render(<PaymentsSection />);
  return { api, user, confirm };
}

const rulesForm = () => screen.getByRole('form', { name: 'Payment rules' });

describe('Settings: Payments, connecting Stripe', () => {
  it('shows a skeleton, then what deposits are and the form to connect Stripe', async () => {
    storeToken();
    const answer = deferred<Reply>();
    fakeApi({ [`GET ${P}`]: () => answer.promise });
    render(<PaymentsSection />);
    expect(screen.getByRole('heading', { name: 'Payments' })).toBeInTheDocument();
    expect(
      screen.getByText('Take a deposit when customers book, paid by card through your own Stripe account.'),
    ).toBeInTheDocument();
    loadingSkeleton();
    answer.resolve({ body: notConnected });
    const key = await screen.findByLabelText('Stripe secret key');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveAttribute('placeholder', 'sk_live_… or sk_test_…');
    const secret = screen.getByLabelText('Webhook signing secret');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveAttribute('placeholder', 'whsec_…');
    expect(
      screen.getByText(
        'In Stripe, add a webhook endpoint with this URL, for the events checkout.session.completed and checkout.session.expired, then paste its signing secret:',
      ),
    ).toBeInTheDocument();
    const url = screen.getByLabelText('Webhook URL');
    expect(url).toHaveValue(WEBHOOK);
    expect(url).toHaveAttribute('readonly');
    expect(screen.getByText('The rule applies once Stripe is connected.')).toBeInTheDocument();
  });

  it('copies the webhook URL', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Copy webhook URL' }));
    expect(await navigator.clipboard.readText()).toBe(WEBHOOK);
    expect(shownToasts()).toContainEqual('Webhook URL copied to clipboard!');
  });

  it('connects with both secrets, says "Checking with Stripe…" meanwhile, then shows the account', async () => {
    const answer = deferred<Reply>();
    const { api, user } = setup(notConnected, { [`PUT ${P}/stripe`]: () => answer.promise });
    await user.type(await screen.findByLabelText('Stripe secret key'), ' sk_test_51Abcdefgh ');
    await user.type(screen.getByLabelText('Webhook signing secret'), 'whsec_abcdefgh12');
    await user.click(screen.getByRole('button', { name: 'Connect Stripe' }));
    expect(screen.getByRole('button', { name: 'Checking with Stripe…' })).toBeDisabled();
    expect(screen.getByLabelText('Stripe secret key')).toBeDisabled();
    answer.resolve({ body: connected });
    expect(await screen.findByText('Connected to Sparkle Auto (acct_1Nv0FGQ9RKHgCVdK)')).toBeInTheDocument();
    expect(screen.getByText('Test mode')).toHaveClass('pay-mode--test');
    expect(screen.getByText('Key sk_test_…4242')).toBeInTheDocument();
    expect(screen.getByLabelText('Webhook URL')).toHaveValue(WEBHOOK);
    expect(screen.getByRole('status')).toHaveTextContent('Stripe connected.');
    expect(screen.queryByLabelText('Stripe secret key')).not.toBeInTheDocument();
    expect(screen.queryByText('The rule applies once Stripe is connected.')).not.toBeInTheDocument();
    expect(api.callsTo(`PUT ${P}/stripe`)[0]?.body).toEqual({
      secretKey: 'sk_test_51Abcdefgh',
      webhookSecret: 'whsec_abcdefgh12',
    });
  });

  it('asks for both secrets before calling the server', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Connect Stripe' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Paste your Stripe secret key (it starts with sk_test_ or sk_live_).',
    );
    await user.type(screen.getByLabelText('Stripe secret key'), 'sk_test_51Abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Connect Stripe' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Paste the webhook signing secret (it starts with whsec_).');
    expect(api.callsTo(`PUT ${P}/stripe`)).toHaveLength(0);
  });

  it("shows Stripe's refusal in the server's words and keeps what was typed", async () => {
    const { user } = setup(notConnected, {
      [`PUT ${P}/stripe`]: {
        status: 400,
        body: {
          code: 'STRIPE_KEY_INVALID',
          error: 'Stripe refused that secret key (it may be revoked). Copy it again from Stripe, Developers, API keys.',
        },
      },
    });
    await user.type(await screen.findByLabelText('Stripe secret key'), 'sk_live_51Abcdefgh');
    await user.type(screen.getByLabelText('Webhook signing secret'), 'whsec_abcdefgh12');
    await user.click(screen.getByRole('button', { name: 'Connect Stripe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Stripe refused that secret key (it may be revoked). Copy it again from Stripe, Developers, API keys.',
    );
    expect(screen.getByLabelText('Stripe secret key')).toHaveValue('sk_live_51Abcdefgh');
    expect(screen.getByRole('button', { name: 'Connect Stripe' })).toBeEnabled();
  });

  it('says card payments are not turned on (no operator words), and disables the form', async () => {
    setup({ ...notConnected, canConnect: false });
    expect(
      await screen.findByText(
        "Card payments aren't turned on for this Slotwise server. Ask whoever runs it to turn them on.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Stripe secret key')).toBeDisabled();
    expect(screen.getByLabelText('Webhook signing secret')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Connect Stripe' })).toBeDisabled();
    // The rules stay editable.
    expect(within(rulesForm()).getByRole('radio', { name: 'The full price' })).toBeEnabled();
  });
});

describe('Settings: Payments, a connected account', () => {
  it('shows live mode in green', async () => {
    setup({ ...connected, stripe: { ...connected.stripe!, mode: 'live', keyHint: 'sk_live_…9f3c' } });
    expect(await screen.findByText('Live mode')).toHaveClass('pay-mode--live');
    expect(screen.getByText('Key sk_live_…9f3c')).toBeInTheDocument();
  });

  it('disconnects after a confirmation, and then offers to connect again', async () => {
    const { api, user, confirm } = setup(connected);
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Customers will no longer be asked for a deposit.'));
    expect(await screen.findByLabelText('Stripe secret key')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Stripe disconnected.');
    expect(api.callsTo(`DELETE ${P}/stripe`)).toHaveLength(1);
  });

  it('keeps the account when the confirmation is cancelled', async () => {
    const { api, user, confirm } = setup(connected);
    confirm.mockReturnValue(false);
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    expect(api.callsTo(`DELETE ${P}/stripe`)).toHaveLength(0);
    expect(screen.getByText('Connected to Sparkle Auto (acct_1Nv0FGQ9RKHgCVdK)')).toBeInTheDocument();
  });
});

describe('Settings: Payments, the deposit rule', () => {
  it('shows the saved rule, and an example that follows it as it is typed', async () => {
    const { user } = setup({ ...connected, deposit: { kind: 'percent', percent: 25 } });
    const form = await screen.findByRole('form', { name: 'Payment rules' });
    const group = within(form).getByRole('group', { name: 'Deposit when booking' });
    expect(within(group).getByRole('radio', { name: 'A percentage of the quote' })).toBeChecked();
    expect(within(group).getByLabelText('Deposit percent (%)')).toHaveValue(25);
    expect(within(form).getByText('On a $195.05 quote: $48.76 now, $146.29 on the day.')).toBeInTheDocument();

    await user.click(within(group).getByRole('radio', { name: 'A fixed amount' }));
    expect(within(group).queryByLabelText('Deposit percent (%)')).not.toBeInTheDocument();
    await user.type(within(group).getByLabelText('Deposit amount ($)'), '40');
    expect(within(form).getByText('On a $195.05 quote: $40.00 now, $155.05 on the day.')).toBeInTheDocument();

    await user.click(within(group).getByRole('radio', { name: 'The full price' }));
    expect(within(form).getByText('On a $195.05 quote: $195.05 now, $0.00 on the day.')).toBeInTheDocument();
    await user.click(within(group).getByRole('radio', { name: 'No deposit' }));
    expect(within(form).queryByText(/^On a \$195\.05 quote/)).not.toBeInTheDocument();
  });

  it('offers the refund windows, with the policy customers read under it', async () => {
    const { user } = setup();
    const select = await screen.findByLabelText('Full refund if they cancel');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Any time before the visit',
      '12 hours before',
      '24 hours before',
      '48 hours before',
      '72 hours before',
    ]);
    expect(select).toHaveValue('24');
    expect(
      screen.getByText('Full refund of the deposit up to 24 hours before your visit; no refund after that.'),
    ).toBeInTheDocument();
    await user.selectOptions(select, '0');
    expect(
      screen.getByText('Full refund of the deposit when you cancel through your booking link.'),
    ).toBeInTheDocument();
  });

  it('saves the rule, the window and automatic approval with "Save payment rules"', async () => {
    const { api, user } = setup();
    const form = await screen.findByRole('form', { name: 'Payment rules' });
    await user.click(within(form).getByRole('radio', { name: 'A percentage of the quote' }));
    await user.type(within(form).getByLabelText('Deposit percent (%)'), '30');
    await user.selectOptions(within(form).getByLabelText('Full refund if they cancel'), '48');
    await user.click(within(form).getByRole('checkbox', { name: 'Approve paid bookings automatically' }));
    await user.click(within(form).getByRole('button', { name: 'Save payment rules' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Payment rules saved.');
    expect(api.callsTo(`PUT ${P}`)[0]?.body).toEqual({
      deposit: { kind: 'percent', percent: 30 },
      refundWindowHours: 48,
      approvePaid: true,
      planDeposit: 'first',
    });
  });

  it("shows the plans' choice, first visit only until the owner chooses, and saves every visit", async () => {
    const { api, user } = setup();
    const form = await screen.findByRole('form', { name: 'Payment rules' });
    const group = within(form).getByRole('group', { name: 'Plans: ask the deposit' });
    expect(within(group).getByRole('radio', { name: 'For the first visit only' })).toBeChecked();
    expect(within(group).getByText('Later visits are paid on the day.')).toBeInTheDocument();
    await user.click(within(group).getByRole('radio', { name: 'For every visit' }));
    expect(
      within(group).getByText(
        'Each visit keeps its time; the customer pays its deposit online before it, from the link in its e-mails.',
      ),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save payment rules' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Payment rules saved.');
    expect(api.callsTo(`PUT ${P}`)[0]?.body).toMatchObject({ planDeposit: 'every' });
    // What the server answered stays chosen.
    expect(within(group).getByRole('radio', { name: 'For every visit' })).toBeChecked();
  });

  it('shows every visit when that is the saved choice', async () => {
    setup({ ...connected, planDeposit: 'every' });
    const group = await screen.findByRole('group', { name: 'Plans: ask the deposit' });
    expect(within(group).getByRole('radio', { name: 'For every visit' })).toBeChecked();
  });

  it('says what to fix before sending a percent that is not one', async () => {
    const { api, user } = setup();
    const form = await screen.findByRole('form', { name: 'Payment rules' });
    await user.click(within(form).getByRole('radio', { name: 'A percentage of the quote' }));
    await user.type(within(form).getByLabelText('Deposit percent (%)'), '150');
    await user.click(within(form).getByRole('button', { name: 'Save payment rules' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Deposit percent must be a whole number from 1 to 100.');
    expect(api.callsTo(`PUT ${P}`)).toHaveLength(0);
  });

  it("shows the server's refusal beside the form", async () => {
    const { user } = setup(notConnected, {
      [`PUT ${P}`]: {
        status: 400,
        body: { code: 'VALIDATION_FAILED', error: 'Refund window must be at most 720 hours (30 days).' },
      },
    });
    const form = await screen.findByRole('form', { name: 'Payment rules' });
    await user.click(within(form).getByRole('button', { name: 'Save payment rules' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Refund window must be at most 720 hours (30 days).',
    );
  });

  it('says when the settings cannot be loaded and offers to try again', async () => {
    const { api, user } = setup(notConnected, { [`GET ${P}`]: { status: 500 } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your payment settings.');
    api.on(`GET ${P}`, { body: notConnected });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByLabelText('Stripe secret key')).toBeInTheDocument());
  });
});
