/**
 * The door-hanger (issue 45 item 4; docs/decisions/058), pure: a printable card left on the
 * neighbours' doors after a job, "Your neighbour on Oak St booked us on Tuesday: book the same
 * day, we're already nearby.", with a QR code that opens the booking page on a coming day of that
 * weekday. Privacy: the card names the street alone, never the house number, the customer's name
 * or number; an address whose street cannot be told apart from the rest names no street at all.
 */

import { sundayIndex, WEEKDAY_NAMES } from '@slotwise/shared/insights';
import { addDays } from '@slotwise/shared/slots';

/** How many coming days of the job's weekday the owner may print a card for. */
const HANGER_DAYS = 4;

/** Words that end a street's name ("Oak St", "Congress Avenue"): a part without one is no street. */
const STREET_WORDS = new Set(
  'st street ave avenue av rd road dr drive ln lane blvd boulevard way ct court pl place ter terrace pkwy parkway hwy highway cir circle trl trail loop sq square row walk path pike run xing crossing cres crescent close mews alley aly bend cv cove grove grv hl hill holw hollow pt point ridge rdg view vw vista'.split(
    ' ',
  ),
);

/** A leading house number: "12", "12B", "12-14", "#4". */
const HOUSE_NUMBER = /^#?\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?\s*/;
/** A unit after the street: "Apt 4", "Unit B", "Ste 200", "# 3". */
const UNIT = /\s+(?:apt|apartment|unit|ste|suite|#)\s*\S+$/i;

/**
 * The street of an address, without its house number or unit: "12 Oak St, Austin, TX 78701" ->
 * "Oak St"; "12, Oak St, Austin" (the suggestion form, decision 016) -> "Oak St". null when no part
 * before the town ends in a street word ("5, Malibu, CA 90265": the street is not known).
 */
export function streetOf(address: string | null): string | null {
  if (!address) return null;
  const parts = address.split(',').map((p) => p.trim());
  for (const part of parts.slice(0, 2)) {
    const street = part.replace(HOUSE_NUMBER, '').replace(UNIT, '').replace(/\s+/g, ' ').trim();
    if (!street || /\d{5}/.test(street)) continue;
    const last = street.split(' ').at(-1)!.toLowerCase().replace(/\.$/, '');
    if (STREET_WORDS.has(last)) return street.slice(0, 80);
  }
  return null;
}

/** The card's sentence: where and when the neighbour's job was, and the ask. */
export function hangerSentence(street: string | null, weekday: string): string {
  const who = street ? `Your neighbour on ${street}` : 'Your neighbour';
  return `${who} booked us on ${weekday}: book the same day, we're already nearby.`;
}

/** The job's weekday name and the coming days of it after `today` (the job's own when still ahead), HANGER_DAYS of them. */
export function hangerDays(jobDay: string, today: string): { weekday: string; days: string[] } {
  let first = jobDay;
  while (first <= today) first = addDays(first, 7);
  return {
    weekday: WEEKDAY_NAMES[sundayIndex(jobDay)]!,
    days: Array.from({ length: HANGER_DAYS }, (_, i) => addDays(first, 7 * i)),
  };
}
