import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { storeToken } from '../../../testing/tokens.ts';
import { ClientImportPage } from './client-import-page.tsx';

const PREVIEW = 'POST /api/business-dashboard/clients/import/preview';
const IMPORT = 'POST /api/business-dashboard/clients/import';
const mapping = {
  name: 0,
  firstName: null,
  lastName: null,
  email: 1,
  phone: null,
  address: null,
  city: null,
  state: null,
  zip: null,
  notes: null,
};
const row = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '', address: '' };
const bad = { ...row, row: 3, outcome: 'error', firstName: '', lastName: '', reason: 'Row 3: needs a name.' };
const counts = { rows: 2, ok: 1, existing: 0, repeated: 0, errors: 1 };

describe('Import clients', () => {
  it('previews a chosen file, remaps a column, imports with one key, and names the bad rows', async () => {
    storeToken();
    const api = fakeApi({
      [PREVIEW]: (req) => ({
        body: {
          header: ['Name', 'Email'],
          mapping: (req.body as { mapping?: typeof mapping }).mapping ?? mapping,
          counts,
          sample: [{ ...row, row: 2, outcome: 'ok', reason: '' }, bad],
          problems: [bad],
        },
      }),
      [IMPORT]: { body: { imported: 1, counts, problems: [bad] } },
    });
    render(
      <MemoryRouter>
        <ClientImportPage />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText('CSV file'),
      new File(['Name,Email\nAnn Lee,ann@example.com\n,x@y.z\n'], 'clients.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByRole('region', { name: 'Rows that will not be imported' })).toHaveTextContent(
      'Row 3: needs a name.',
    );
    expect(screen.getByLabelText('E-mail')).toHaveValue('1');
    await user.selectOptions(screen.getByLabelText('Notes'), 'Email');
    await screen.findByRole('button', { name: 'Import 1 client' });
    expect((api.calls.at(-1)!.body as { mapping: typeof mapping }).mapping.notes).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Import 1 client' }));
    expect(await screen.findByRole('heading', { name: 'Imported 1 client' })).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Rows not imported' })).toHaveTextContent('Row 3: needs a name.');
    const imported = api.calls.find((c) => `${c.method} ${c.path}` === IMPORT);
    expect(imported?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a file over 2 MB before sending it', async () => {
    storeToken();
    const api = fakeApi({});
    render(
      <MemoryRouter>
        <ClientImportPage />
      </MemoryRouter>,
    );
    const big = new File(['x'.repeat(2 * 1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' });
    await userEvent.setup().upload(screen.getByLabelText('CSV file'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('larger than 2 MB');
    expect(api.calls).toHaveLength(0);
  });
});
