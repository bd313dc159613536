import { describe, expect, it } from 'vitest';
import { operatorNotes } from '../src/operator-notes.ts';

/** SQLite with its daily backups: nothing to say about them. */
const storage = {
  databaseUrl: 'sqlite:/data/app.db',
  backups: { everyMs: 24 * 3600_000, dir: '/data/backups', keep: 3, keepDays: 14 },
};

describe('operatorNotes', () => {
  it('tells the operator, not the owner, which variable turns each feature on', () => {
    const notes = operatorNotes({ ...storage, encryptionKey: undefined, texts: 'log' });
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(
      /^ENCRYPTION_KEY is not set: Stripe deposits, Twilio texts and connected calendars are off/,
    );
    expect(notes[1]).toMatch(/^TEXTS=log: /);
  });

  it('says when scheduled backups are off on PostgreSQL, and not on SQLite or once set', () => {
    const on = { encryptionKey: 'k'.repeat(32), texts: 'twilio' } as const;
    const backups = { ...storage.backups, everyMs: null };
    expect(operatorNotes({ ...on, databaseUrl: 'postgres://app@db/slotwise', backups })).toEqual([
      expect.stringMatching(/^Scheduled backups are off on PostgreSQL: set BACKUP_EVERY=24/),
    ]);
    expect(operatorNotes({ ...on, databaseUrl: 'sqlite:/data/app.db', backups })).toEqual([]);
    expect(
      operatorNotes({ ...on, databaseUrl: 'postgres://app@db/slotwise', backups: { ...backups, everyMs: 3600_000 } }),
    ).toEqual([]);
  });

  it('says nothing when everything is on', () => {
    expect(operatorNotes({ ...storage, encryptionKey: 'k'.repeat(32), texts: 'twilio' })).toEqual([]);
  });
});
