/**
 * Each business's grid source (domain/grid-source.ts: the business, its owner's e-mail, week,
 * services and crews) kept for a second, as the kept answers are (slots-cache.ts,
 * docs/decisions/009), and dropped the moment this process writes any of those tables
 * (db/calendar-changes.ts settingsGeneration). A customer's widget asks one business for several
 * days and months in a row and then a quote and a booking, and the visitors of one site ask the
 * same business: each computed answer then costs one read, its calendar's, and a booking reads
 * its business once a second instead of five times a request (docs/decisions/028). Another
 * instance's change of hours, prices or crews shows within the second, as a kept answer's does;
 * a booking is still checked under the lock against the calendar as saved.
 */
import type { AppContext } from '../../context.ts';
import type { CalendarChanges } from '../../db/calendar-changes.ts';
import { type GridSource, readGridSource } from '../../domain/grid-source.ts';
import { businessNotFound } from '../../domain/lookup.ts';
import { SLOTS_MAX_AGE_MS } from './slots-cache.ts';

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
    private readonly read: (businessId: string) => Promise<GridSource | undefined>,
  ) {
    this.generation = changes.settingsGeneration;
  }

  /** The business's grid source (undefined: no such business), read at most once a second. */
  get(businessId: string): Promise<GridSource | undefined> {
    if (this.changes.settingsGeneration !== this.generation) {
      this.kept.clear();
      this.generation = this.changes.settingsGeneration;
    }
    const hit = this.kept.get(businessId);
    const at = this.now();
    if (hit && at - hit.at >= 0 && at - hit.at < SLOTS_MAX_AGE_MS) return hit.source;
    if (hit) this.kept.delete(businessId);
    const generation = this.generation;
    const source = this.read(businessId);
    // Kept only while no write came in meanwhile, and never a failed read.
    const entry = { source, at };
    this.kept.set(businessId, entry);
    source.then(
      () => {
        if (this.changes.settingsGeneration !== generation && this.kept.get(businessId) === entry)
          this.kept.delete(businessId);
      },
      () => {
        if (this.kept.get(businessId) === entry) this.kept.delete(businessId);
      },
    );
    if (this.kept.size > MAX_ENTRIES) this.kept.delete(this.kept.keys().next().value!);
    return source;
  }
}

/** The business's grid source, or the refusal of a businessId that names none. */
export async function sourceOf(ctx: AppContext, businessId: string): Promise<GridSource> {
  const source = await gridSourcesOf(ctx).get(businessId);
  if (!source) throw businessNotFound(businessId);
  return source;
}

/** One app's sources, shared by its catalogue (slots, month, quote) and booking calls. */
const byApp = new WeakMap<AppContext, GridSources>();

function gridSourcesOf(ctx: AppContext): GridSources {
  let sources = byApp.get(ctx);
  if (!sources) {
    sources = new GridSources(ctx.store.changes, ctx.now, (businessId) => readGridSource(ctx, businessId));
    byApp.set(ctx, sources);
  }
  return sources;
}
