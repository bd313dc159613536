/**
 * A business's grid source is read at most once a second (routes/customer/grid-sources.ts), and
 * never kept past a write of this process to what it holds (its business, owner, week, services,
 * crews) or a failed read; a booking's writes keep it.
 */
import { describe, expect, it } from 'vitest';
import { CalendarChanges } from '../../../src/db/calendar-changes.ts';
import type { GridSource } from '../../../src/domain/grid-source.ts';
import { GridSources } from '../../../src/routes/customer/grid-sources.ts';
import { SLOTS_MAX_AGE_MS } from '../../../src/routes/customer/slots-cache.ts';

function counting(
  answer: () => Promise<GridSource | undefined> = async () => ({ crews: [] }) as unknown as GridSource,
) {
  const reads: string[] = [];
  return {
    reads,
    read: (businessId: string) => {
      reads.push(businessId);
      return answer();
    },
  };
}

describe('grid sources', () => {
  it('reads a business once within a second, and each other business on its own', async () => {
    const clock = { now: 1000 };
    const { reads, read } = counting();
    const sources = new GridSources(new CalendarChanges(), () => clock.now, read);
    await sources.get('b1');
    await sources.get('b1');
    await sources.get('b2');
    clock.now += SLOTS_MAX_AGE_MS - 1;
    await sources.get('b1');
    expect(reads).toEqual(['b1', 'b2']);
    clock.now += 1;
    await sources.get('b1');
    expect(reads).toEqual(['b1', 'b2', 'b1']);
  });

  it("reads again after any write of a business's settings, even one made during the read", async () => {
    const changes = new CalendarChanges();
    const { reads, read } = counting();
    const sources = new GridSources(changes, () => 1000, read);
    await sources.get('b1');
    changes.bumpSettings();
    await sources.get('b1');
    expect(reads).toHaveLength(2);
    const during = sources.get('b2');
    changes.bumpSettings();
    await during;
    await sources.get('b2');
    expect(reads).toEqual(['b1', 'b1', 'b2', 'b2']);
  });

  it("keeps the source through a booking's writes: they change a calendar, not what it holds", async () => {
    const changes = new CalendarChanges();
    const { reads, read } = counting();
    const sources = new GridSources(changes, () => 1000, read);
    await sources.get('b1');
    changes.transactionEnded(changes.settingsGeneration);
    await sources.get('b1');
    expect(reads).toEqual(['b1']);
  });

  it('shares one read among the requests that come while it runs, and keeps no failed read', async () => {
    let fail = true;
    const { reads, read } = counting(async () => {
      if (fail) throw new Error('database down');
      return { crews: [] } as unknown as GridSource;
    });
    const sources = new GridSources(new CalendarChanges(), () => 1000, read);
    const first = sources.get('b1');
    const second = sources.get('b1');
    await expect(first).rejects.toThrow('database down');
    await expect(second).rejects.toThrow('database down');
    expect(reads).toHaveLength(1);
    fail = false;
    await expect(sources.get('b1')).resolves.toEqual({ crews: [] });
    expect(reads).toHaveLength(2);
  });
});
