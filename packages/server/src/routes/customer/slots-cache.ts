/**
 * The answers of get-available-slots, kept for a second, by request URL. Every visitor of a busy
 * owner's site asks for the same few days; recomputing each answer costs database
 * reads and the slot arithmetic, sending a kept one costs almost nothing.
 *
 * An answer is dropped the moment this process writes anything that can change a
 * calendar (db/calendar-changes.ts), so a customer who books sees the slot taken at
 * once. The one-second age limit bounds what no counter here can see: another
 * instance's writes, and the clock passing a slot's start. A slot shown free for that
 * second is still checked under the business's lock when it is booked, which answers
 * 'That time was just booked. Please pick another slot.' (docs/decisions/009).
 *
 * Requests that find no kept answer while one is being computed wait for that one
 * instead of each computing their own. Without this, every request that arrived during
 * a computation's database reads missed too: on PostgreSQL, where those reads take a
 * round trip, the bench's connections recomputed the same day over and over (the
 * figures: docs/decisions/009).
 */
import type { CalendarChanges } from '../../db/calendar-changes.ts';

export const SLOTS_MAX_AGE_MS = 1000;
/** Enough for every open day of many busy businesses; beyond it (a crawler's sweep) start afresh. */
const MAX_ENTRIES = 10_000;

interface Kept {
  body: string;
  at: number;
}

interface Computing {
  body: Promise<string>;
  /** The calendar generation it began at: a request that comes after a write must not join it. */
  generation: number;
}

export class SlotsCache {
  private readonly kept = new Map<string, Kept>();
  private readonly computing = new Map<string, Computing>();
  private generation: number;

  constructor(
    private readonly changes: CalendarChanges,
    private readonly now: () => number,
  ) {
    this.generation = changes.generation;
  }

  /** The kept JSON answer for this key, if it is younger than a second and no write came since. */
  get(key: string): string | undefined {
    this.dropIfChanged();
    const hit = this.kept.get(key);
    if (!hit) return undefined;
    const age = this.now() - hit.at;
    if (age >= 0 && age < SLOTS_MAX_AGE_MS) return hit.body;
    this.kept.delete(key);
    return undefined;
  }

  /**
   * Computes the answer and keeps it, unless a write happened while it was being
   * computed (the answer may predate that write, so it is sent but not kept). A request
   * for an answer already being computed since the last write waits for it instead.
   */
  async compute(key: string, work: () => Promise<unknown>): Promise<string> {
    this.dropIfChanged();
    const generation = this.changes.generation;
    const under = this.computing.get(key);
    if (under && under.generation === generation) return under.body;
    const at = this.now();
    const entry: Computing = { body: work().then((answer) => JSON.stringify(answer)), generation };
    this.computing.set(key, entry);
    try {
      const body = await entry.body;
      if (this.changes.generation === generation) {
        if (this.kept.size >= MAX_ENTRIES) this.kept.clear();
        this.kept.set(key, { body, at });
      }
      return body;
    } finally {
      // A computation begun after a write may have taken this one's place.
      if (this.computing.get(key) === entry) this.computing.delete(key);
    }
  }

  private dropIfChanged(): void {
    if (this.changes.generation !== this.generation) {
      this.kept.clear();
      this.generation = this.changes.generation;
    }
  }
}
