import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBooking } from '../testing/bookings.ts';
import { BookingCard } from './booking-card.tsx';
import { EmailText, emailParts } from './email-text.tsx';

/** The parts a line may end between: each kept whole (nowrap), a <wbr> before every part but the first. */
function pieces(el: Element): string[] {
  const parts = [...el.querySelectorAll('.email-part')];
  for (const [i, part] of parts.entries()) {
    const before = part.previousSibling;
    expect(i === 0 ? before : before?.nodeName).toBe(i === 0 ? null : 'WBR');
  }
  return parts.map((p) => p.textContent ?? '');
}

describe('e-mail addresses on cards', () => {
  it('may break after the @ and before a dot, a hyphen or an underscore, nowhere else', () => {
    expect(emailParts('christopher.alexander@example-company.co.uk')).toEqual([
      'christopher',
      '.alexander@',
      'example',
      '-company',
      '.co',
      '.uk',
    ]);
    expect(emailParts('first_last+tag@x.io')).toEqual(['first', '_last+tag@', 'x', '.io']);
    expect(emailParts('ada@example.com')).toEqual(['ada@', 'example', '.com']);
    expect(emailParts('.odd..name@x')).toEqual(['.odd', '.', '.name@', 'x']);
    expect(emailParts('')).toEqual([]);
  });

  it('puts a <wbr> at each of those points and keeps the address whole for reading and copying', () => {
    const { container } = render(<EmailText email="christopher.alexander@example-company.co.uk" />);
    const text = container.querySelector('.email-text')!;
    expect(pieces(text)).toEqual(['christopher', '.alexander@', 'example', '-company', '.co', '.uk']);
    expect(text.textContent).toBe('christopher.alexander@example-company.co.uk');
  });

  it("shows the booking card's address with those break points, as the link's name", () => {
    const email = 'maximilian.vonhohenberg@longbusinessdomain.example.com';
    render(<BookingCard booking={makeBooking({ customerEmail: email })} detailed />);
    const link = screen.getByRole('link', { name: email });
    expect(link).toHaveAttribute('href', `mailto:${email}`);
    expect(pieces(link.querySelector('.email-text')!)).toEqual([
      'maximilian',
      '.vonhohenberg@',
      'longbusinessdomain',
      '.example',
      '.com',
    ]);
  });
});
