/**
 * Every mail the product sends (docs/architecture.md#adding-a-mail), as plain text plus escaped
 * HTML. Customer-supplied text is escaped here, so names carrying markup stay inert.
 */

import { formatClock, formatClockRange, type TimeFormat } from '@slotwise/shared/clock';
import { buildIcs, type IcsPerson } from '@slotwise/shared/ics';
import { formatUsd, toDollars } from '@slotwise/shared/money';
import { formatPhone } from '@slotwise/shared/phone';
import { linesText } from '@slotwise/shared/quote';
import { longDate, shortDate, zoneLabel } from '@slotwise/shared/time-zone';
import { escapeHtml } from '../html.ts';
import type { TextKind } from '../texts/templates.ts';

/** A composed mail, as queued in the outbox and handed to a transport. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The booking the mail is about, kept with it in the outbox so an erasure finds it (docs/decisions/012). */
  bookingId?: string;
  /** The iCalendar invitation it carries (METHOD:REQUEST or CANCEL), for calendar apps to add, move or remove the event. */
  calendar?: string;
  /**
   * A customer's mail about a job that goes ahead (received, confirmed, moved, reminder): when the
   * business names its crews in mails, domain/booking-mail.ts adds which crew comes (withCrew).
   */
  namesCrew?: true;
  /**
   * The text sent beside this mail (docs/decisions/027): domain/booking-texts.ts queues it with the
   * mail, to the customer when they agreed to texts, or to the owner when they want notices by text.
   */
  textAs?: TextKind;
  /**
   * The push notification that goes with an owner's notice (docs/decisions/052): what it tells of
   * and the few facts it names; domain/push.ts queuePushesForMails queues it with the mail.
   */
  pushAs?: MailPush;
  /**
   * What the mail is (its template's name, mail/delivery.ts): kept with it in the outbox for its
   * expiry and the words the owner reads when it could not be delivered.
   */
  kind?: string;
  /** The start of the visit it is about (a reminder expires then, mail/delivery.ts expiryOf). */
  startsAt?: number;
}

/** What a booking's invitation needs beyond what the mail shows (domain/booking-mail.ts toMailBooking). */
interface BookingInvite {
  /** shared/src/ics.ts bookingUid: the same event in every mail, the widget's file and the feed. */
  uid: string;
  startMs: number;
  endMs: number;
  /** The booking's version: each change counts up, so calendar apps apply the latest. */
  sequence: number;
  /** When the booking last changed: the invitation's DTSTAMP. */
  stampMs: number;
  confirmed: boolean;
  /** The business as organizer, at the address mail is sent from. */
  organizer: IcsPerson;
}

export interface MailBooking {
  bookingId?: string;
  customerEmail: string;
  /** E.164 as stored; the owner's notice shows it as people read it. */
  phoneNumber: string;
  firstName: string;
  lastName: string;
  serviceName: string;
  businessName: string;
  /** Business-local wall time, HH:MM. */
  day: string;
  startTime: string;
  endTime: string;
  /** The zone's short name after a wall time in the hour the clocks repeat ("EDT"); see zoneIfRepeated. */
  startZone?: string;
  endZone?: string;
  timeZone: string;
  /** The business's clock: every time in its mails is written on it (shared/src/clock.ts). */
  timeFormat: TimeFormat;
  totalCents: number;
  /** The customer's answers as one line ("Vehicle size: SUV; Condition: Heavy"); absent or null: none. */
  answers?: string | null;
  /** The quote's lines as booked (add-ons itemised); absent: the total alone (the templates' tests). */
  lines?: readonly { label: string; amountCents: number }[];
  /** An approval at an adjusted price (docs/decisions/026): the total first quoted and the owner's reason. */
  priceChange?: { quotedCents: number; reason: string };
  customerAddress: string | null;
  /** What was paid through Stripe and refunded, and what is still due on the day (null once it is off); absent: nothing was paid. */
  payment?: { paidCents: number; refundedCents: number; dueCents: number | null };
  /** Absent: the mail carries no invitation (the templates' tests). */
  invite?: BookingInvite;
  /** A visit of a recurring plan (docs/decisions/022): the plan's name and words, and the visits to list. */
  plan?: MailPlan;
  /** A plan visit's deposit still to pay online (this visit's, or the plan's next one's), and where to pay it. */
  depositDue?: DepositDue;
}

export interface DepositDue {
  /** The visit it is due for (business-local). */
  day: string;
  startTime: string;
  cents: number;
  /** The business's booking page, which shows it with a Pay button (routes/booking-page.ts). */
  payUrl: string;
}

export interface MailPlan {
  /** "your weekly Pool Cleaning" (shared/src/plans.ts planName). */
  name: string;
  /** "Weekly", "Monthly on the second Tuesday". */
  label: string;
  perVisitCents: number;
  /**
   * Visits the mail lists (business-local); needsTime: the day was taken, the business proposes
   * another time; links: the visit's own reschedule and cancel (or skip) pages; depositCents: its
   * deposit still to pay online (0: none, or paid).
   */
  visits: { day: string; startTime: string; needsTime: boolean; links?: ManageLinks; depositCents?: number }[];
}

/** "Your weekly Pool Cleaning" for a plan's visit, else the service's name: what subjects name. */
function subjectOf(b: MailBooking): string {
  return b.plan ? b.plan.name.charAt(0).toUpperCase() + b.plan.name.slice(1) : b.serviceName;
}

/** "Thu, Dec 3, 2026 at 10:00 AM", or "Thu, Dec 10, 2026: Shiny Cars will propose another time". */
function visitLine(b: MailBooking, v: MailPlan['visits'][number]): string {
  return v.needsTime
    ? `${shortDate(v.day)}: ${b.businessName} will propose another time`
    : `${shortDate(v.day)} at ${formatClock(v.startTime, b.timeFormat)}${v.depositCents ? ` (deposit ${formatUsd(toDollars(v.depositCents))})` : ''}`;
}

/** The plan's visits as the mail lists them, each with its own links when it has them. */
function visitsSection(b: MailBooking): { text: string[]; html: string } {
  const visits = b.plan?.visits ?? [];
  if (visits.length === 0) return { text: [], html: '' };
  const linked = visits.some((v) => v.links);
  const heading = linked ? 'Your visits (each has its own links to reschedule, skip or cancel it):' : 'Visits:';
  const text = [
    '',
    heading,
    ...visits.map(
      (v) =>
        `- ${visitLine(b, v)}${v.links ? `\n  Reschedule: ${v.links.reschedule}\n  Skip or cancel: ${v.links.cancel}` : ''}`,
    ),
  ];
  const html = `<p>${escapeHtml(heading)}</p><ul>${visits
    .map(
      (v) =>
        `<li>${escapeHtml(visitLine(b, v))}${
          v.links
            ? ` &middot; <a href="${escapeHtml(v.links.reschedule)}">Reschedule</a> &middot; <a href="${escapeHtml(v.links.cancel)}">Skip or cancel</a>`
            : ''
        }</li>`,
    )
    .join('')}</ul>\n`;
  return { text, html };
}

export interface ManageLinks {
  reschedule: string;
  cancel: string;
}

export function manageLinks(publicUrl: string, token: string, businessId: string): ManageLinks {
  const t = encodeURIComponent(token);
  return {
    reschedule: `${publicUrl}/customer/reschedule?token=${t}&businessId=${encodeURIComponent(businessId)}`,
    cancel: `${publicUrl}/customer/cancel?token=${t}`,
  };
}

/** "Wednesday, December 2, 2026, 10:00 AM – 11:00 AM (Pacific Time, Los Angeles)". */
function when(b: MailBooking): string {
  return `${longDate(b.day)}, ${formatClockRange(b.startTime, b.endTime, b.timeFormat, b)} (${zoneLabel(b.timeZone)})`;
}

/** The booking's rows; the owner's notices also carry the customer's phone, to call them back. */
function details(b: MailBooking, forOwner: boolean): [string, string][] {
  const rows: [string, string][] = [
    ...(forOwner ? ([['Phone', formatPhone(b.phoneNumber)]] as [string, string][]) : []),
    ['Service', b.serviceName],
    ['When', when(b)],
    ...(b.answers ? ([['Your answers', b.answers]] as [string, string][]) : []),
    // The quote itemised when it has more than the service's own line (an answer, an add-on, the distance).
    ...(b.lines && b.lines.length > 1 ? ([['Quote', linesText(b.lines)]] as [string, string][]) : []),
    ...(b.priceChange
      ? ([
          [
            'Price change',
            `${formatUsd(toDollars(b.priceChange.quotedCents))} quoted, now ${formatUsd(toDollars(b.totalCents))}: ${b.priceChange.reason}`,
          ],
        ] as [string, string][])
      : []),
    ['Total', formatUsd(toDollars(b.totalCents))],
  ];
  const paid = b.payment;
  if (paid) {
    rows.push(['Paid', `${formatUsd(toDollars(paid.paidCents))} (deposit, by card)`]);
    if (paid.refundedCents > 0) rows.push(['Refunded', `${formatUsd(toDollars(paid.refundedCents))} to the same card`]);
    if (paid.dueCents !== null) rows.push(['Due on the day', formatUsd(toDollars(paid.dueCents))]);
  }
  const due = b.depositDue;
  if (due)
    rows.push([
      'Deposit due',
      `${formatUsd(toDollars(due.cents))} for the visit on ${shortDate(due.day)} at ${formatClock(due.startTime, b.timeFormat)}, paid online before it`,
    ]);
  if (b.customerAddress) rows.push(['Address', b.customerAddress]);
  if (b.plan) {
    rows.push(['Plan', `${b.plan.label}, ${formatUsd(toDollars(b.plan.perVisitCents))} a visit`]);
  }
  return rows;
}

/** An owner's notice's push: a request waiting (or its reminder), or a customer's cancellation. */
interface MailPush {
  as: 'request' | 'nudge' | 'cancelled';
  firstName: string;
  lastName: string;
  serviceName: string;
  day: string;
  startTime: string;
  timeFormat: TimeFormat;
}

interface Extras {
  links?: ManageLinks;
  /** The mail may name the crew doing the job (MailMessage.namesCrew). */
  namesCrew?: boolean;
  outro?: string;
  /** Words of the business's own (the reason it gives for a decline), quoted under "A note from {business}:". */
  note?: string;
  /** A mail to the owner: its details carry the customer's phone too. */
  forOwner?: boolean;
  /** The invitation the mail carries (invitation()). */
  calendar?: string | undefined;
  /** The text that goes with this mail, to a consenting customer or the owner (MailMessage.textAs). */
  textAs?: TextKind;
  /** The owner's push that goes with this notice (MailMessage.pushAs). */
  pushAs?: MailPush['as'];
}

/**
 * The customer's invitation (iTIP, RFC 5546): REQUEST adds or updates the event in their
 * calendar (tentative until the owner approves), CANCEL removes it.
 */
function invitation(b: MailBooking, method: 'REQUEST' | 'CANCEL', links?: ManageLinks): string | undefined {
  const i = b.invite;
  if (!i) return undefined;
  const description = [
    `${b.serviceName} with ${b.businessName}, ${formatUsd(toDollars(b.totalCents))}.`,
    ...(links ? [`Reschedule: ${links.reschedule}`, `Cancel: ${links.cancel}`] : []),
  ].join('\n');
  return buildIcs(
    method,
    [
      {
        uid: i.uid,
        startMs: i.startMs,
        endMs: i.endMs,
        summary: `${b.serviceName} with ${b.businessName}`,
        description,
        location: b.customerAddress,
        status: method === 'CANCEL' ? 'CANCELLED' : i.confirmed ? 'CONFIRMED' : 'TENTATIVE',
        sequence: i.sequence,
        organizer: i.organizer,
        attendee: { name: `${b.firstName} ${b.lastName}`, email: b.customerEmail },
      },
    ],
    i.stampMs,
  );
}

function compose(to: string, subject: string, intro: string, b: MailBooking, extras: Extras = {}): MailMessage {
  const { links, outro, note, forOwner = false, calendar, namesCrew = false, textAs, pushAs } = extras;
  const rows = details(b, forOwner);
  // The owner's notices list the visits without the customer's links.
  const visits = visitsSection(
    forOwner && b.plan ? { ...b, plan: { ...b.plan, visits: b.plan.visits.map(({ links: _, ...v }) => v) } } : b,
  );
  const noteHeading = `A note from ${b.businessName}:`;
  // The customer's link to pay a visit's deposit; the owner's copy only says it is due.
  const pay = b.depositDue && !forOwner ? b.depositDue : undefined;
  const payLabel = pay && `Pay the ${formatUsd(toDollars(pay.cents))} deposit`;
  const text = [
    intro,
    ...(note ? ['', noteHeading, note] : []),
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    ...visits.text,
    ...(pay ? ['', `${payLabel}: ${pay.payUrl}`] : []),
    ...(links ? ['', `Reschedule: ${links.reschedule}`, `Cancel: ${links.cancel}`] : []),
    ...(outro ? ['', outro] : []),
    '',
    `${b.businessName}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p>${escapeHtml(intro)}</p>
${note ? `<p>${escapeHtml(noteHeading)}</p><blockquote style="margin:0 0 1em;padding-left:12px;border-left:3px solid #d1d5db">${escapeHtml(note).replace(/\r?\n/g, '<br>')}</blockquote>\n` : ''}<table cellpadding="4">${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
${visits.html}${pay ? `<p><a href="${escapeHtml(pay.payUrl)}">${escapeHtml(payLabel ?? '')}</a></p>\n` : ''}${links ? `<p><a href="${escapeHtml(links.reschedule)}">Reschedule</a> &middot; <a href="${escapeHtml(links.cancel)}">Cancel</a></p>` : ''}
${outro ? `<p>${escapeHtml(outro)}</p>` : ''}
<p>${escapeHtml(b.businessName)}</p></body></html>`;
  return {
    to,
    subject,
    text,
    html,
    ...(b.bookingId ? { bookingId: b.bookingId } : {}),
    ...(calendar ? { calendar } : {}),
    ...(namesCrew && !forOwner ? { namesCrew: true as const } : {}),
    ...(textAs ? { textAs } : {}),
    ...(pushAs
      ? {
          pushAs: {
            as: pushAs,
            firstName: b.firstName,
            lastName: b.lastName,
            serviceName: b.serviceName,
            day: b.day,
            startTime: b.startTime,
            timeFormat: b.timeFormat,
          },
        }
      : {}),
    ...(b.invite ? { startsAt: b.invite.startMs } : {}),
  };
}

/**
 * A customer's mail naming the crew that comes ("Truck 2 will do the job."), as a paragraph of
 * its own after the greeting. compose() writes the greeting as the text's first line and the
 * HTML's first paragraph, and escapes what it holds, so both places are found exactly.
 */
export function withCrew(message: MailMessage, crewName: string): MailMessage {
  const sentence = `${crewName} will do the job.`;
  const line = message.text.indexOf('\n');
  const paragraph = message.html.indexOf('</p>\n');
  if (line < 0 || paragraph < 0) return message;
  const at = paragraph + '</p>\n'.length;
  return {
    ...message,
    text: `${message.text.slice(0, line)}\n\n${sentence}${message.text.slice(line)}`,
    html: `${message.html.slice(0, at)}<p>${escapeHtml(sentence)}</p>\n${message.html.slice(at)}`,
  };
}

const hi = (b: MailBooking) => `Hi ${b.firstName},`;

/** Each template's mails carry the template's name as their kind (MailMessage.kind). */
function named<T extends Record<string, (...args: never[]) => MailMessage>>(templates: T): T {
  return Object.fromEntries(
    Object.entries(templates).map(([kind, make]) => [kind, (...args: never[]) => ({ ...make(...args), kind })]),
  ) as T;
}

export const mails = named({
  /** To the customer when the booking is made (pending). */
  received: (b: MailBooking, links: ManageLinks) =>
    compose(
      b.customerEmail,
      `Booking request received: ${subjectOf(b)}`,
      `${hi(b)} thank you for booking with ${b.businessName}. Your request is pending until the business approves it.`,
      b,
      {
        links,
        outro: 'Need another time? Use the links above to reschedule or cancel.',
        calendar: invitation(b, 'REQUEST', links),
        namesCrew: true,
        textAs: 'received',
      },
    ),
  approved: (b: MailBooking, links: ManageLinks) =>
    compose(
      b.customerEmail,
      `Booking confirmed: ${subjectOf(b)}`,
      `${hi(b)} your booking with ${b.businessName} is confirmed.`,
      b,
      { links, calendar: invitation(b, 'REQUEST', links), namesCrew: true, textAs: 'approved' },
    ),
  /**
   * An approval at an adjusted price (docs/decisions/026): the new total, the owner's reason, and
   * the page to accept or decline it. `b` is the booking as quoted (its total the quoted one).
   */
  priceProposed: (b: MailBooking, proposedCents: number, reason: string, answerUrl: string) =>
    compose(
      b.customerEmail,
      `New price to accept: ${subjectOf(b)}`,
      `${hi(b)} ${b.businessName} can take your booking at a new total of ${formatUsd(toDollars(proposedCents))} (quoted ${formatUsd(toDollars(b.totalCents))}). Accept or decline it here: ${answerUrl}`,
      b,
      {
        note: reason,
        outro: `Your booking is confirmed only once you accept the new price. Accept or decline: ${answerUrl}`,
      },
    ),
  /** To the owner when the customer declines an adjusted price: the booking is cancelled. */
  priceDeclined: (ownerEmail: string, b: MailBooking) =>
    compose(
      ownerEmail,
      `New price declined by ${b.firstName} ${b.lastName}`,
      `${b.firstName} ${b.lastName} declined the new price; the booking is cancelled and the time is free again.`,
      b,
      { forOwner: true },
    ),
  /** To the owner when the customer accepts an adjusted price: the booking is approved at it. */
  priceAccepted: (ownerEmail: string, b: MailBooking) =>
    compose(
      ownerEmail,
      `New price accepted by ${b.firstName} ${b.lastName}`,
      `${b.firstName} ${b.lastName} accepted the new price; the booking is approved.`,
      b,
      { forOwner: true },
    ),
  /** `reason`: what the owner typed when declining (trimmed; none when empty). */
  declined: (b: MailBooking, reason?: string) =>
    compose(
      b.customerEmail,
      `Booking declined: ${subjectOf(b)}`,
      `${hi(b)} unfortunately ${b.businessName} cannot take this booking. The time has been released; you are welcome to book another slot.`,
      b,
      { ...(reason ? { note: reason } : {}), calendar: invitation(b, 'CANCEL'), textAs: 'declined' },
    ),
  /**
   * A request nobody answered by the owner's cut-off (docs/decisions/051): kind words, the time
   * released, and the business's booking page to pick another.
   */
  requestExpired: (b: MailBooking, bookAgainUrl: string) =>
    compose(
      b.customerEmail,
      `Booking request expired: ${subjectOf(b)}`,
      `${hi(b)} we're sorry: ${b.businessName} couldn't confirm your ${b.serviceName} on ${shortDate(b.day)} at ${formatClock(b.startTime, b.timeFormat)} in time, so the time has been released. You can pick another time here: ${bookAgainUrl}`,
      b,
      { calendar: invitation(b, 'CANCEL'), outro: `Book again: ${bookAgainUrl}`, textAs: 'expired' },
    ),
  /** To the owner, once, when a request still waits `nudge` hours on (docs/decisions/051); `expires`: when it will expire, as words. */
  requestWaiting: (ownerEmail: string, b: MailBooking, expires: string | null) =>
    compose(
      ownerEmail,
      `Still waiting for your answer: ${b.firstName} ${b.lastName}`,
      `${b.firstName} ${b.lastName} (${b.customerEmail}) is still waiting for your answer to their booking request. Approve or decline it in your dashboard.${expires ? ` If it is not answered, it expires ${expires} and they will be told the time was released.` : ''}`,
      b,
      { forOwner: true, textAs: 'ownerNudge', pushAs: 'nudge' },
    ),
  rescheduled: (b: MailBooking, links: ManageLinks) =>
    compose(
      b.customerEmail,
      `Booking moved: ${subjectOf(b)}`,
      `${hi(b)} your booking with ${b.businessName} has a new time.`,
      b,
      { links, calendar: invitation(b, 'REQUEST', links), namesCrew: true, textAs: 'moved' },
    ),
  cancelled: (b: MailBooking) =>
    compose(
      b.customerEmail,
      `Booking cancelled: ${subjectOf(b)}`,
      `${hi(b)} your booking with ${b.businessName} has been cancelled.`,
      b,
      { calendar: invitation(b, 'CANCEL'), textAs: 'cancelled' },
    ),
  /**
   * Reminder 24 hours before an approved booking, or at once when it was approved (or moved) later
   * than that: `day` is 'today' when the booking is on the business's today (jobs/reminders.ts).
   */
  reminder: (b: MailBooking, links: ManageLinks, day: 'today' | 'tomorrow') =>
    compose(
      b.customerEmail,
      `Reminder: ${subjectOf(b)} ${day}`,
      `${hi(b)} this is a reminder of your booking with ${b.businessName}.`,
      b,
      { links, calendar: invitation(b, 'REQUEST', links), namesCrew: true, textAs: 'reminder' },
    ),
  /** To the customer when the owner approves their plan: its visits booked so far are confirmed. */
  planApproved: (b: MailBooking, links: ManageLinks) =>
    compose(
      b.customerEmail,
      `Plan confirmed: ${subjectOf(b)}`,
      `${hi(b)} ${b.businessName} confirmed ${b.plan?.name ?? 'your plan'}. Each visit has its own links to reschedule or skip it.`,
      b,
      { links, namesCrew: true },
    ),
  /** To the customer when a visit is skipped (by them): the plan goes on. */
  visitSkipped: (b: MailBooking) =>
    compose(
      b.customerEmail,
      `Visit skipped: ${subjectOf(b)}`,
      `${hi(b)} this visit of ${b.plan?.name ?? 'your plan'} is skipped; the plan goes on as before.`,
      b,
      { calendar: invitation(b, 'CANCEL') },
    ),
  /** To the customer when their plan is paused, ended or cancelled: its coming visits are cancelled. */
  planStopped: (b: MailBooking, how: 'paused' | 'ended' | 'cancelled') =>
    compose(
      b.customerEmail,
      `Plan ${how}: ${subjectOf(b)}`,
      how === 'cancelled'
        ? `${hi(b)} ${b.plan?.name ?? 'your plan'} with ${b.businessName} is cancelled, as you asked. The visits below are cancelled.`
        : how === 'paused'
          ? `${hi(b)} ${b.businessName} paused ${b.plan?.name ?? 'your plan'}. The visits below are cancelled; you will hear from them when it resumes.`
          : `${hi(b)} ${b.businessName} ended ${b.plan?.name ?? 'your plan'}. The visits below are cancelled.`,
      b,
    ),
  /** To the owner when visits of a plan could not be booked at its usual time: the day was taken. */
  ownerVisitsNeedTime: (ownerEmail: string, b: MailBooking) =>
    compose(
      ownerEmail,
      `A visit needs a time: ${b.firstName} ${b.lastName}`,
      `${b.firstName} ${b.lastName}'s ${b.plan?.label.toLowerCase() ?? ''} plan has visits whose usual time is taken. Open Bookings and choose "Next free time", or move them on the calendar.`,
      b,
      { forOwner: true },
    ),
  /** To the owner when a customer skips a visit or cancels their plan. */
  ownerPlanChange: (ownerEmail: string, b: MailBooking, what: 'skipped' | 'plan-cancelled') =>
    compose(
      ownerEmail,
      what === 'skipped'
        ? `Visit skipped by ${b.firstName} ${b.lastName}`
        : `Plan cancelled by ${b.firstName} ${b.lastName}`,
      what === 'skipped'
        ? `${b.firstName} ${b.lastName} skipped this visit of their plan; the time is free again.`
        : `${b.firstName} ${b.lastName} cancelled their plan; its coming visits are cancelled and their times free again.`,
      b,
      { forOwner: true },
    ),
  /**
   * To the owner when a customer books, reschedules or cancels ('new-approved': a paid booking
   * approved at once; 'new-auto': confirmed automatically, as the owner chose in Settings).
   */
  ownerNotice: (
    ownerEmail: string,
    b: MailBooking,
    what: 'new' | 'new-approved' | 'new-auto' | 'rescheduled' | 'cancelled',
  ) =>
    compose(
      ownerEmail,
      what === 'new-approved'
        ? `New ${b.plan ? 'plan' : 'booking'}, deposit paid: ${b.firstName} ${b.lastName}`
        : what === 'new-auto'
          ? `New ${b.plan ? `${b.plan.label.toLowerCase()} plan` : 'booking'}, confirmed automatically: ${b.firstName} ${b.lastName}`
          : what === 'new'
            ? `New ${b.plan ? `${b.plan.label.toLowerCase()} plan` : 'booking'} to approve: ${b.firstName} ${b.lastName}`
            : what === 'rescheduled'
              ? `Booking rescheduled by ${b.firstName} ${b.lastName}`
              : `Booking cancelled by ${b.firstName} ${b.lastName}`,
      what === 'new-approved'
        ? `${b.firstName} ${b.lastName} (${b.customerEmail}) booked and paid the deposit; the booking is approved.`
        : what === 'new-auto'
          ? `${b.firstName} ${b.lastName} (${b.customerEmail}) booked. It was confirmed automatically, as you chose in Settings, and they have been told they are booked. If you cannot take it, move it on your calendar or call them.`
          : what === 'new'
            ? `${b.firstName} ${b.lastName} (${b.customerEmail}) asked for a booking. Approve or decline it in your dashboard.`
            : what === 'rescheduled'
              ? `${b.firstName} ${b.lastName} moved their booking to a new time.`
              : `${b.firstName} ${b.lastName} cancelled their booking; the time is free again.`,
      b,
      {
        forOwner: true,
        ...(what === 'new' || what === 'new-auto' ? { textAs: 'ownerNew' as const } : {}),
        // Pushed: a request waiting for the owner's answer, and a customer's cancellation (docs/decisions/052).
        ...(what === 'new'
          ? { pushAs: 'request' as const }
          : what === 'cancelled'
            ? { pushAs: 'cancelled' as const }
            : {}),
      },
    ),
});

/**
 * A crew member's invitation to their own login (docs/decisions/024): the link sets the password
 * (7 days, single use). Once they have a login, the owner's Resend mails a link to set a new one.
 */
export function crewInvitationMail(
  to: string,
  v: { businessName: string | null; crewName: string; link: string; newPassword: boolean },
): MailMessage {
  const business = v.businessName ?? 'A business';
  const subject = v.newPassword
    ? `Set a new password for your ${v.businessName ? `${v.businessName} ` : ''}crew login`
    : `${business} invited you to Slotwise`;
  const intro = v.newPassword
    ? `${business} sent you a link to set a new password for ${v.crewName}'s login on Slotwise.`
    : `${business} invited you to see ${v.crewName}'s jobs on Slotwise: each day's jobs with the customer's address and phone, where you mark each job started and completed.`;
  const action = v.newPassword ? 'Set a new password' : 'Set your password';
  const outro =
    'The link works once and expires in 7 days. Log in afterwards with this e-mail address. If you did not expect this, ignore this e-mail.';
  return {
    to,
    subject,
    kind: 'crewInvitation',
    text: `${intro}\n\n${action}: ${v.link}\n\n${outro}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937"><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(v.link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p></body></html>`,
  };
}

/**
 * To the owner, once, when a connected calendar has failed for 24 hours (docs/decisions/025):
 * its events no longer block times until it is read again. Names the calendar by its label and
 * hint, never its address.
 */
export function calendarFailingMail(
  to: string,
  c: { label: string; hint: string; error: string; since: string; settingsUrl: string },
): MailMessage {
  const intro = `Slotwise has not been able to read your calendar "${c.label}" (${c.hint}) since ${c.since}.`;
  const why = `The last answer: ${c.error}`;
  const effect = 'Until it is read again, its events no longer block your booking times: customers can book over them.';
  const outro = 'Fix the address or remove the calendar in Settings, Connected calendars:';
  return {
    to,
    subject: `Your calendar "${c.label}" could not be read`,
    kind: 'calendarFailing',
    text: `${intro}\n\n${why}\n\n${effect}\n\n${outro} ${c.settingsUrl}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937"><p>${escapeHtml(intro)}</p><p>${escapeHtml(why)}</p><p>${escapeHtml(effect)}</p><p>${escapeHtml(outro)} <a href="${escapeHtml(c.settingsUrl)}">Connected calendars</a></p></body></html>`,
  };
}

/** The password reset link (valid one hour, single use). */
export function passwordResetMail(to: string, link: string): MailMessage {
  const intro = 'Someone (hopefully you) asked to reset the password of your Slotwise account.';
  const outro =
    'The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail; your password stays as it is.';
  return {
    to,
    subject: 'Reset your Slotwise password',
    kind: 'passwordReset',
    text: `${intro}\n\nSet a new password: ${link}\n\n${outro}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937"><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">Set a new password</a></p><p>${escapeHtml(outro)}</p></body></html>`,
  };
}

/**
 * A review request, once per completed job (docs/decisions/027): one question and the link to the
 * rating page, where one tap on a star is the rating (a form: a mail scanner opening the link
 * rates nothing).
 */
export function reviewRequestMail(
  to: string,
  r: { bookingId: string; firstName: string; businessName: string; serviceName: string; link: string },
): MailMessage {
  const intro = `Hi ${r.firstName}, thank you for choosing ${r.businessName} for your ${r.serviceName}. How did it go?`;
  const outro = 'It takes one tap. Thank you!';
  return {
    to,
    subject: `How did your ${r.serviceName} go?`,
    kind: 'review',
    text: `${intro}\n\nRate it: ${r.link}\n\n${outro}\n\n${r.businessName}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937"><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(r.link)}">Rate your ${escapeHtml(r.serviceName)}</a></p><p>${escapeHtml(outro)}</p><p>${escapeHtml(r.businessName)}</p></body></html>`,
    bookingId: r.bookingId,
  };
}

/**
 * "On my way" by mail (docs/decisions/048), to a customer who cannot be texted: the same one line
 * as the text (domain/on-my-way.ts onMyWayWords), short enough to read on a lock screen.
 */
export function onMyWayMail(
  to: string,
  m: { bookingId: string; firstName: string; businessName: string; words: string; startsAt: number },
): MailMessage {
  const intro = `Hi ${m.firstName},`;
  return {
    to,
    subject: m.words,
    kind: 'onMyWay',
    text: `${intro}\n\n${m.words}\n\n${m.businessName}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937"><p>${escapeHtml(intro)}</p><p>${escapeHtml(m.words)}</p><p>${escapeHtml(m.businessName)}</p></body></html>`,
    bookingId: m.bookingId,
    startsAt: m.startsAt,
  };
}

/**
 * "Running late" by mail (docs/decisions/049), to a customer who cannot be texted: the same line
 * as the text (domain/running-late.ts runningLateWords) as its subject, and the reschedule link
 * to pick another time; keeping it asks nothing of them.
 */
export function runningLateMail(
  to: string,
  m: { bookingId: string; firstName: string; businessName: string; words: string; link: string; startsAt: number },
): MailMessage {
  const intro = `Hi ${m.firstName},`;
  const keep = 'To keep it, there is nothing to do. If it no longer suits you, pick another time:';
  return {
    to,
    subject: m.words,
    kind: 'runningLate',
    text: `${intro}\n\n${m.words}\n\n${keep}\n${m.link}\n\n${m.businessName}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937"><p>${escapeHtml(intro)}</p><p>${escapeHtml(m.words)}</p><p>${escapeHtml(keep)}<br><a href="${escapeHtml(m.link)}">Pick another time</a></p><p>${escapeHtml(m.businessName)}</p></body></html>`,
    bookingId: m.bookingId,
    startsAt: m.startsAt,
  };
}

/**
 * Joining a day's waiting list (docs/decisions/056): what they wait for, that a time is offered
 * only when it fits the day's route, and the link to leave the list.
 */
export function waitlistJoinedMail(
  to: string,
  w: { firstName: string; businessName: string; serviceName: string; dayLabel: string; leaveUrl: string },
): MailMessage {
  const intro = `Hi ${w.firstName}, you are on ${w.businessName}'s waiting list for ${w.serviceName} on ${w.dayLabel}.`;
  const how =
    'If a time opens that day and fits the route, we e-mail you a link to book it. The first to book it gets it.';
  const leave = 'No longer need it? Leave the list:';
  return {
    to,
    subject: `You're on the waiting list for ${w.dayLabel}`,
    kind: 'waitlistJoined',
    text: `${intro}\n\n${how}\n\n${leave} ${w.leaveUrl}\n\n${w.businessName}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937"><p>${escapeHtml(intro)}</p><p>${escapeHtml(how)}</p><p>${escapeHtml(leave)} <a href="${escapeHtml(w.leaveUrl)}">Leave the waiting list</a></p><p>${escapeHtml(w.businessName)}</p></body></html>`,
  };
}

/** A freed time offered to a waiting customer (docs/decisions/056): when, until when, and the link to book it. */
export function waitlistOfferMail(
  to: string,
  o: {
    firstName: string;
    businessName: string;
    serviceName: string;
    when: string;
    until: string;
    link: string;
    expiresAt: number;
  },
): MailMessage {
  const intro = `Hi ${o.firstName}, a time opened with ${o.businessName}: ${o.serviceName} ${o.when}.`;
  const how = `It is offered to a few people on the waiting list: the first to book it gets it. The offer lasts until ${o.until}.`;
  return {
    to,
    subject: `A time opened ${o.when}`,
    kind: 'waitlistOffer',
    text: `${intro}\n\n${how}\n\nBook this time: ${o.link}\n\n${o.businessName}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937"><p>${escapeHtml(intro)}</p><p>${escapeHtml(how)}</p><p><a href="${escapeHtml(o.link)}">Book this time</a></p><p>${escapeHtml(o.businessName)}</p></body></html>`,
    // Worthless once the offer lapsed (mail/delivery.ts expiryOf).
    startsAt: o.expiresAt,
  };
}

/**
 * A freed time offered to a plan customer nearby whose next visit is due soon (docs/decisions/056):
 * move that visit up. Accepting moves the visit; it books nothing new.
 */
export function visitOfferMail(
  to: string,
  o: {
    firstName: string;
    businessName: string;
    serviceName: string;
    when: string;
    from: string;
    until: string;
    link: string;
    expiresAt: number;
  },
): MailMessage {
  const intro = `Hi ${o.firstName}, a time opened with ${o.businessName} ${o.when}, near you. Your next ${o.serviceName} visit is ${o.from}: would you like to move it up?`;
  const how = `Moving it keeps your plan and its price; nothing is booked twice. The time is offered to a few people: the first to take it gets it. The offer lasts until ${o.until}. If you do nothing, your visit stays as it is.`;
  return {
    to,
    subject: `Move your visit up to ${o.when.replace(/^on /, '')}?`,
    kind: 'waitlistOffer',
    text: `${intro}\n\n${how}\n\nMove my visit up: ${o.link}\n\n${o.businessName}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937"><p>${escapeHtml(intro)}</p><p>${escapeHtml(how)}</p><p><a href="${escapeHtml(o.link)}">Move my visit up</a></p><p>${escapeHtml(o.businessName)}</p></body></html>`,
    // Worthless once the offer lapsed (mail/delivery.ts expiryOf).
    startsAt: o.expiresAt,
  };
}

/**
 * A freed time offered to a recent quote nearby whose customer asked to hear of one (docs/decisions/059):
 * book it at the quoted price. Says why it came and where to stop them (the quote's page).
 */
export function quoteOfferMail(
  to: string,
  o: {
    firstName: string;
    businessName: string;
    serviceName: string;
    when: string;
    totalCents: number;
    until: string;
    link: string;
    quoteLink: string;
    expiresAt: number;
  },
): MailMessage {
  const price = formatUsd(toDollars(o.totalCents));
  const intro = `Hi ${o.firstName}, a time opened with ${o.businessName} ${o.when}, near you: your ${o.serviceName} at the price you were quoted, ${price}.`;
  const how = `The time is offered to a few people nearby: the first to book it gets it. The offer lasts until ${o.until}.`;
  const why = `You get this because you asked to hear when a time opens near you. To get no more, untick that box on your quote: ${o.quoteLink}`;
  return {
    to,
    subject: `A time opened near you ${o.when}`,
    kind: 'waitlistOffer',
    text: `${intro}\n\n${how}\n\nBook this time: ${o.link}\n\n${why}\n\n${o.businessName}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937"><p>${escapeHtml(intro)}</p><p>${escapeHtml(how)}</p><p><a href="${escapeHtml(o.link)}">Book this time</a></p><p style="color:#6b7280">You get this because you asked to hear when a time opens near you. To get no more, untick that box on <a href="${escapeHtml(o.quoteLink)}">your quote</a>.</p><p>${escapeHtml(o.businessName)}</p></body></html>`,
    // Worthless once the offer lapsed (mail/delivery.ts expiryOf).
    startsAt: o.expiresAt,
  };
}

/** What a quote's mail says (docs/decisions/039): the lines as priced, the total, until when, and its link. */
export interface MailOwnerQuote {
  to: string;
  firstName: string;
  businessName: string;
  serviceName: string;
  lines: readonly { label: string; amountCents: number }[];
  totalCents: number;
  /** The last day the price holds, YYYY-MM-DD on the business's calendar. */
  lastDay: string;
  link: string;
}

/**
 * A quote the owner sends, or its one follow-up before it lapses: the itemised price and the link
 * where the customer picks a time and books, or declines.
 */
export function ownerQuoteMail(q: MailOwnerQuote, followUp: boolean): MailMessage {
  const intro = followUp
    ? `Hi ${q.firstName}, a reminder: the price ${q.businessName} quoted for your ${q.serviceName} holds until ${longDate(q.lastDay)}.`
    : `Hi ${q.firstName}, here is the quote from ${q.businessName} for your ${q.serviceName}. The price holds until ${longDate(q.lastDay)}.`;
  const rows: [string, string][] = [
    ...q.lines.map((l): [string, string] => [l.label, formatUsd(toDollars(l.amountCents))]),
    ['Total', formatUsd(toDollars(q.totalCents))],
  ];
  const action = 'Pick a time and book, or decline';
  return {
    to: q.to,
    subject: followUp
      ? `Your quote from ${q.businessName} expires soon`
      : `Your quote from ${q.businessName}: ${formatUsd(toDollars(q.totalCents))}`,
    kind: followUp ? 'ownerQuoteFollowUp' : 'ownerQuote',
    text: [intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `${action}: ${q.link}`, '', q.businessName].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937"><p>${escapeHtml(intro)}</p><table cellpadding="4">${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table><p><a href="${escapeHtml(q.link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(q.businessName)}</p></body></html>`,
  };
}

/** What an issued invoice's mail says (issue 43; docs/decisions/045): its lines as issued, what was paid, what is due, its pay link. */
export interface MailInvoice {
  to: string;
  bookingId: string;
  firstName: string;
  businessName: string;
  serviceName: string;
  number: number;
  lines: readonly { description: string; amount: number }[];
  tax: { name: string; ratePercent: string; amount: number } | null;
  total: number;
  /** The deposit paid when booking, kept. */
  deposit: number;
  due: number;
  link: string;
  /** A reminder of it, unpaid (jobs/invoice-reminders.ts), rather than the invoice first sent. */
  reminder?: boolean;
  /** The card on file was declined (docs/decisions/046): the mail says so and asks for payment by the link. */
  declined?: { card: string };
  /** Paid by the card on file (docs/decisions/046): the receipt names the card and the amount charged. */
  charged?: { card: string; amount: number };
}

/**
 * The invoice a completed job issues, to its customer: itemised, the deposit taken off, and
 * the link where they pay what is due with a tip, or read the receipt when the deposit covered it.
 * A reminder says so first, and carries the same lines and link.
 */
export function invoiceMail(v: MailInvoice): MailMessage {
  const owed = v.due > 0;
  const intro = v.declined
    ? `Hi ${v.firstName}, we tried to charge your ${v.declined.card} for your ${v.serviceName} with ${v.businessName}, and the card was declined; nothing was charged. Please pay what is due with the link below.`
    : v.reminder
      ? `Hi ${v.firstName}, a reminder from ${v.businessName}: the invoice for your ${v.serviceName} is not paid yet.`
      : v.charged
        ? `Hi ${v.firstName}, thank you for choosing ${v.businessName}. We charged ${formatUsd(v.charged.amount)} for your ${v.serviceName} to your ${v.charged.card}, as you agreed.`
        : owed
          ? `Hi ${v.firstName}, thank you for choosing ${v.businessName}. Here is the invoice for your ${v.serviceName}.`
          : `Hi ${v.firstName}, thank you for choosing ${v.businessName}. Your deposit covered your ${v.serviceName}: nothing is due.`;
  const rows: [string, string][] = [
    ...v.lines.map((l): [string, string] => [l.description, formatUsd(l.amount)]),
    ...(v.tax ? [[`${v.tax.name} (${v.tax.ratePercent}%)`, formatUsd(v.tax.amount)] as [string, string]] : []),
    ['Total', formatUsd(v.total)],
    ...(v.deposit > 0 ? [['Deposit paid', formatUsd(-v.deposit)] as [string, string]] : []),
    ...(v.charged ? [[`Charged to your ${v.charged.card}`, formatUsd(-v.charged.amount)] as [string, string]] : []),
    ['Due', formatUsd(v.due)],
  ];
  const action = owed ? 'Pay online' : 'See your receipt';
  return {
    to: v.to,
    subject: v.declined
      ? `Your card was declined: invoice #${v.number} from ${v.businessName}, ${formatUsd(v.due)} due`
      : v.reminder
        ? `Reminder: invoice #${v.number} from ${v.businessName}, ${formatUsd(v.due)} due`
        : owed
          ? `Invoice #${v.number} from ${v.businessName}: ${formatUsd(v.due)} due`
          : `Receipt #${v.number} from ${v.businessName}`,
    kind: v.reminder ? 'invoiceReminder' : 'invoice',
    text: [intro, '', ...rows.map(([k, val]) => `${k}: ${val}`), '', `${action}: ${v.link}`, '', v.businessName].join(
      '\n',
    ),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937"><p>${escapeHtml(intro)}</p><table cellpadding="4">${rows.map(([k, val]) => `<tr><th align="left">${escapeHtml(k)}</th><td align="right">${escapeHtml(val)}</td></tr>`).join('')}</table><p><a href="${escapeHtml(v.link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(v.businessName)}</p></body></html>`,
    bookingId: v.bookingId,
  };
}

/** To the owner when a saved card is declined for an invoice (docs/decisions/046): the customer has the pay link. */
export function cardDeclinedOwnerMail(v: {
  to: string;
  bookingId: string;
  customerName: string;
  number: number;
  due: number;
  card: string;
  reason: string;
}): MailMessage {
  const text = `${v.customerName}'s ${v.card} was declined for invoice #${v.number} (${formatUsd(v.due)}; ${v.reason}). Nothing was charged. We e-mailed them the invoice's pay link; the invoice stays open until it is paid.`;
  return {
    to: v.to,
    subject: `Card declined: invoice #${v.number} for ${v.customerName}`,
    kind: 'ownerNotice',
    text,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937"><p>${escapeHtml(text)}</p></body></html>`,
    bookingId: v.bookingId,
  };
}
