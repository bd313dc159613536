/** The owner's view of the booking page's address (Services page): read it, change it (decision 018). */
import type { BookingPage } from '@slotwise/shared/api';
import type { AppContext } from '../../context.ts';
import { bookingPageUrl, changeSlug } from '../../domain/booking-page.ts';
import type { Handlers } from '../register.ts';

export function bookingPageHandlers(ctx: AppContext): Handlers<'dashboard', 'bookingPage' | 'updateBookingPage'> {
  const answer = (slug: string | null): BookingPage => {
    const url = bookingPageUrl(ctx.config.publicUrl, slug);
    return { slug, url, qrSvgUrl: url && `${url}/qr.svg`, qrPngUrl: url && `${url}/qr.png` };
  };
  return {
    bookingPage: async (req) => answer((await ctx.repos.businesses.findById(req.owner.business.id))?.slug ?? null),
    updateBookingPage: async (req) => answer(await changeSlug(ctx, req.owner.business.id, req.body.slug)),
  };
}
