/**
 * The answers of get-available-slots and available-days, kept for a second, by the query that matters
 * (slotsKey: the parameters' order, unknown parameters and cache-busters do not count,
 * so junk cannot fill the cache). Every visitor of a busy owner's site asks for the
 * same few days; recomputing each answer costs database reads and the slot
 * arithmetic, sending a kept one costs almost nothing.
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
import type { RawQuery } from '../register.ts';

export const SLOTS_MAX_AGE_MS = 1000;
/**
 * Enough for every open day of many busy businesses; beyond either bound (a crawler's
 * sweep) the oldest answers go first. Bytes count the answers' and keys' characters
 * (the answers are ASCII JSON).
 */
const LIMITS = { entries: 10_000, bytes: 16 * 1024 * 1024 };

/** One part of a key: its length before it, so no two queries' parts run together; "-" when absent. */
function part(value: string | undefined): string {
  return value === undefined ? '-' : `${value.length}:${value}`;
}

/**
 * The key of a slots answer, from the query as sent (before validation): the parameters
 * the answer depends on, in a fixed order. None for a manage link's query (never kept)
 * or one with a parameter given twice (not a string); such a request is validated and
 * computed as usual. Two queries with one key validate alike, since the schema reads
 * nothing else, so a kept answer (kept only for a valid query) never answers an invalid one.
 */
export function slotsKey(query: RawQuery<'SlotsQuery'>): string | undefined {
  const { businessId, date, serviceId, address, extraMinutes } = query;
  if (query.token !== undefined || typeof businessId !== 'string' || typeof date !== 'string') return undefined;
  if (serviceId !== undefined && typeof serviceId !== 'string') return undefined;
  if (address !== undefined && typeof address !== 'string') return undefined;
  if (extraMinutes !== undefined && typeof extraMinutes !== 'string') return undefined;
  return `${part(businessId)}${part(date)}${part(serviceId)}${part(address)}${part(extraMinutes)}`;
}

/**
 * The key of a month's answer (available-days), as slotsKey: the parameters it depends on,
 * in a fixed order, after "days" (a slots key starts with a digit, so the two never meet).
 */
export function availableDaysKey(query: RawQuery<'AvailableDaysQuery'>): string | undefined {
  const { businessId, month, serviceId, address, extraMinutes } = query;
  // A manage link's month is that booking's alone: never kept.
  if (query.token !== undefined || typeof businessId !== 'string' || typeof month !== 'string') return undefined;
  if (serviceId !== undefined && typeof serviceId !== 'string') return undefined;
  if (address !== undefined && typeof address !== 'string') return undefined;
  if (extraMinutes !== undefined && typeof extraMinutes !== 'string') return undefined;
  return `days${part(businessId)}${part(month)}${part(serviceId)}${part(address)}${part(extraMinutes)}`;
}

/**
 * Answers are kept as UTF-8 bytes, encoded once: written as a string, each of the busiest
 * answers the server sends was encoded again on every hit (a CPU profile of the slots load
 * on Node 24 showed writeUtf8String at about a quarter of the server's busy time).
 */
interface Kept {
  body: Buffer;
  at: number;
  /** What it counts against the bound in bytes. */
  size: number;
}

interface Computing {
  body: Promise<Buffer>;
  /** The calendar generation it began at: a request that comes after a write must not join it. */
  generation: number;
}

export class SlotsCache {
  private readonly kept = new Map<string, Kept>();
  private readonly computing = new Map<string, Computing>();
  private generation: number;
  private bytes = 0;

  constructor(
    private readonly changes: CalendarChanges,
    private readonly now: () => number,
    private readonly limits: { entries: number; bytes: number } = LIMITS,
  ) {
    this.generation = changes.generation;
  }

  /** The kept JSON answer for this key, if it is younger than a second and no write came since. */
  get(key: string): Buffer | undefined {
    this.dropIfChanged();
    const hit = this.kept.get(key);
    if (!hit) return undefined;
    const age = this.now() - hit.at;
    if (age >= 0 && age < SLOTS_MAX_AGE_MS) return hit.body;
    this.drop(key, hit);
    return undefined;
  }

  /**
   * Computes the answer and keeps it, unless a write happened while it was being
   * computed (the answer may predate that write, so it is sent but not kept). A request
   * for an answer already being computed since the last write waits for it instead.
   */
  async compute(key: string, work: () => Promise<unknown>): Promise<Buffer> {
    this.dropIfChanged();
    const generation = this.changes.generation;
    const under = this.computing.get(key);
    if (under && under.generation === generation) return under.body;
    const at = this.now();
    const entry: Computing = { body: work().then((answer) => Buffer.from(JSON.stringify(answer))), generation };
    this.computing.set(key, entry);
    try {
      const body = await entry.body;
      if (this.changes.generation === generation) this.keep(key, { body, at, size: key.length + body.length });
      return body;
    } finally {
      // A computation begun after a write may have taken this one's place.
      if (this.computing.get(key) === entry) this.computing.delete(key);
    }
  }

  /** Keeps an answer as the newest, first dropping the oldest ones (a Map iterates in insertion order) to stay in bounds. */
  private keep(key: string, entry: Kept): void {
    if (entry.size > this.limits.bytes) return;
    const old = this.kept.get(key);
    if (old) this.drop(key, old);
    for (const [oldest, kept] of this.kept) {
      if (this.kept.size < this.limits.entries && this.bytes + entry.size <= this.limits.bytes) break;
      this.drop(oldest, kept);
    }
    this.kept.set(key, entry);
    this.bytes += entry.size;
  }

  private drop(key: string, entry: Kept): void {
    this.kept.delete(key);
    this.bytes -= entry.size;
  }

  private dropIfChanged(): void {
    if (this.changes.generation !== this.generation) {
      this.kept.clear();
      this.bytes = 0;
      this.generation = this.changes.generation;
    }
  }
}
