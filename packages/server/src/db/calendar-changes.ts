/**
 * A counter that moves whenever this process writes something that can change which
 * slots are free: a booking, a blocked time, hours, a service, the business itself.
 * Caches of computed answers (routes/customer/slots-cache.ts) compare it to know when
 * they are stale. It is a Kysely plugin, so no write path can forget to announce
 * itself; the transaction helpers also move it when a transaction ends, so an answer
 * computed while a write was uncommitted is never kept past the commit.
 * A second counter moves only with the writes of a business's settings, the tables a grid
 * source holds (domain/grid-source.ts): bookings never move it, so a burst of bookings reads
 * its business once a second, not once a batch (docs/decisions/028).
 */
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** Tables whose rows never change a calendar: bookkeeping of mail, limits, keys, feedback and calendar reads. */
const NOT_CALENDAR = new Set([
  'mail_outbox',
  'rate_limits',
  'idempotency_keys',
  'feedback',
  'password_resets',
  'booking_undos',
  // A crew's login and its job starts (a completed job is a write of bookings, which counts).
  'crew_members',
  'job_starts',
  // A job's ticked steps (docs/decisions/050).
  'job_steps',
  // Photos and their store's queue of deletions (docs/decisions/053).
  'photos',
  'photo_removals',
  // A connected calendar's own row (its status, its claim) and the places cache change no slot;
  // its events do, in calendar_busy (docs/decisions/025).
  'calendar_connections',
  'calendar_places',
  // Insights' counters (docs/decisions/029): a beacon or a quote counted changes no slot, and must
  // not drop every kept slots answer.
  'funnel_days',
  'full_taps',
  'quote_demand',
  // An owner's quote (docs/decisions/039) holds no time: only its booking, a write of bookings, does.
  'owner_quotes',
]);

/** What a grid source holds (domain/grid-source.ts readGridSource): the business, its owner, week, services and crews. */
const SETTINGS = new Set(['businesses', 'users', 'availability', 'services', 'crews']);

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'TableNode')
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  return undefined;
}

function writtenTables(node: RootOperationNode): (string | undefined)[] | null {
  switch (node.kind) {
    case 'InsertQueryNode':
      return [tableName(node.into)];
    case 'UpdateQueryNode':
      return [tableName(node.table)];
    case 'DeleteQueryNode':
      return node.from.froms.map(tableName);
    default:
      // Selects read; raw SQL here is the rate-limit upsert, locks and transaction control.
      return null;
  }
}

export class CalendarChanges implements KyselyPlugin {
  private count = 0;
  private settingsCount = 0;

  get generation(): number {
    return this.count;
  }

  /** Moves with the writes of a business's settings only (SETTINGS above). */
  get settingsGeneration(): number {
    return this.settingsCount;
  }

  /** Something may have changed: forget every answer computed before now. */
  bump(): void {
    this.count++;
  }

  /** A business's settings may have changed: forget every grid source read before now. */
  bumpSettings(): void {
    this.settingsCount++;
  }

  /**
   * A transaction ended: reads made while it was open saw the calendar before it, and its
   * settings before it when it wrote any (`settingsBefore`: settingsGeneration when it began).
   */
  transactionEnded(settingsBefore: number): void {
    this.bump();
    if (this.settingsCount !== settingsBefore) this.bumpSettings();
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const tables = writtenTables(node);
    // A table we cannot name counts as a calendar table: better a recomputed answer than a stale one.
    if (tables?.some((t) => t === undefined || !NOT_CALENDAR.has(t))) this.bump();
    if (tables?.some((t) => t === undefined || SETTINGS.has(t))) this.bumpSettings();
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}
