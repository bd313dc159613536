/**
 * What the hosted booking page shows (docs/product.md#the-booking-page), as plain values
 * read from a business: pure, so page.ts renders without the database and tests build
 * views by hand.
 */
import type { AvailabilityEntry, Branding } from '@slotwise/shared/api';
import type { TimeFormat } from '@slotwise/shared/clock';
import type { QuoteQuestion } from '@slotwise/shared/quote';

export interface PageService {
  name: string;
  durationMin: number;
  /** The lowest price a customer can be quoted before distance: the service plus the cheapest answer. */
  fromCents: number;
  /** The quote can come out higher: the question's answer or the distance changes it. */
  varies: boolean;
}

/** Where the business works, as much as the page shows: the city, never the street (the owner may work from home). */
export interface PageArea {
  locality: string | null;
  region: string | null;
  postalCode: string | null;
  /** "Beverly Hills, CA 90210" */
  label: string | null;
  /** The service area's radius; null: anywhere. */
  miles: number | null;
  /** Rounded to about a kilometre, for the same reason. */
  geo: { lat: number; lng: number } | null;
}

export interface BookingPageView {
  businessId: string;
  name: string;
  /** "Car detailing"; null when the trade is not set. */
  trade: string | null;
  /** The page's own address (canonical, og:url) and its share image's. */
  url: string;
  imageUrl: string;
  area: PageArea;
  services: PageService[];
  hours: AvailabilityEntry[];
  timeFormat: TimeFormat;
  question: string | null;
  /** The business's look (domain/branding.ts): the page's accent, the text on it, its ink on white, the logo. */
  brand: Pick<Branding, 'accentColor' | 'onAccent' | 'accentInk' | 'logoUrl'>;
  /**
   * Back from Stripe's payment page, or come to pay a plan visit's deposit from its mail
   * (routes/booking-page.ts paymentNotice): the booking's state, at the top.
   */
  notice?: PageNotice;
}

export interface PageNotice {
  title: string;
  text: string;
  /**
   * A link to act on (pay the deposit after all); with `post`, a button that posts those fields
   * to `href` (a visit's Pay, which starts a Checkout Session: never on a GET a mail scanner follows).
   */
  action?: { label: string; href: string; post?: Record<string, string> };
  /** Seconds until the page asks again (while Stripe's word is on its way). */
  refreshSeconds?: number;
}

/** "car-detailing" -> "Car detailing"; a trade typed by the owner stays as typed. */
export function tradeLabel(niche: string | null): string | null {
  if (!niche || niche === 'other') return null;
  const words = niche.replace(/-/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The city part of a stored address: "100, Beverly Hills, CA 90210, USA" or "1100 Congress Ave,
 * Austin, TX 78701, USA" -> Austin / TX / 78701. The part before the "ST 12345" part is the city.
 */
export function areaOf(address: string | null, lat: number | null, lng: number | null, miles: number | null): PageArea {
  const parts = (address ?? '').split(',').map((p) => p.trim());
  const at = parts.findIndex((p, i) => i > 0 && /^[A-Z]{2}(\s+\d{5}(-\d{4})?)?$/.test(p));
  const locality = at > 0 ? (parts[at - 1] ?? null) : null;
  const [region = null, postalCode = null] = at > 0 ? (parts[at]?.split(/\s+/) ?? []) : [];
  const label = locality ? [locality, parts[at]].join(', ') : null;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    locality,
    region,
    postalCode,
    label,
    miles,
    geo: lat !== null && lng !== null ? { lat: round(lat), lng: round(lng) } : null,
  };
}

/**
 * A service's "from" price: the cheapest answer to each question asked for it (an optional one:
 * none), a rate at its least quantity, no on a yes/no. `othersVary`: distance or add-ons can add more.
 */
export function servicePrice(
  priceCents: number,
  questions: readonly QuoteQuestion[],
  othersVary: boolean,
): { fromCents: number; varies: boolean } {
  let extra = 0;
  let varies = othersVary;
  for (const question of questions) {
    if (question.type === 'dropdown' && question.options.length > 0) {
      const values = question.options.map((o) => o.valueCents);
      const least = Math.min(...values);
      if (question.required) extra += least;
      varies ||= Math.max(...values) > (question.required ? least : 0);
    } else if (question.type === 'rate') {
      const rate = question.rateCents ?? 0;
      if (question.required) extra += Math.round(rate * (question.minQuantity ?? 0));
      varies ||= rate > 0;
    } else varies ||= (question.rateCents ?? 0) > 0;
  }
  return { fromCents: priceCents + extra, varies };
}
