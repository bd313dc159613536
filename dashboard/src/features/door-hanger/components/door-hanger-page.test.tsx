import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, type Reply } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { storeToken } from '../../../testing/tokens.ts';

const ID = '0b6c2a4e-8f7d-4a1b-9c3e-5d2f1a0e7b64';
const PAGE = 'https://book.example.com/book/sparkle-auto';
const day = (d: string) => ({ day: d, bookingUrl: `${PAGE}?day=${d}&via=qr`, qrSvgUrl: `${PAGE}/qr.svg?day=${d}` });
const CARD = {
  businessName: 'Sparkle Auto',
  street: 'Oak St',
  jobDay: '2026-12-01',
  weekday: 'Tuesday',
  sentence: "Your neighbour on Oak St booked us on Tuesday: book the same day, we're already nearby.",
  days: [day('2026-12-08'), day('2026-12-15'), day('2026-12-22'), day('2026-12-29')],
};

function setup(reply: Reply = { body: CARD }) {
  storeToken();
  const api = fakeApi({ 'GET /api/business-dashboard/bookings/:id/door-hanger': () => reply });
  return { api, ...renderApp(`/dashboard/door-hanger/${ID}`) };
}

describe('the door-hanger page', () => {
  it('shows two cards with the street, the weekday and the code of the day chosen, and prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { api, user } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Door-hanger' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article', { hidden: true });
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('Sparkle Auto')).toBeInTheDocument();
    expect(first.getByText(CARD.sentence)).toBeInTheDocument();
    expect(first.getByText('Scan to book Tuesday, December 8, 2026.')).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'QR code: the booking page on Tuesday, December 8, 2026' })).toHaveAttribute(
      'src',
      `${PAGE}/qr.svg?day=2026-12-08`,
    );
    expect(first.getByText(`${PAGE}?day=2026-12-08&via=qr`)).toBeInTheDocument();
    // The second copy is the same card, for the cut page: read once.
    expect(cards[1]).toHaveAttribute('aria-hidden', 'true');
    expect(api.callsTo('GET /api/business-dashboard/bookings/:id/door-hanger')[0]?.params).toEqual({ id: ID });

    await user.selectOptions(screen.getByLabelText('The Tuesday the code opens'), 'Tuesday, December 15, 2026');
    expect(first.getByRole('img')).toHaveAttribute('src', `${PAGE}/qr.svg?day=2026-12-15`);
    expect(first.getByText('Scan to book Tuesday, December 15, 2026.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    // Nothing of the customer on the page.
    expect(document.body.textContent).not.toMatch(/Ada|Lovelace/);
  });

  it("says why there is no card for a job that is not done, in the server's words", async () => {
    setup({
      status: 409,
      body: {
        code: 'DOOR_HANGER_NOT_YET',
        error: `A door-hanger is for a job done, or approved for today; booking ${ID} is pending on 2026-12-02.`,
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/A door-hanger is for a job done/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
