import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi } from '../../../testing/fake-api.ts';
import { storeToken } from '../../../testing/tokens.ts';
import { InvoicesSection } from './invoices-section.tsx';

const T = '/api/business-dashboard/settings/tips';

function setup() {
  storeToken();
  const api = fakeApi({
    [`GET ${T}`]: { body: { presets: [15, 20, 25], reminders: true } },
    [`PUT ${T}`]: (req: FakeRequest) => ({ body: req.body }),
  });
  render(<InvoicesSection />);
  return { api, user: userEvent.setup() };
}

describe('Settings: Invoices and Tips', () => {
  it('changes the tips offered and turns the reminders off', async () => {
    const { api, user } = setup();
    const second = await screen.findByLabelText('Tip 2 (%)');
    expect(second).toHaveValue('20');
    await user.clear(second);
    await user.clear(screen.getByLabelText('Tip 3 (%)'));
    await user.type(screen.getByLabelText('Tip 3 (%)'), '18');
    const reminders = screen.getByRole('checkbox', {
      name: 'Remind customers of unpaid invoices 3 and 7 days after they were sent',
    });
    expect(reminders).toBeChecked();
    await user.click(reminders);
    await user.click(screen.getByRole('button', { name: 'Save Invoice Settings' }));
    expect(await screen.findByText('Invoice settings saved.')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${T}`)[0]?.body).toEqual({ presets: [15, 18], reminders: false, noShowFee: 0 });
    // Saved, the boxes read as the server keeps them: the empty box last.
    expect(screen.getByLabelText('Tip 2 (%)')).toHaveValue('18');
    expect(screen.getByLabelText('Tip 3 (%)')).toHaveValue('');
  });

  it('sets the no-show fee, refusing less than $0.50 before saving', async () => {
    const { api, user } = setup();
    const fee = await screen.findByLabelText('No-show fee ($)');
    expect(fee).toHaveValue('');
    await user.type(fee, '0.25');
    await user.click(screen.getByRole('button', { name: 'Save Invoice Settings' }));
    expect(screen.getByRole('alert')).toHaveTextContent('at least $0.50');
    expect(api.callsTo(`PUT ${T}`)).toHaveLength(0);
    await user.clear(fee);
    await user.type(fee, '$40');
    await user.click(screen.getByRole('button', { name: 'Save Invoice Settings' }));
    expect(await screen.findByText('Invoice settings saved.')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${T}`)[0]?.body).toMatchObject({ noShowFee: 40 });
    expect(fee).toHaveValue('40.00');
  });

  it('refuses a tip that is not a whole percent from 1 to 100, before saving', async () => {
    const { api, user } = setup();
    const first = await screen.findByLabelText('Tip 1 (%)');
    await user.clear(first);
    await user.type(first, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save Invoice Settings' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Each tip is a whole percent from 1 to 100');
    expect(api.callsTo(`PUT ${T}`)).toHaveLength(0);
  });
});
