/**
 * The booking page's address (docs/product.md#the-booking-page, decision 018): the slug a
 * business gets when it first has a name, the owner's change of it, and the page's URLs.
 * The slug's shape is shared/src/slug.ts; here is who may have which.
 */
import { SLUG_MAX, slugCandidate, slugify, slugProblem } from '@slotwise/shared/slug';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../errors.ts';

/** The page's address, or null while the business has no slug (no name yet). */
export function bookingPageUrl(publicUrl: string, slug: string | null): string | null {
  return slug ? `${publicUrl}/book/${slug}` : null;
}

/** Gives a business with no slug one made from its name, numbered while taken. Idempotent. */
export async function ensureSlug(ctx: AppContext, businessId: string, name: string): Promise<string> {
  const base = slugify(name);
  for (let attempt = 1; attempt < 1000; attempt++) {
    const current = (await ctx.repos.businesses.findById(businessId))?.slug;
    if (current) return current;
    const slug = slugCandidate(base, attempt);
    if (await ctx.repos.slugs.takenByOther(slug, businessId)) continue;
    try {
      await inTransaction(ctx.store, (trx) => ctx.repos.slugs.change(trx, businessId, null, slug, ctx.now()));
      return slug;
    } catch (err) {
      // Another business took it between the look and the write: the next number.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error(`No free booking page slug for "${base}" after 1000 tries.`);
}

/** The owner's new slug, as typed (trimmed, lowercased); refused with a stable code. */
export async function changeSlug(ctx: AppContext, businessId: string, typed: string): Promise<string> {
  const slug = typed.trim().toLowerCase();
  const problem = slugProblem(slug);
  if (problem === 'malformed')
    throw new AppError(
      'SLUG_MALFORMED',
      `"${typed.slice(0, 60)}" cannot be a booking page address: use 3 to ${SLUG_MAX} characters of a-z, 0-9 and single hyphens, starting and ending with a letter or digit, like "joes-detailing".`,
    );
  if (problem === 'reserved')
    throw new AppError('SLUG_RESERVED', `"${slug}" is kept for Slotwise's own pages; choose another address.`);
  const taken = () =>
    new AppError(
      'SLUG_TAKEN',
      `Another business uses /book/${slug} (or did); choose another address, like "${slug}-2".`,
    );
  if (await ctx.repos.slugs.takenByOther(slug, businessId)) throw taken();
  const old = (await ctx.repos.businesses.findById(businessId))?.slug ?? null;
  if (old === slug) return slug;
  try {
    await inTransaction(ctx.store, (trx) => ctx.repos.slugs.change(trx, businessId, old, slug, ctx.now()));
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  return slug;
}
