import { describe, expect, it } from 'vitest';
import { operatorNotes } from '../src/operator-notes.ts';

describe('operatorNotes', () => {
  it('tells the operator, not the owner, which variable turns each feature on', () => {
    const notes = operatorNotes({ encryptionKey: undefined, texts: 'log' });
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(
      /^ENCRYPTION_KEY is not set: Stripe deposits, Twilio texts and connected calendars are off/,
    );
    expect(notes[1]).toMatch(/^TEXTS=log: /);
  });

  it('says nothing when everything is on', () => {
    expect(operatorNotes({ encryptionKey: 'k'.repeat(32), texts: 'twilio' })).toEqual([]);
  });
});
