/**
 * Group commit (db/transaction.ts): calendar writes that arrive together share one
 * transaction, each in its own savepoint; nobody hears "done" before the commit. On
 * PostgreSQL the group is per business, so a burst for one business uses one pooled
 * connection and leaves the others to everyone else.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBusinessLock, writesSettled } from '../../src/db/transaction.ts';
import { createTestApp, onboardedOwner, storages, type TestApp } from '../helpers.ts';

const TITLES = 'select title from blocked_times where business_id = $1 and title like $2 order by title';

/** A second connection, which sees only what is committed. */
interface Reader {
  titles(businessId: string, prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

async function openReader(t: TestApp, kind: string): Promise<Reader> {
  if (kind === 'sqlite') {
    const db = new SQLite(join(t.config.dataDir, 'app.db'), { readonly: true });
    const titles = db.prepare(TITLES.replace('$1', '?').replace('$2', '?'));
    return {
      titles: async (businessId, prefix) =>
        (titles.all(businessId, `${prefix}%`) as { title: string }[]).map((r) => r.title),
      close: async () => {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  return {
    titles: async (businessId, prefix) =>
      (await client.query<{ title: string }>(TITLES, [businessId, `${prefix}%`])).rows.map((r) => r.title),
    close: () => client.end(),
  };
}

describe.each(storages())('group commit on %s', (kind) => {
  let t: TestApp;
  let businessId: string;
  let reader: Reader;
  beforeAll(async () => {
    t = await createTestApp(kind);
    businessId = (await onboardedOwner(t.app)).businessId;
    reader = await openReader(t, kind);
  });
  afterAll(async () => {
    await reader.close();
    await t.close();
  });

  const committedTitles = (prefix: string, of = businessId) => reader.titles(of, prefix);

  function block(
    trx: Parameters<Parameters<typeof withBusinessLock>[2]>[0],
    title: string,
    at: number,
    of = businessId,
  ) {
    return t.ctx.repos.calendar.insertBlocked(trx, {
      id: randomUUID(),
      business_id: of,
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
        seenByOthers.push(await committedTitles('group-'));
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
    expect(await committedTitles('group-')).toHaveLength(10);
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
    expect(await committedTitles('mixed-')).toEqual(['mixed-0', 'mixed-1', 'mixed-3', 'mixed-4']);
  });

  it('keeps a group below its size limit waiting for nothing: more writes than fit still all commit', async () => {
    const writes = Array.from({ length: 150 }, (_, i) =>
      withBusinessLock(t.ctx.store, businessId, (trx) =>
        block(trx, `many-${String(i).padStart(3, '0')}`, Date.UTC(2032, 0, 1, 0, i)),
      ),
    );
    await Promise.all(writes);
    expect(await committedTitles('many-')).toHaveLength(150);
  });

  it('settles every write handed out before the database may close (shutdown)', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const writes = Array.from({ length: 3 }, (_, i) =>
      withBusinessLock(t.ctx.store, businessId, async (trx) => {
        await held;
        await block(trx, `settle-${i}`, Date.UTC(2031, 0, 1, i));
      }),
    );
    let settled = false;
    const settling = writesSettled(t.ctx.store).then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);
    release();
    await settling;
    expect(await committedTitles('settle-')).toHaveLength(3);
    await Promise.all(writes);
  });

  it('lets another business write while a burst for one business is held inside its transaction', async () => {
    const other = (await onboardedOwner(t.app)).businessId;
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    // More writes than the pool has connections (10), the first held until the gate opens.
    const burst = Array.from({ length: 14 }, (_, i) =>
      withBusinessLock(t.ctx.store, businessId, async (trx) => {
        await block(trx, `burst-${String(i).padStart(2, '0')}`, Date.UTC(2033, 0, 1, i));
        if (i === 0) await gate;
      }),
    );
    await new Promise((r) => setTimeout(r, 50));
    if (kind === 'postgres') {
      await withBusinessLock(t.ctx.store, other, (trx) => block(trx, 'meanwhile', Date.UTC(2033, 0, 1), other));
      expect(await committedTitles('meanwhile', other)).toEqual(['meanwhile']);
      expect(await committedTitles('burst-')).toEqual([]);
    }
    open();
    await Promise.all(burst);
    expect(await committedTitles('burst-')).toHaveLength(14);
  });
});
