import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIcs } from '@slotwise/shared/ics';
import { describe, expect, it } from 'vitest';
import { fileTransport } from '../../src/mail/transport.ts';

describe('the .eml file transport', () => {
  it('writes an invitation as a text/calendar part with its method, and none without one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slotwise-eml-'));
    const transport = fileTransport(dir, 'Slotwise <no-reply@slotwise.local>');
    const calendar = buildIcs(
      'CANCEL',
      [{ uid: 'booking-1@x', startMs: 0, endMs: 3_600_000, summary: 'Wash', status: 'CANCELLED', sequence: 2 }],
      0,
    );
    const base = { to: 'a@example.com', subject: 'Booking cancelled', text: 'Hi', html: '<p>Hi</p>' };
    const withInvite = readFileSync(await transport.send({ ...base, calendar }), 'utf8');
    expect(withInvite).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/);
    expect(withInvite).toContain('invite.ics');
    const plain = readFileSync(await transport.send(base), 'utf8');
    expect(plain).not.toMatch(/text\/calendar/);
  });
});
