/**
 * Group commit (db/transaction.ts): calendar writes that arrive together share one
 * transaction, each in its own savepoint; nobody hears "done" before the commit. On
 * PostgreSQL the group is per business, so a burst for one business uses one pooled
 * connection and leaves the others to everyone else.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AfterWrites, type Tx, withBusinessLock, writesSettled } from '../../src/db/transaction.ts';
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

  it('rolls back a write whose statements went out together and one failed; the others are kept', async () => {
    const taken = randomUUID();
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) =>
        withBusinessLock(t.ctx.store, businessId, async (trx) => {
          const at = Date.UTC(2034, 0, 1, i);
          // Not awaited one by one: on PostgreSQL the writer's connection sends them together.
          await Promise.all([
            block(trx, `together-${i}`, at),
            i === 1
              ? trx
                  .insertInto('blocked_times')
                  .values({
                    id: taken,
                    business_id: businessId,
                    title: 'twice',
                    reason: 'custom',
                    start_ms: at,
                    end_ms: at + 1,
                    created_at: at,
                  })
                  .execute()
              : Promise.resolve(),
          ]);
          if (i === 0)
            await trx
              .insertInto('blocked_times')
              .values({
                id: taken,
                business_id: businessId,
                title: 'first',
                reason: 'custom',
                start_ms: at,
                end_ms: at + 1,
                created_at: at,
              })
              .execute();
          return i;
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await committedTitles('together-')).toEqual(['together-0', 'together-2', 'together-3']);
  });

  it.runIf(kind === 'postgres')(
    'fails the batch, never commits it, when a write swallowed an error that aborted the transaction',
    async () => {
      const results = await Promise.allSettled([
        withBusinessLock(t.ctx.store, businessId, (trx) => block(trx, 'aborted-0', Date.UTC(2035, 0, 1))),
        withBusinessLock(t.ctx.store, businessId, async (trx) => {
          await sql`select 1 / 0`.execute(trx).catch(() => {});
          return 'carried on';
        }),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect(await committedTitles('aborted-')).toEqual([]);
    },
  );

  describe('a job answering before its writes (AfterWrites: the next job starts behind them)', () => {
    /** A job that reads what is committed to its transaction so far, then writes without waiting. */
    const job = (
      prefix: string,
      i: number,
      write: (trx: Tx) => Promise<unknown> = (trx) => block(trx, `${prefix}-${i}`, Date.UTC(2036, 0, 1, i)),
    ) =>
      withBusinessLock(
        t.ctx.store,
        businessId,
        async (trx) => {
          const seen = await trx
            .selectFrom('blocked_times')
            .select('title')
            .where('business_id', '=', businessId)
            .where('title', 'like', `${prefix}-%`)
            .orderBy('title')
            .execute();
          return new AfterWrites(
            write(trx),
            seen.map((r) => r.title),
          );
        },
        { rerunnable: true },
      );

    it('keeps them all, each job seeing the writes of the ones before it', async () => {
      const results = await Promise.all(Array.from({ length: 4 }, (_, i) => job('behind', i)));
      expect(results).toEqual([[], ['behind-0'], ['behind-0', 'behind-1'], ['behind-0', 'behind-1', 'behind-2']]);
      expect(await committedTitles('behind-')).toEqual(['behind-0', 'behind-1', 'behind-2', 'behind-3']);
    });

    it('fails the one whose write the database refuses; the job behind it runs again and is kept', async () => {
      const id = randomUUID();
      const insertTwice = (trx: Tx) => {
        const row = {
          id,
          business_id: businessId,
          title: 'refused-1',
          reason: 'custom',
          start_ms: 1,
          end_ms: 2,
          created_at: 1,
        };
        // Two statements sent at once, the second refused (the same id): the transaction stops there.
        return Promise.all([
          trx.insertInto('blocked_times').values(row).execute(),
          trx.insertInto('blocked_times').values(row).execute(),
        ]);
      };
      const results = await Promise.allSettled([
        job('refused', 0),
        job('refused', 1, insertTwice),
        job('refused', 2),
        job('refused', 3),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      // The job behind the refused one saw nothing of it: it ran again after the rollback.
      expect((results[2] as PromiseFulfilledResult<string[]>).value).toEqual(['refused-0']);
      expect((results[3] as PromiseFulfilledResult<string[]>).value).toEqual(['refused-0', 'refused-2']);
      expect(await committedTitles('refused-')).toEqual(['refused-0', 'refused-2', 'refused-3']);
    });

    it("fails the one whose own check of its writes' answer throws, undoing them; the job behind runs again", async () => {
      // As an idempotency key taken meanwhile does (repositories/idempotency.ts): the database
      // accepted every statement, so the savepoint behind them was set and must be undone too.
      const changesItsMind = async (trx: Tx) => {
        await block(trx, 'checked-1', Date.UTC(2037, 0, 1));
        throw new Error('the answer said no');
      };
      const results = await Promise.allSettled([
        job('checked', 0),
        job('checked', 1, changesItsMind),
        job('checked', 2),
        job('checked', 3),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect((results[1] as PromiseRejectedResult).reason.message).toBe('the answer said no');
      expect((results[2] as PromiseFulfilledResult<string[]>).value).toEqual(['checked-0']);
      expect(await committedTitles('checked-')).toEqual(['checked-0', 'checked-2', 'checked-3']);
    });

    it('waits for the writes before a job that may not run twice, and fails only the job that threw', async () => {
      let runs = 0;
      // In this order in one group: the job that throws, one that may not run twice, one more.
      const results = await Promise.allSettled([
        job('once', 0, async (trx) => {
          await block(trx, 'once-0', Date.UTC(2038, 0, 1, 1));
          throw new Error('no');
        }),
        withBusinessLock(t.ctx.store, businessId, async (trx) => {
          runs += 1;
          await block(trx, 'once-1', Date.UTC(2038, 0, 1));
          return 'once';
        }),
        job('once', 2),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
      expect(runs).toBe(1);
      expect(await committedTitles('once-')).toEqual(['once-1', 'once-2']);
    });
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
