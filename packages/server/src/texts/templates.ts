/**
 * The words of every text (docs/decisions/027), plain values in, one GSM-7 safe string out
 * (gsm.ts). Short, so most fit one segment: who sends it first ("Shiny Cars:"), the day and time
 * on the business's clock, and a short link on our own origin (/s/{code}). The first text a
 * business sends a number also says how to stop them (withOptOutLine). The words are cut to the
 * bone, never the name: the first text of a business with a 40-character name, the STOP line, the
 * longest date and a 38-character link still fit one segment of 160 (gsm.test.ts; issue 39).
 */

import type { TextKind } from '@slotwise/shared/api';
import { formatClock, type TimeFormat } from '@slotwise/shared/clock';
import { formatUsd, toDollars } from '@slotwise/shared/money';
import { shortDate } from '@slotwise/shared/time-zone';
import { gsmSafe } from './gsm.ts';

/** Every message a booking can text (the kinds are the contract's: shared/src/api.ts TEXT_KINDS). */
export type { TextKind };

export interface TextBooking {
  businessName: string;
  serviceName: string;
  day: string;
  startTime: string;
  timeFormat: TimeFormat;
  totalCents: number;
  /** The owner's "new booking" text: true when it was confirmed automatically (nothing to approve). */
  confirmed?: boolean;
}

/** "Sat, Dec 5, 10:00 AM": the year left out, a text is about the coming days. */
function when(b: TextBooking): string {
  return `${shortDate(b.day).replace(/, \d{4}$/, '')}, ${formatClock(b.startTime, b.timeFormat)}`;
}

const STOP_LINE = ' Reply STOP to opt out.';

/** The first text to a number says how to stop them (US carriers' rule). */
export function withOptOutLine(body: string): string {
  return gsmSafe(body + STOP_LINE);
}

/** `link`: a short link (/s/{code}) to the booking's manage page, the review page for `review`, the pay link for `invoice`. */
export function textFor(kind: TextKind, b: TextBooking, link: string): string {
  const from = `${b.businessName}:`;
  const words: Record<TextKind, string> = {
    received: `${from} request received: ${b.serviceName}, ${when(b)}. ${link}`,
    approved: `${from} confirmed: ${b.serviceName}, ${when(b)}. Manage: ${link}`,
    moved: `${from} ${b.serviceName} moved to ${when(b)}. Manage: ${link}`,
    declined: `${from} sorry, we can't take your booking for ${when(b)}. Please book another time.`,
    cancelled: `${from} your ${b.serviceName} on ${when(b)} is cancelled.`,
    reminder: `${from} reminder: ${b.serviceName}, ${when(b)}. Manage: ${link}`,
    reminder2h: `${from} see you today at ${formatClock(b.startTime, b.timeFormat)} for your ${b.serviceName}. ${link}`,
    ownerNew: `${b.confirmed ? 'New booking, confirmed' : 'New booking to approve'}: ${shortDate(b.day).split(',')[0]} ${formatClock(b.startTime, b.timeFormat)}, ${b.serviceName}, ${formatUsd(toDollars(b.totalCents))} ${link}`,
    // An issued invoice (issue 43): totalCents is what is due; `link` its pay link, shortened.
    invoice: `${from} invoice for your ${b.serviceName}: ${formatUsd(toDollars(b.totalCents))} due. Pay: ${link}`,
    review: `${from} thanks for choosing us! How did we do? Rate us: ${link}`,
    // A request that expired unanswered (docs/decisions/051): `link` is the booking page, to book again.
    expired: `${from} sorry, we couldn't confirm your ${b.serviceName} on ${when(b)} in time; it is released. Book another time: ${link}`,
    ownerNudge: `Still waiting for your answer: ${shortDate(b.day).split(',')[0]} ${formatClock(b.startTime, b.timeFormat)}, ${b.serviceName}. Approve or decline: ${link}`,
  };
  return gsmSafe(words[kind]);
}

/** What "Send me a test" texts the owner. */
export function testText(businessName: string): string {
  return gsmSafe(
    `${businessName}: this is a test text from Slotwise. Your customers' texts will come from this number.`,
  );
}

/** A quote the owner sends by text, or its one follow-up (docs/decisions/039): `link` is its short link. */
export function ownerQuoteText(
  q: { businessName: string; serviceName: string; totalCents: number; lastDay: string },
  link: string,
  followUp: boolean,
): string {
  const until = shortDate(q.lastDay).replace(/, \d{4}$/, '');
  const price = formatUsd(toDollars(q.totalCents));
  return gsmSafe(
    followUp
      ? `${q.businessName}: your ${price} quote for ${q.serviceName} holds until ${until}. Book: ${link}`
      : `${q.businessName}: your quote for ${q.serviceName} is ${price}, until ${until}. Book: ${link}`,
  );
}
