/**
 * SQLite group commit (db/transaction.ts): calendar writes that arrive together share
 * one transaction, each in its own savepoint; nobody hears "done" before the commit.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBusinessLock } from '../../src/db/transaction.ts';
import { createTestApp, onboardedOwner, type TestApp } from '../helpers.ts';

describe('group commit on sqlite', () => {
  let t: TestApp;
  let businessId: string;
  let reader: SQLite.Database;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    businessId = (await onboardedOwner(t.app)).businessId;
    // A second, read-only connection sees only what is committed (WAL).
    reader = new SQLite(join(t.config.dataDir, 'app.db'), { readonly: true });
  });
  afterAll(async () => {
    reader.close();
    await t.close();
  });

  const committedTitles = (prefix: string) =>
    (
      reader
        .prepare('select title from blocked_times where business_id = ? and title like ? order by title')
        .all(businessId, `${prefix}%`) as { title: string }[]
    ).map((r) => r.title);

  function block(trx: Parameters<Parameters<typeof withBusinessLock>[2]>[0], title: string, at: number) {
    return t.ctx.repos.calendar.insertBlocked(trx, {
      id: randomUUID(),
      business_id: businessId,
      title,
      reason: 'custom',
      start_ms: at,
      end_ms: at + 1800_000,
      created_at: at,
    });
  }

  it('runs writes that arrive together in one transaction, answering only after it commits', async () => {
    const seenByOthers: string[][] = [];
    let answered = 0;
    const writes = Array.from({ length: 10 }, (_, i) =>
      withBusinessLock(t.ctx.store, businessId, async (trx) => {
        await block(trx, `group-${String(i).padStart(2, '0')}`, Date.UTC(2030, 0, 1, i));
        seenByOthers.push(committedTitles('group-'));
        return i;
      }).then((v) => {
        answered++;
        return v;
      }),
    );
    expect(await Promise.all(writes)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(answered).toBe(10);
    // While the ten ran, no other connection saw any of them: one transaction, one commit.
    expect(seenByOthers.every((seen) => seen.length === 0)).toBe(true);
    expect(committedTitles('group-')).toHaveLength(10);
  });

  it('rolls back only the write that fails; the others in its group are kept', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        withBusinessLock(t.ctx.store, businessId, async (trx) => {
          await block(trx, `mixed-${i}`, Date.UTC(2031, 0, 1, i));
          if (i === 2) throw new Error('this one changes its mind');
          return i;
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason.message).toBe('this one changes its mind');
    expect(committedTitles('mixed-')).toEqual(['mixed-0', 'mixed-1', 'mixed-3', 'mixed-4']);
  });

  it('keeps a group below its size limit waiting for nothing: more writes than fit still all commit', async () => {
    const writes = Array.from({ length: 150 }, (_, i) =>
      withBusinessLock(t.ctx.store, businessId, (trx) =>
        block(trx, `many-${String(i).padStart(3, '0')}`, Date.UTC(2032, 0, 1, 0, i)),
      ),
    );
    await Promise.all(writes);
    expect(committedTitles('many-')).toHaveLength(150);
  });
});
