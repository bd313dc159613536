/**
 * What a booking page's slug may be (`/book/{slug}`, docs/product.md#the-booking-page):
 * 3 to 40 characters of a-z, 0-9 and single hyphens, starting and ending with a letter or
 * digit, and not a word the product keeps for itself. Made from the business's name at
 * onboarding (a number added while taken); the owner may change it, and every earlier
 * slug keeps redirecting (decision 018).
 */

export const SLUG_MIN = 3;
export const SLUG_MAX = 40;

const SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Words a slug may not be: our own pages and words a visitor would read as ours. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'app',
  'book',
  'booking',
  'dashboard',
  'demo',
  'help',
  'login',
  'new',
  'privacy',
  'settings',
  'signup',
  'slotwise',
  'support',
  'widget',
  'www',
]);

export type SlugProblem = 'malformed' | 'reserved';

/** Why a slug cannot be used as typed, or null when it can (whether it is free is the server's to say). */
export function slugProblem(slug: string): SlugProblem | null {
  if (slug.length < SLUG_MIN || slug.length > SLUG_MAX || !SHAPE.test(slug)) return 'malformed';
  return RESERVED_SLUGS.has(slug) ? 'reserved' : null;
}

/** A slug made from a business's name: "Joe's Mobile Detailing!" -> "joes-mobile-detailing". */
export function slugify(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  // Whole words up to the limit, so a long name is cut between words.
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX - 4) break;
    slug = next;
  }
  if (!slug && words[0]) slug = words[0].slice(0, SLUG_MAX - 4);
  if (slug.length < SLUG_MIN || RESERVED_SLUGS.has(slug)) slug = slug ? `${slug}-pro` : 'my-business';
  return slug;
}

/** The candidates tried in turn for a name: "joes-detailing", "joes-detailing-2", ... */
export function slugCandidate(base: string, attempt: number): string {
  return attempt < 2 ? base : `${base}-${attempt}`;
}
