/**
 * The door-hanger (issue 45 item 4; docs/decisions/058), pure: a printable card left on the
 * neighbours' doors after a job, "Your neighbour on Oak St booked us on Tuesday: book the same
 * day, we're already nearby.", with a QR code that opens the booking page on a coming day of that
 * weekday. Privacy: the card names the street alone, never the house number, the customer's name
 * or number; an address whose street cannot be told apart from the rest names no street at all.
 */

import { sundayIndex, WEEKDAY_NAMES } from '@slotwise/shared/insights';
import { addDays } from '@slotwise/shared/slots';

/** How many coming days the owner may print a card for. */
export const HANGER_DAYS = 4;

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
export function hangerSentence(street: string | null, weekday: string, promise: NearbyPromise = 'nearby'): string {
  const who = street ? `Your neighbour on ${street}` : 'Your neighbour';
  const ask = {
    nearby: "book the same day, we're already nearby.",
    less: "book the same day: we're already nearby, so you pay less for travel.",
    free: "book the same day: we're next door, so next to no travel charge.",
  }[promise];
  return `${who} booked us on ${weekday}: ${ask}`;
}

/**
 * What the card may promise a neighbour who books a day the owner has a job at that door: only the
 * owner's nearby discount (decision 055) lowers the travel charge beside a job; all of the saving
 * with no floor leaves next to none (the few yards between the doors); none, or no job there that
 * day, promises only that the crew is nearby.
 */
export type NearbyPromise = 'nearby' | 'less' | 'free';
export function nearbyPromise(
  pricing: {
    distance_pricing_on: number;
    price_per_mile_cents: number;
    nearby_share: string;
    nearby_floor_cents: number;
  },
  jobThatDay: boolean,
): NearbyPromise {
  if (!jobThatDay || !pricing.distance_pricing_on || pricing.price_per_mile_cents <= 0) return 'nearby';
  if (pricing.nearby_share === 'none') return 'nearby';
  return pricing.nearby_share === 'all' && pricing.nearby_floor_cents === 0 ? 'free' : 'less';
}

/**
 * The days the card offers: the coming visits booked at that door (`visits`, after today: a plan's
 * next visits), on which a neighbour's job sits beside the crew's and the nearby price applies; with
 * none, the coming days of the job's weekday after `today` (the job's own when still ahead).
 * HANGER_DAYS of them, all of one weekday, the one the card names.
 */
export function hangerDays(
  jobDay: string,
  today: string,
  visits: readonly string[] = [],
): { weekday: string; days: string[]; visits: boolean } {
  const ahead = [...new Set(visits.filter((d) => d > today))].sort();
  // Those of the first one's weekday, as the card names one weekday ("booked us on Tuesday").
  const booked = ahead.filter((d) => sundayIndex(d) === sundayIndex(ahead[0] ?? d)).slice(0, HANGER_DAYS);
  if (booked.length > 0) return { weekday: WEEKDAY_NAMES[sundayIndex(booked[0]!)]!, days: booked, visits: true };
  let first = jobDay;
  while (first <= today) first = addDays(first, 7);
  return {
    weekday: WEEKDAY_NAMES[sundayIndex(jobDay)]!,
    days: Array.from({ length: HANGER_DAYS }, (_, i) => addDays(first, 7 * i)),
    visits: false,
  };
}
