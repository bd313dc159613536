import { describe, expect, it } from 'vitest';
import { crewInvitationMail, type MailBooking, mails, withCrew } from '../../src/mail/templates.ts';

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
    expect(mails.reminder(booking({ startTime: '00:00', endTime: '12:00' }), links, 'tomorrow').text).toContain(
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

describe('the crew a mail names (Settings, Crews)', () => {
  it("marks only the mails about a job going ahead, and only the customer's", () => {
    const b = booking({ bookingId: 'b-1' });
    for (const mail of [
      mails.received(b, links),
      mails.approved(b, links),
      mails.rescheduled(b, links),
      mails.reminder(b, links, 'tomorrow'),
    ])
      expect(mail.namesCrew, mail.subject).toBe(true);
    for (const mail of [
      mails.declined(b, 'Fully booked'),
      mails.cancelled(b),
      mails.ownerNotice('owner@example.com', b, 'new'),
    ])
      expect(mail.namesCrew, mail.subject).toBeUndefined();
  });

  it('says which crew comes right after the greeting, in the text and the HTML, escaped', () => {
    const mail = mails.approved(booking(), links);
    const named = withCrew(mail, 'Truck <2> & Sam');
    expect(named.text.split('\n').slice(0, 4)).toEqual([
      'Hi Ada, your booking with Shiny Cars is confirmed.',
      '',
      'Truck <2> & Sam will do the job.',
      '',
    ]);
    expect(named.text.replace('\n\nTruck <2> & Sam will do the job.', '')).toBe(mail.text);
    expect(named.html).toContain(
      '<p>Hi Ada, your booking with Shiny Cars is confirmed.</p>\n<p>Truck &lt;2&gt; &amp; Sam will do the job.</p>\n<table',
    );
    expect(named.html.replace('<p>Truck &lt;2&gt; &amp; Sam will do the job.</p>\n', '')).toBe(mail.html);
    expect({ ...named, text: mail.text, html: mail.html }).toEqual(mail);
  });

  it("puts it before the booking's details in a moved booking's mail", () => {
    const mail = mails.rescheduled(booking(), links);
    expect(withCrew(mail, 'Main crew').text).toMatch(
      /^Hi Ada, your booking with Shiny Cars has a new time\.\n\nMain crew will do the job\.\n\nService: Full Detail/,
    );
  });
});

describe("a crew member's invitation", () => {
  it('names the business and the crew, and carries the link once in text and HTML', () => {
    const link = 'http://localhost:3000/crew/join?token=abc';
    const mail = crewInvitationMail('sam@example.com', {
      businessName: 'Shiny <Cars>',
      crewName: 'Truck 2',
      link,
      newPassword: false,
    });
    expect(mail.to).toBe('sam@example.com');
    expect(mail.subject).toBe('Shiny <Cars> invited you to Slotwise');
    expect(mail.text).toContain(`Set your password: ${link}`);
    expect(mail.text).toContain('expires in 7 days');
    expect(mail.html).toContain('Shiny &lt;Cars&gt;');
    expect(mail.html).toContain(`<a href="${link}">Set your password</a>`);
    const again = crewInvitationMail('sam@example.com', {
      businessName: null,
      crewName: 'Truck 2',
      link,
      newPassword: true,
    });
    expect(again.subject).toBe('Set a new password for your crew login');
    expect(again.text).toMatch(/^A business sent you a link to set a new password for Truck 2's login/);
  });
});
