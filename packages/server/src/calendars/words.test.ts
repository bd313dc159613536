import { describe, expect, it } from 'vitest';
import { addressHint, expansionWords, failureWords, serverName } from './words.ts';

const limits = { timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024 };

describe('what the owner reads about a calendar', () => {
  it('names the provider by its host', () => {
    expect(serverName('calendar.google.com')).toBe('Google');
    expect(serverName('p42-caldav.icloud.com')).toBe('iCloud');
    expect(serverName('outlook.office365.com')).toBe('Outlook');
    expect(serverName('outlook.live.com')).toBe('Outlook');
    expect(serverName('dav.example.org:8443')).toBe('dav.example.org:8443');
  });

  it('hints at the address by its host and the end of its secret part, never more', () => {
    const google = new URL(
      'https://calendar.google.com/calendar/ical/sam%40example.com/private-0123456789abcdef0123456789abcdef/basic.ics',
    );
    expect(addressHint(google)).toBe('calendar.google.com ...cdef');
    expect(addressHint(new URL('https://p42-caldav.icloud.com/published/2/MTIzNDU2Nzg5MDEyMzQ1Nj'))).toBe(
      'p42-caldav.icloud.com ...Q1Nj',
    );
    expect(addressHint(new URL('https://dav.example.org/a.ics'))).toBe('dav.example.org');
  });

  it("says what failed and what to do, in a person's words", () => {
    expect(failureWords({ kind: 'status', status: 404, host: 'calendar.google.com' }, limits)).toBe(
      'Google answered 404: the secret address was reset; copy it again (Google Calendar, Settings, your calendar, "Secret address in iCal format").',
    );
    expect(failureWords({ kind: 'status', status: 503, host: 'p42-caldav.icloud.com' }, limits)).toMatch(
      /^iCloud answered 503: their server is busy or having trouble\. Slotwise tries again every 10 minutes/,
    );
    expect(failureWords({ kind: 'timeout', host: 'outlook.office365.com' }, limits)).toMatch(
      /^Outlook did not answer within 10 seconds\./,
    );
    expect(failureWords({ kind: 'too-large', host: 'dav.example.org' }, limits)).toMatch(
      /^The calendar at dav\.example\.org is larger than 10 MB/,
    );
    expect(failureWords({ kind: 'private-address', host: '10.1.2.3', redirected: true }, limits)).toBe(
      'The address sent Slotwise on to 10.1.2.3, a private or local address. Slotwise only reads calendars on the public internet.',
    );
    expect(failureWords({ kind: 'not-calendar', host: 'calendar.google.com', looksLikePage: true }, limits)).toMatch(
      /^Google answered a web page, not a calendar\./,
    );
  });

  it('says why a connection failed without a system error code', () => {
    // webcal:// is read over https; a server speaking only http answers TLS with nonsense (EPROTO).
    const eproto = failureWords({ kind: 'unreachable', host: 'cal.example.org', code: 'EPROTO' }, limits);
    expect(eproto).not.toContain('EPROTO');
    expect(eproto).toBe(
      'Slotwise could not open a secure (https) connection to cal.example.org: its server does not speak https at this address. A webcal:// address is read over https; if your calendar app also gives an http:// address, paste that one instead.',
    );
    expect(failureWords({ kind: 'unreachable', host: 'cal.example.org', code: 'CERT_HAS_EXPIRED' }, limits)).toMatch(
      /^cal\.example\.org's security certificate is not valid \(expired, or issued for another name\)/,
    );
    expect(failureWords({ kind: 'unreachable', host: 'cal.example.org', code: 'ECONNREFUSED' }, limits)).toBe(
      'cal.example.org refused the connection: no calendar server is listening at this address. Check the address (its port, after the colon, if it has one).',
    );
    for (const code of ['ECONNRESET', 'EHOSTUNREACH', 'SOMETHING_NEW'])
      expect(failureWords({ kind: 'unreachable', host: 'p42-caldav.icloud.com', code }, limits)).not.toContain(code);
  });

  it('says why working out the events was stopped, and what the owner does next', () => {
    const caps = { expandTimeoutMs: 30_000, expandHeapMb: 416 };
    const timeout = expansionWords('timeout', 'calendar.google.com', caps, 'read');
    expect(timeout).toMatch(/^Slotwise stopped working out the events of the calendar at Google after 30 seconds: /);
    expect(timeout).toMatch(/until you press Refresh \(or remove it and connect it again\)\.$/);
    expect(expansionWords('timeout', 'dav.example.org', caps, 'connect')).toMatch(/Then connect it again\.$/);
    expect(expansionWords('out-of-memory', 'dav.example.org', caps, 'read')).toMatch(
      /^The calendar at dav\.example\.org needs more memory than Slotwise gives one calendar \(416 MB\)/,
    );
    expect(expansionWords('crashed', 'dav.example.org', caps, 'read')).toMatch(/tries again every 10 minutes/);
  });
});
