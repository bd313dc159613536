/**
 * What the slots and month answers read about a business before its calendar: its zone, week,
 * booking window, travel, the service and its crews (a grid source). Kept for a second, as the
 * answers are (slots-cache.ts, docs/decisions/009), and dropped the moment this process writes
 * anything that can change a calendar (db/calendar-changes.ts). A customer's widget asks one
 * business for several days and months in a row, and the visitors of one site ask the same
 * business: each computed answer then costs one read, its calendar's, instead of three
 * (docs/decisions/028). Another instance's change of hours or crews shows within the second,
 * as a kept answer's does; a booking is still checked under the lock against what is saved.
 */
import type { CalendarChanges } from '../../db/calendar-changes.ts';
import type { MonthContext } from '../../repositories/calendar.ts';
import type { CrewRow } from '../../repositories/crews.ts';
import { SLOTS_MAX_AGE_MS } from './slots-cache.ts';

export interface GridSource {
  context: MonthContext;
  crews: CrewRow[];
}

interface Kept {
  source: Promise<GridSource | undefined>;
  at: number;
}

/** Enough for every business that is asked about within a second; past it, the oldest go first. */
const MAX_ENTRIES = 5000;

export class GridSources {
  private readonly kept = new Map<string, Kept>();
  private generation: number;

  constructor(
    private readonly changes: CalendarChanges,
    private readonly now: () => number,
    private readonly read: (businessId: string, serviceId: string | undefined) => Promise<GridSource | undefined>,
  ) {
    this.generation = changes.generation;
  }

  /** The business's grid source for a service (undefined: no such business), read at most once a second. */
  get(businessId: string, serviceId: string | undefined): Promise<GridSource | undefined> {
    if (this.changes.generation !== this.generation) {
      this.kept.clear();
      this.generation = this.changes.generation;
    }
    const key = `${businessId.length}:${businessId}${serviceId ?? '-'}`;
    const hit = this.kept.get(key);
    const at = this.now();
    if (hit && at - hit.at >= 0 && at - hit.at < SLOTS_MAX_AGE_MS) return hit.source;
    if (hit) this.kept.delete(key);
    const generation = this.generation;
    const source = this.read(businessId, serviceId);
    // Kept only while no write came in meanwhile, and never a failed read.
    const entry = { source, at };
    this.kept.set(key, entry);
    source.then(
      () => {
        if (this.changes.generation !== generation && this.kept.get(key) === entry) this.kept.delete(key);
      },
      () => {
        if (this.kept.get(key) === entry) this.kept.delete(key);
      },
    );
    if (this.kept.size > MAX_ENTRIES) this.kept.delete(this.kept.keys().next().value!);
    return source;
  }
}
