/**
 * On PostgreSQL the fixed-shape queries go as named statements (db/statement-names.ts), parsed
 * and planned once per connection; everything else goes unnamed, as before.
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { describe, expect, it } from 'vitest';
import { nameStatement, namingPool } from '../../src/db/statement-names.ts';

const pgUrl = () => process.env.TEST_DATABASE_URL;

function recordingPool() {
  const sent: unknown[][] = [];
  // pg's callback form (a query config, then the callback), as the wrapper calls it.
  const client = {
    query: (config: unknown, callback: (err: Error | null, result: unknown) => void) => {
      sent.push([config]);
      const text = (config as { text: string }).text;
      // An error made where pg makes it: on a later turn, reading the socket, far from the caller.
      if (text.startsWith('fail'))
        setImmediate(() => {
          const err = Object.assign(new Error('syntax error'), { code: '42601' });
          err.stack = 'error: syntax error\n    at TCP.onStreamRead (node:internal/stream_base_commons:189:23)';
          callback(err, undefined);
        });
      else callback(null, { rows: [], command: 'SELECT', rowCount: 0 });
    },
    release: () => {},
  } as unknown as PostgresPoolClient;
  const pool: PostgresPool = { options: {}, connect: async () => client, end: async () => {} };
  return { pool, sent };
}

describe('named statements', () => {
  it('names a registered text and leaves any other unnamed', async () => {
    const { pool, sent } = recordingPool();
    const named = 'select 1 as "registered" where $1::int > 0';
    nameStatement(named);
    nameStatement(named);
    const client = await namingPool(pool).connect();
    await client.query(named, [1]);
    await client.query('select 2 as "unregistered"', []);
    expect(sent[0]).toEqual([{ name: expect.stringMatching(/^slotwise_\d+$/), text: named, values: [1] }]);
    expect(sent[1]).toEqual([{ text: 'select 2 as "unregistered"', values: [] }]);
    client.release();
  });

  it("asks pg through its callback, answering pg's result or its error, code and all", async () => {
    const { pool } = recordingPool();
    const client = await namingPool(pool).connect();
    await expect(client.query('select 3', [])).resolves.toEqual({ rows: [], command: 'SELECT', rowCount: 0 });
    const failed = await client.query('fail here', []).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({ message: 'syntax error', code: '42601' });
    // The stack leads back here, not to the socket's read.
    expect((failed as Error).stack).toContain('statement-names.test.ts');
    client.release();
  });

  it.skipIf(!pgUrl())('runs a named statement on PostgreSQL again and again on one connection', async () => {
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ connectionString: pgUrl()!, max: 1 });
    try {
      const text = 'select $1::int + 1 as "next"';
      nameStatement(text);
      const client = await namingPool(pool as unknown as PostgresPool).connect();
      const answers: unknown[] = [];
      for (let i = 0; i < 3; i++) answers.push((await client.query(text, [i])).rows[0]);
      const { rows } = await client.query(
        'select count(*)::int as n from pg_prepared_statements where statement = $1',
        [text],
      );
      client.release();
      expect(answers).toEqual([{ next: 1 }, { next: 2 }, { next: 3 }]);
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await pool.end();
    }
  });
});
