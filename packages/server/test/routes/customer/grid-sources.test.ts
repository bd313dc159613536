/**
 * A business's grid source is read at most once a second (routes/customer/grid-sources.ts), and
 * never kept past a write of this process or a failed read.
 */
import { describe, expect, it } from 'vitest';
import { CalendarChanges } from '../../../src/db/calendar-changes.ts';
import type { GridSource } from '../../../src/routes/customer/grid-sources.ts';
import { GridSources } from '../../../src/routes/customer/grid-sources.ts';
import { SLOTS_MAX_AGE_MS } from '../../../src/routes/customer/slots-cache.ts';

function counting(
  answer: () => Promise<GridSource | undefined> = async () => ({ crews: [] }) as unknown as GridSource,
) {
  const reads: string[] = [];
  return {
    reads,
    read: (businessId: string, serviceId: string | undefined) => {
      reads.push(`${businessId}/${serviceId ?? '-'}`);
      return answer();
    },
  };
}

describe('grid sources', () => {
  it('reads a business and service once within a second, and each other pair on its own', async () => {
    const clock = { now: 1000 };
    const { reads, read } = counting();
    const sources = new GridSources(new CalendarChanges(), () => clock.now, read);
    await sources.get('b1', 's1');
    await sources.get('b1', 's1');
    await sources.get('b1', undefined);
    await sources.get('b2', 's1');
    clock.now += SLOTS_MAX_AGE_MS - 1;
    await sources.get('b1', 's1');
    expect(reads).toEqual(['b1/s1', 'b1/-', 'b2/s1']);
    clock.now += 1;
    await sources.get('b1', 's1');
    expect(reads).toEqual(['b1/s1', 'b1/-', 'b2/s1', 'b1/s1']);
  });

  it('reads again after any write that can change a calendar, even one made during the read', async () => {
    const changes = new CalendarChanges();
    const { reads, read } = counting();
    const sources = new GridSources(changes, () => 1000, read);
    await sources.get('b1', 's1');
    changes.bump();
    await sources.get('b1', 's1');
    expect(reads).toHaveLength(2);
    const during = sources.get('b1', 's2');
    changes.bump();
    await during;
    await sources.get('b1', 's2');
    expect(reads).toEqual(['b1/s1', 'b1/s1', 'b1/s2', 'b1/s2']);
  });

  it('shares one read among the requests that come while it runs, and keeps no failed read', async () => {
    let fail = true;
    const { reads, read } = counting(async () => {
      if (fail) throw new Error('database down');
      return { crews: [] } as unknown as GridSource;
    });
    const sources = new GridSources(new CalendarChanges(), () => 1000, read);
    const first = sources.get('b1', 's1');
    const second = sources.get('b1', 's1');
    await expect(first).rejects.toThrow('database down');
    await expect(second).rejects.toThrow('database down');
    expect(reads).toHaveLength(1);
    fail = false;
    await expect(sources.get('b1', 's1')).resolves.toEqual({ crews: [] });
    expect(reads).toHaveLength(2);
  });
});
