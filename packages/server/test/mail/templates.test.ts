import { describe, expect, it } from 'vitest';
import { type MailBooking, mails } from '../../src/mail/templates.ts';

const links = { reschedule: 'https://book.example/r', cancel: 'https://book.example/c' };
const booking = (over: Partial<MailBooking> = {}): MailBooking => ({
  customerEmail: 'ada@example.com',
  phoneNumber: '+15125550123',
  firstName: 'Ada',
  lastName: 'Lovelace',
  serviceName: 'Full Detail',
  businessName: 'Shiny Cars',
  day: '2026-12-02',
  startTime: '10:00',
  endTime: '11:30',
  timeZone: 'America/Los_Angeles',
  timeFormat: '12h',
  totalCents: 14_500,
  customerAddress: '5 Ocean Ave, Santa Monica, CA 90401, USA',
  ...over,
});

describe('booking mails', () => {
  it('write times on a 12-hour clock and the zone by its name', () => {
    const mail = mails.received(booking(), links);
    const when = 'When: Wednesday, December 2, 2026, 10:00 AM – 11:30 AM (Pacific Time, Los Angeles)';
    expect(mail.text).toContain(when);
    expect(mail.html).toContain(
      '<td>Wednesday, December 2, 2026, 10:00 AM – 11:30 AM (Pacific Time, Los Angeles)</td>',
    );
  });

  it("honour a business's 24-hour clock, in the owner's notice too", () => {
    const b = booking({ startTime: '13:00', endTime: '14:30', timeFormat: '24h' });
    for (const mail of [mails.approved(b, links), mails.ownerNotice('owner@example.com', b, 'new')]) {
      expect(mail.text).toContain('Wednesday, December 2, 2026, 13:00 – 14:30 (Pacific Time, Los Angeles)');
      expect(mail.text).not.toMatch(/ [AP]M/);
    }
  });

  it("give the owner the customer's phone as people read it, and the customer none", () => {
    expect(mails.ownerNotice('owner@example.com', booking(), 'new').text).toContain('Phone: (512) 555-0123');
    expect(
      mails.ownerNotice('owner@example.com', booking({ phoneNumber: '+447700900123' }), 'cancelled').html,
    ).toContain('<th align="left">Phone</th><td>+44 7700 900123</td>');
    expect(mails.received(booking(), links).text).not.toContain('Phone');
  });

  it('read midnight and noon as 12:00 AM and 12:00 PM', () => {
    expect(mails.reminder(booking({ startTime: '00:00', endTime: '12:00' }), links).text).toContain(
      '12:00 AM – 12:00 PM',
    );
    expect(mails.cancelled(booking({ startTime: '12:00', endTime: '12:30' })).text).toContain('12:00 PM – 12:30 PM');
  });

  it('name the zone after a wall time the clocks repeat', () => {
    const b = booking({ day: '2026-11-01', startTime: '01:00', endTime: '01:00', startZone: 'EDT', endZone: 'EST' });
    expect(mails.rescheduled({ ...b, timeZone: 'America/New_York' }, links).text).toContain(
      'Sunday, November 1, 2026, 1:00 AM EDT – 1:00 AM EST (Eastern Time, New York)',
    );
  });
});
