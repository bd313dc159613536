import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

describe('isDatabaseUnavailable', () => {
  it("knows pg's errors for a connection lost, ended or refused, and PostgreSQL's shutdown codes", () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated',
      'Client has encountered a connection error and is not queryable',
      // A statement sent on a connection already lost (a batch's next job, db/transaction.ts).
      'Client was closed and is not queryable',
    ])
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    for (const code of ['08006', '57P01', 'ECONNREFUSED', 'ECONNRESET'])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
  });
  it('leaves every other error a failure of its own', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('A savepoint was refused.'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
