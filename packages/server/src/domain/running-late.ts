/**
 * Running late (issue 44 item 2; docs/decisions/049): when the crew taps Start job or Mark
 * completed, its day is projected again (domain/projected-day.ts) and each later job's projected
 * arrival is stored on it for the screens; a customer whose arrival is later than booked by more
 * than the owner's threshold, and who was not told that already, gets one text (within the texts'
 * rules: domain/booking-texts.ts mayTextCustomer) or else one mail with the new time and the
 * manage link's reschedule page, through the outbox, in the tap's own transaction under the
 * business's lock: nothing is lost, and a double tap or two crews at once tell nobody twice.
 */
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/transaction.ts';
import { runningLateMail } from '../mail/templates.ts';
import type { Business } from '../repositories/businesses.ts';
import type { DayWorkRow } from '../repositories/crew-jobs.ts';
import { queueMail } from '../repositories/mail-outbox.ts';
import { queueTexts } from '../repositories/texts.ts';
import { gsmSafe } from '../texts/gsm.ts';
import { mayTextCustomer, shortLink, withFirstTextLine } from './booking-texts.ts';
import { linksFor } from './manage-token.ts';
import { arrivalClock } from './on-my-way.ts';
import { locationOf } from './places.ts';
import { type DayJob, projectDay, roundArrival, shouldTellLate } from './projected-day.ts';
import { lateNotice, queuePush } from './push.ts';
import { effectiveStatus } from './status.ts';

/**
 * The customer's line: "Sam from Shiny Cars is running late: your 2:00 PM Full Detail now starts
 * about 2:45 PM." `sender`: the crew's name when the owner has customer mails name the crew.
 */
function runningLateWords(
  businessName: string,
  sender: string | null,
  serviceName: string,
  booked: string,
  arrival: string,
): string {
  const who = sender ? `${sender} from ${businessName}` : businessName;
  return gsmSafe(`${who} is running late: your ${booked} ${serviceName} now starts about ${arrival}.`);
}

/**
 * A job of the crew's day as the projection reads it. Only the crew's own taps are times known:
 * a job marked completed without a Start job (by the owner, or by the sweep once its end passed)
 * counts as done at its booked end, not at whenever it was marked.
 */
function dayJobOf(row: DayWorkRow): DayJob {
  return {
    id: row.id,
    startMs: row.start_ms,
    endMs: row.end_ms,
    location: locationOf(row),
    startedAt: row.started_at,
    completedAt: row.started_at !== null ? row.completed_at : row.status === 'completed' ? row.end_ms : null,
  };
}

/**
 * Projects the crew's day again after one of its taps on a job of `day` (inside that tap's
 * transaction, under the business's lock), stores each job's projected arrival, and tells the
 * customers whose arrival moved past the threshold; answers how many were told. Only today's day
 * tells anyone: a tap on a past day's job changes no customer's plans.
 */
export async function recomputeCrewDay(
  ctx: AppContext,
  trx: Tx,
  business: Pick<
    Business,
    'id' | 'name' | 'time_zone' | 'time_format' | 'travel_speed_mph' | 'crew_in_mails' | 'late_threshold_min'
  >,
  crew: { id: string; name: string },
  day: string,
  today: string,
  now: number,
): Promise<number> {
  const rows = await ctx.repos.crewJobs.dayWork(crew.id, business.id, day, trx);
  const projected = projectDay({ jobs: rows.map(dayJobOf), now, speedMph: business.travel_speed_mph });
  const businessName = business.name ?? 'Your service provider';
  const sender = business.crew_in_mails === 1 ? crew.name : null;
  let told = 0;
  for (const row of rows) {
    const exact = projected.get(row.id);
    const arrival = exact === undefined ? null : roundArrival(exact);
    const shown = arrival !== null && arrival > row.start_ms ? arrival : null;
    const status = effectiveStatus(row, now);
    const open = (status === 'pending' || status === 'approved') && row.started_at === null;
    const tell =
      open &&
      shown !== null &&
      day === today &&
      shouldTellLate(row.start_ms, shown, row.late_told_ms, business.late_threshold_min) &&
      (await tellLate(ctx, trx, row, business, businessName, sender, shown, now));
    if (tell) {
      told += 1;
      // The owner and the crew hear of it too, where they turned notifications on (docs/decisions/052).
      const booked = arrivalClock(row.start_ms, business.time_zone, business.time_format);
      await queuePush(
        trx,
        lateNotice(
          {
            id: row.id,
            businessId: business.id,
            firstName: row.first_name,
            lastName: row.last_name,
            serviceName: row.service_name,
            day: row.day,
            startTime: row.start_time,
            timeFormat: business.time_format,
          },
          crew,
          booked,
          arrivalClock(shown, business.time_zone, business.time_format),
          shown,
          row.start_ms,
        ),
        now,
      );
    }
    if (shown !== row.projected_start_ms || tell)
      await ctx.repos.crewJobs.setProjection(trx, business.id, row.id, shown, tell ? (shown ?? undefined) : undefined);
  }
  return told;
}

/** Queues the one message; false when the customer can be neither texted nor mailed (nothing is recorded). */
async function tellLate(
  ctx: AppContext,
  trx: Tx,
  row: DayWorkRow,
  business: Pick<Business, 'id' | 'time_zone' | 'time_format'>,
  businessName: string,
  sender: string | null,
  arrivalMs: number,
  now: number,
): Promise<boolean> {
  const booked = arrivalClock(row.start_ms, business.time_zone, business.time_format);
  const words = runningLateWords(
    businessName,
    sender,
    row.service_name,
    booked,
    arrivalClock(arrivalMs, business.time_zone, business.time_format),
  );
  const reschedule = linksFor(ctx, row.id, business.id).reschedule;
  if (await mayTextCustomer(ctx, trx, row)) {
    const url = await shortLink(ctx, trx, business.id, reschedule, now);
    const body = await withFirstTextLine(
      ctx,
      trx,
      business.id,
      row.phone_number,
      `${words} Keep it, or pick another time: ${url}`,
    );
    await queueTexts(
      trx,
      [{ businessId: business.id, to: row.phone_number, body, kind: 'runningLate', bookingId: row.id }],
      now,
    );
    return true;
  }
  if (!row.customer_email) return false;
  await queueMail(
    trx,
    runningLateMail(row.customer_email, {
      bookingId: row.id,
      firstName: row.first_name,
      businessName,
      words,
      link: reschedule,
      startsAt: row.start_ms,
    }),
    now,
  );
  return true;
}
