/**
 * The owner's own calendars, read in (issue 27; docs/decisions/025): reading a calendar by its
 * secret address (calendars/fetch.ts, guarded against private addresses), expanding it over the
 * window customers may book (calendars/expand.ts), leaving out our own feed's events read back,
 * locating the events' places (a capped number of lookups per read, each text once per
 * business), and recording each read: a good one replaces the calendar's busy events in one
 * transaction; a failing calendar keeps its last good events for 24 hours, then they are
 * dropped and the owner is mailed, once. One instance reads a calendar at a time (a claim on
 * its row); reads are due every 10 minutes and on the owner's Refresh.
 */
import { randomUUID } from 'node:crypto';
import type { ConnectedCalendar } from '@slotwise/shared/api';
import { ownEventOf } from '@slotwise/shared/ics';
import { NOT_TURNED_ON } from '@slotwise/shared/not-turned-on';
import { addDays } from '@slotwise/shared/slots';
import { localToUtcMs, longDate, todayIn, utcMsToLocal } from '@slotwise/shared/time-zone';
import type { FastifyBaseLogger } from 'fastify';
import { addressAllowed } from '../calendars/address-guard.ts';
import { type BusyEvent, type ExpandWindow, type Expansion, NotICalendar } from '../calendars/expand.ts';
import { CalendarFetchError, fetchCalendar, normaliseAddress } from '../calendars/fetch.ts';
import { ExpansionStopped } from '../calendars/sandbox.ts';
import { addressHint, expansionWords, failureWords, unparsableWords } from '../calendars/words.ts';
import type { AppContext } from '../context.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { calendarFailingMail } from '../mail/templates.ts';
import { type SecretBox, secretBox } from '../payments/secret-box.ts';
import type { Business } from '../repositories/businesses.ts';
import type { BusyRow, ConnectionResult, ConnectionRow } from '../repositories/connected-calendars.ts';
import { queueMail } from '../repositories/mail-outbox.ts';
import { bookingWindowOf, lastBookableDay } from './booking-window.ts';
import { locate } from './places.ts';

/** Each calendar is read this often. */
const READ_EVERY_MS = 10 * 60_000;
/** A calendar failing this long loses its busy events, and the owner is mailed. */
const STALE_AFTER_MS = 24 * 3600_000;
/**
 * How long a read holds its calendar: longer than any read (the fetch's limit is at most a
 * minute, the expansion's two).
 */
const LEASE_MS = 5 * 60_000;
/**
 * The next read of a calendar whose expansion passed its time or memory limit: never by the
 * schedule (each read would cost a worker the whole limit again, every 10 minutes), only by the
 * owner's Refresh, which claims regardless (docs/decisions/031).
 */
const HELD = Number.MAX_SAFE_INTEGER;
/** New event places looked up per read; the rest wait for the next reads (the lookups are remembered). */
const LOOKUPS_PER_READ = 20;
const TITLE_MAX = 200;

/** The box calendar addresses are sealed in (under a key of their own, derived from ENCRYPTION_KEY). */
export function calendarBox(ctx: AppContext): SecretBox {
  if (!ctx.config.encryptionKey) throw new AppError('CALENDARS_NOT_CONFIGURED', NOT_TURNED_ON.calendars);
  return secretBox(ctx.config.encryptionKey, 'calendar-addresses-v1');
}

/** The days read: today to the last day customers may book, in the business's zone; its key names it. */
function windowOf(business: Business, now: number): ExpandWindow & { key: string } {
  const zone = business.time_zone;
  const first = todayIn(zone, now);
  const last = lastBookableDay(bookingWindowOf(business), zone, now);
  return {
    startMs: localToUtcMs(first, '00:00', zone),
    endMs: localToUtcMs(addDays(last, 1), '00:00', zone),
    timeZone: zone,
    key: `${first}/${last}/${zone}`,
  };
}

type Outcome =
  | {
      kind: 'read';
      events: BusyEvent[];
      etag: string | null;
      lastModified: string | null;
      window: string;
      /** Events dropped for a recurrence rule that can never occur (calendars/rule-can-occur.ts). */
      neverOccurring: number;
    }
  | { kind: 'unchanged' }
  /** `held`: the expansion passed a limit; not read again until the owner acts. */
  | { kind: 'failed'; words: string; held?: boolean };

/**
 * Reads and expands a calendar. `validators` (the last good read's ETag and Last-Modified) are
 * sent only by the caller that knows the stored events still cover today's window.
 */
async function readAddress(
  ctx: AppContext,
  business: Business,
  address: string,
  validators: { etag: string | null; lastModified: string | null } | null,
  when: 'connect' | 'read',
): Promise<Outcome> {
  const limits = ctx.config.calendarFetch;
  const window = windowOf(business, ctx.now());
  let text: string;
  let etag: string | null = null;
  let lastModified: string | null = null;
  try {
    const answer = await fetchCalendar(address, {
      timeoutMs: limits.timeoutMs,
      maxBytes: limits.maxBytes,
      allowAddress: addressAllowed(limits),
      etag: validators?.etag ?? null,
      lastModified: validators?.lastModified ?? null,
      userAgent: `Slotwise-Calendar/1.0 (+${ctx.config.publicUrl})`,
    });
    if (answer.kind === 'unchanged') return { kind: 'unchanged' };
    ({ text, etag, lastModified } = answer);
  } catch (err) {
    if (err instanceof CalendarFetchError) return { kind: 'failed', words: failureWords(err.failure, limits) };
    throw err;
  }
  const host = normaliseAddress(address).host;
  let expanded: Expansion;
  try {
    // In a worker, never on this event loop: the file is the owner's, or whoever serves it.
    const { startMs, endMs, timeZone } = window;
    expanded = await ctx.calendarSandbox.expand(text, { startMs, endMs, timeZone }, business.id);
  } catch (err) {
    if (err instanceof NotICalendar) return { kind: 'failed', words: unparsableWords(host) };
    if (err instanceof ExpansionStopped)
      return { kind: 'failed', words: expansionWords(err.kind, host, limits, when), held: err.kind !== 'crashed' };
    throw err;
  }
  return {
    kind: 'read',
    events: await withoutOwnEvents(ctx, business.id, expanded.events),
    etag,
    lastModified,
    window: window.key,
    neverOccurring: expanded.neverOccurring,
  };
}

/**
 * Our own bookings and blocked times read back (the owner subscribed to our feed in the same
 * calendar, or accepted our invitations): never busy, or a booking would block its own time.
 * Only this business's: a booking of another business here is the owner's own appointment.
 */
async function withoutOwnEvents(ctx: AppContext, businessId: string, events: BusyEvent[]): Promise<BusyEvent[]> {
  const ours = events.map((e) => ownEventOf(e.uid, ctx.config.publicUrl));
  if (ours.every((o) => o === null)) return events;
  const own = await ctx.repos.connectedCalendars.ownIds(businessId, {
    bookings: ours.filter((o) => o?.kind === 'booking').map((o) => o!.id),
    blocked: ours.filter((o) => o?.kind === 'blocked').map((o) => o!.id),
  });
  return events.filter((_, i) => !(ours[i] && own.has(ours[i].id)));
}

/** A location worth looking up: not a video call's link. Line breaks (Apple's) become commas. */
function placeText(location: string | null): string | null {
  if (!location || /https?:\/\/|www\./i.test(location)) return null;
  const text = location.replace(/\s*[\r\n]+\s*/g, ', ').trim();
  return text.length >= 3 && text.length <= 300 ? text : null;
}

/** The coordinates of the events' places: remembered ones, and up to LOOKUPS_PER_READ new lookups. */
async function placesOf(
  ctx: AppContext,
  businessId: string,
  events: BusyEvent[],
  log: FastifyBaseLogger,
): Promise<Map<string, { lat: number; lng: number } | null>> {
  const texts = [...new Set(events.filter((e) => !e.allDay).map((e) => placeText(e.location)))].filter(
    (t): t is string => t !== null,
  );
  if (texts.length === 0) return new Map();
  const known = await ctx.repos.connectedCalendars.places(businessId, texts);
  let lookups = 0;
  for (const text of texts) {
    if (known.has(text) || lookups >= LOOKUPS_PER_READ) continue;
    lookups++;
    try {
      const at = await locate(ctx, text, log);
      known.set(text, { lat: at.lat, lng: at.lng });
    } catch (err) {
      // Down for now: asked again at the next read. Not found: remembered as such.
      if (!(err instanceof AppError) || err.code !== 'ADDRESS_NOT_FOUND') continue;
      known.set(text, null);
    }
    await ctx.repos.connectedCalendars.rememberPlace(businessId, text, known.get(text) ?? null, ctx.now());
  }
  return known;
}

/** The rows a read's events become. */
async function busyRowsOf(
  ctx: AppContext,
  business: Business,
  connection: Pick<ConnectionRow, 'id' | 'crew_id'>,
  events: BusyEvent[],
  log: FastifyBaseLogger,
): Promise<BusyRow[]> {
  const places = await placesOf(ctx, business.id, events, log);
  return events.map((e) => {
    const text = e.allDay ? null : placeText(e.location);
    const at = text ? places.get(text) : null;
    return {
      id: randomUUID(),
      business_id: business.id,
      connection_id: connection.id,
      crew_id: connection.crew_id,
      start_ms: e.startMs,
      end_ms: e.endMs,
      all_day: e.allDay ? 1 : 0,
      title: e.title.slice(0, TITLE_MAX),
      day: utcMsToLocal(e.startMs, business.time_zone).day,
      lat: at?.lat ?? null,
      lng: at?.lng ?? null,
    };
  });
}

/** Events dropped for a rule that can never occur: the read is good, the file odd; the log says so. */
function noteNeverOccurring(
  log: FastifyBaseLogger,
  businessId: string,
  calendarId: string,
  hint: string,
  count: number,
) {
  log.warn(
    { businessId, calendarId, hint, events: count },
    'connected calendar events dropped: their recurrence rules can never occur',
  );
}

/** What a good read records on the connection. */
function goodRead(now: number, read?: Extract<Outcome, { kind: 'read' }>): ConnectionResult {
  return {
    last_fetched_at: now,
    last_success_at: now,
    last_error: null,
    failing_since: null,
    warned_at: null,
    next_fetch_at: now + READ_EVERY_MS,
    ...(read
      ? {
          events_found: read.events.length,
          etag: read.etag,
          last_modified: read.lastModified,
          expanded_for: read.window,
        }
      : {}),
  };
}

/** Raised inside a transaction to roll it back: another instance took the connection over. */
class ClaimLost extends Error {}

/**
 * Reads one connection this instance has claimed (`claim`: its fetching_until) and records the
 * outcome. Answers whether the outcome was recorded (false: the claim was lost meanwhile).
 */
async function readClaimed(
  ctx: AppContext,
  business: Business,
  row: ConnectionRow,
  claim: number,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const repo = ctx.repos.connectedCalendars;
  let address: string | null;
  try {
    address = calendarBox(ctx).open(row.url_enc, business.id);
  } catch {
    address = null;
  }
  const window = windowOf(business, ctx.now());
  // The stored events cover today's window and were not dropped: an unchanged calendar may answer 304.
  const validators =
    row.expanded_for === window.key && row.warned_at === null
      ? { etag: row.etag, lastModified: row.last_modified }
      : null;
  const result: Outcome =
    address === null
      ? { kind: 'failed', words: NOT_TURNED_ON.calendarSealedElsewhere }
      : await readAddress(ctx, business, address, validators, 'read');
  const now = ctx.now();
  try {
    if (result.kind === 'read') {
      if (result.neverOccurring > 0) noteNeverOccurring(log, business.id, row.id, row.url_hint, result.neverOccurring);
      const rows = await busyRowsOf(ctx, business, row, result.events, log);
      await inTransaction(ctx.store, async (trx) => {
        if (!(await repo.finish(trx, row.id, claim, goodRead(now, result)))) throw new ClaimLost();
        await repo.replaceBusy(trx, row.id, rows);
      });
      return true;
    }
    if (result.kind === 'unchanged')
      return await inTransaction(ctx.store, (trx) => repo.finish(trx, row.id, claim, goodRead(now)));
    const failingSince = row.failing_since ?? now;
    // Held (not read again until the owner acts): its events go now, and the owner hears of it now,
    // rather than after 24 hours of reads that will not happen.
    const held = result.held === true;
    const warn = row.warned_at === null && (held || now - failingSince >= STALE_AFTER_MS);
    log.warn(
      { businessId: business.id, calendarId: row.id, hint: row.url_hint, failingSince, dropped: warn, held },
      held
        ? 'a connected calendar was stopped at its expansion limit; not read again until its owner acts'
        : 'a connected calendar could not be read',
    );
    await inTransaction(ctx.store, async (trx) => {
      const recorded = await repo.finish(trx, row.id, claim, {
        last_fetched_at: now,
        last_error: result.words,
        failing_since: failingSince,
        next_fetch_at: held ? HELD : now + READ_EVERY_MS,
        ...(warn ? { warned_at: now } : {}),
      });
      if (!recorded) throw new ClaimLost();
      if (!warn) return;
      // A day without a good read: its events may have moved; they stop blocking, and the owner hears of it once.
      await repo.replaceBusy(trx, row.id, []);
      const owner = await ctx.repos.businesses.ownerEmail(business.id, trx);
      if (owner)
        await queueMail(
          trx,
          calendarFailingMail(owner, {
            label: row.label,
            hint: row.url_hint,
            error: result.words,
            since: longDate(utcMsToLocal(failingSince, business.time_zone).day),
            settingsUrl: `${ctx.config.publicUrl}/dashboard/settings/calendars`,
          }),
          now,
        );
    });
    if (warn) ctx.mail.kick();
    return true;
  } catch (err) {
    if (err instanceof ClaimLost) return false;
    throw err;
  }
}

/**
 * Reads one connection now (the owner's Refresh): when no instance is reading it already.
 * Answers whether this instance read it.
 */
export async function refreshConnection(
  ctx: AppContext,
  business: Business,
  row: ConnectionRow,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const now = ctx.now();
  const claim = now + LEASE_MS;
  if (!(await ctx.repos.connectedCalendars.claim(row.id, now, claim, true))) return false;
  try {
    return await readClaimed(ctx, business, row, claim, log);
  } catch (err) {
    await letGo(ctx, row.id, claim);
    throw err;
  }
}

/** After a read that failed on our side: the claim goes, and the calendar is due again in 10 minutes. */
async function letGo(ctx: AppContext, id: string, claim: number): Promise<void> {
  await inTransaction(ctx.store, (trx) =>
    ctx.repos.connectedCalendars.finish(trx, id, claim, { next_fetch_at: ctx.now() + READ_EVERY_MS }),
  ).catch(() => undefined);
}

/**
 * The periodic pass (jobs/calendar-reads.ts): reads the connections due, one at a time, each
 * claimed first so that of several instances exactly one reads it. Answers how many it read.
 */
export async function readDueCalendars(ctx: AppContext, log: FastifyBaseLogger, limit = 20): Promise<number> {
  const repo = ctx.repos.connectedCalendars;
  let read = 0;
  for (const row of await repo.due(ctx.now(), limit)) {
    const now = ctx.now();
    const claim = now + LEASE_MS;
    if (!(await repo.claim(row.id, now, claim, false))) continue;
    try {
      const business = await ctx.repos.businesses.findById(row.business_id);
      if (business && (await readClaimed(ctx, business, row, claim, log))) read++;
    } catch (err) {
      // Let it go, to be tried again in 10 minutes (here or elsewhere) rather than after the lease.
      await letGo(ctx, row.id, claim);
      log.error({ err, calendarId: row.id }, 'reading a connected calendar failed');
    }
  }
  return read;
}

export interface NewConnection {
  label: string;
  address: string;
  crewId: string | null;
}

/**
 * Connects a calendar: read at once (a calendar that cannot be read is refused with the reason,
 * and nothing is saved), then stored sealed with its events. The address never reaches a log.
 */
export async function connectCalendar(
  ctx: AppContext,
  business: Business,
  input: NewConnection,
  log: FastifyBaseLogger,
): Promise<ConnectionRow> {
  const box = calendarBox(ctx);
  const outcome = await readAddress(ctx, business, input.address, null, 'connect');
  if (outcome.kind !== 'read')
    throw new AppError(
      'CALENDAR_UNREADABLE',
      `${outcome.kind === 'failed' ? outcome.words : 'The calendar did not answer.'} Nothing was saved.`,
    );
  const now = ctx.now();
  const row: ConnectionRow = {
    id: randomUUID(),
    business_id: business.id,
    crew_id: input.crewId,
    label: input.label,
    url_enc: box.seal(input.address, business.id),
    url_hint: addressHint(normaliseAddress(input.address)),
    etag: outcome.etag,
    last_modified: outcome.lastModified,
    expanded_for: outcome.window,
    last_fetched_at: now,
    last_success_at: now,
    events_found: outcome.events.length,
    last_error: null,
    failing_since: null,
    warned_at: null,
    next_fetch_at: now + READ_EVERY_MS,
    fetching_until: null,
    created_at: now,
  };
  if (outcome.neverOccurring > 0) noteNeverOccurring(log, business.id, row.id, row.url_hint, outcome.neverOccurring);
  const rows = await busyRowsOf(ctx, business, row, outcome.events, log);
  await inTransaction(ctx.store, async (trx) => {
    await ctx.repos.connectedCalendars.insert(trx, row);
    await ctx.repos.connectedCalendars.replaceBusy(trx, row.id, rows);
  });
  log.info(
    { businessId: business.id, calendarId: row.id, hint: row.url_hint, events: rows.length },
    'calendar connected',
  );
  return row;
}

/** A connection as the owner sees it: never its address. */
export function toConnectedCalendarJson(row: ConnectionRow): ConnectedCalendar {
  const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
  return {
    _id: row.id,
    label: row.label,
    hint: row.url_hint,
    crewId: row.crew_id,
    lastFetchedAt: iso(row.last_fetched_at),
    lastSuccessAt: iso(row.last_success_at),
    eventsFound: row.events_found,
    lastError: row.last_error,
    stale: row.warned_at !== null,
  };
}
