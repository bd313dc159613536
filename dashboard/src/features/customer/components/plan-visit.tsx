/**
 * A visit of a recurring plan (issue 24) on the customer's reschedule and cancel pages: which plan
 * it belongs to and its next visits, and the sentences for a visit whose day was taken
 * (needs_time) or that no longer changes (skipped, or its plan ended).
 */
import type { ManagedBooking } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { shortDate, todayIn } from '@slotwise/shared/time-zone';
import { Notice } from '../../../components/notice.tsx';
import { BusinessPageLink } from './book-again.tsx';
import { BookingSummary } from './booking-summary.tsx';

export type Plan = NonNullable<ManagedBooking['plan']>;

export const ONLY_THIS_VISIT = 'Only this visit moves; your plan keeps its usual day and time.';
export const ONLY_THIS_VISIT_MOVED = 'Only this visit moved; your plan keeps its usual day and time.';

/** "your weekly Pool Cleaning" at the start of a sentence. */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The plan's coming visits other than this one, from the business's today on: its days are
 * business-local dates, so they are shown as they are (shortDate never shifts them by a zone).
 */
function otherVisits(booking: ManagedBooking): string[] {
  if (!booking.plan) return [];
  const today = todayIn(booking.timeZone);
  return booking.plan.nextVisits.filter((day) => day >= today && day !== booking.bookingTime.day);
}

/**
 * The plan's visit after this one, as the pages write it ("Thu, Dec 17, 2026"): what follows a
 * skipped visit. An earlier visit still to come is not "next" to the one being skipped.
 */
export function nextVisitText(booking: ManagedBooking): string | null {
  const next = otherVisits(booking).find((day) => day > booking.bookingTime.day);
  return next ? shortDate(next) : null;
}

/**
 * Why a plan's visit no longer changes from its link, or null when it does. A skipped visit, or
 * one whose plan has ended, is treated like a cancelled booking: no actions, Book again. A visit
 * of an ended plan that was kept because it is inside the change cut-off is still on, so the
 * cut-off's own view (whom to contact) says more than this.
 */
export function closedReason(booking: ManagedBooking): string | null {
  if (booking.status === 'skipped') return 'This visit is skipped, so this link no longer changes it.';
  if (booking.plan?.status === 'ended' && !booking.changeLocked)
    return `${capitalised(booking.plan.name)} has ended, so this link no longer changes this visit.`;
  return null;
}

/** The visit's day was taken: the business gives it another time (it holds none until then). */
export function needsTimeText(booking: ManagedBooking): string {
  return `The day of this visit was already taken, so ${booking.businessName || 'the business'} will propose a new time for this visit.`;
}

/** "This visit is part of your weekly Pool Cleaning, $58.50 per visit", how often, and the next visits. */
export function PlanSummary({ booking }: { booking: ManagedBooking }) {
  const { plan } = booking;
  if (!plan) return null;
  const coming = plan.status === 'ended' ? [] : otherVisits(booking);
  return (
    <section className="customer-summary customer-plan" aria-label="Your plan">
      <h2>Your plan</h2>
      <p>
        This visit is part of {plan.name}, {formatUsd(plan.perVisit)} per visit.
      </p>
      {plan.status === 'paused' && (
        <p className="muted">
          Your plan is paused: no more visits are booked until {booking.businessName || 'the business'} resumes it.
        </p>
      )}
      <dl>
        <dt>Repeats</dt>
        <dd>{plan.label}</dd>
        {coming.length > 0 && (
          <>
            <dt>Next visits</dt>
            <dd>
              <ul className="customer-plan__visits">
                {coming.map((day) => (
                  <li key={day}>{shortDate(day)}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** A skipped visit, or one of an ended plan: why the link no longer changes it, and Book again. */
export function ClosedVisit({ booking, reason }: { booking: ManagedBooking; reason: string }) {
  return (
    <>
      <Notice kind="warning">{reason}</Notice>
      <BookingSummary booking={booking} heading="This visit" />
      {booking.plan?.status !== 'ended' && <PlanSummary booking={booking} />}
      <BusinessPageLink url={booking.bookingPageUrl} name={booking.businessName} again />
    </>
  );
}
