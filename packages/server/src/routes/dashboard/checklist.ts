/**
 * The overview's first-day checklist (docs/product.md#the-first-day-checklist). Three of its
 * marks are made where the owner does the thing: services.ts (prices), settings.ts (hours), and
 * here, when the dashboard says the booking page's link was copied or shared, or the embed code
 * copied. The test booking is read from bookings.
 */
import type { AppContext } from '../../context.ts';
import { firstDayChecklist } from '../../domain/first-day.ts';
import type { Handlers } from '../register.ts';

export function checklistHandlers(
  ctx: AppContext,
): Handlers<'dashboard', 'checklist' | 'checklistEmbedCopied' | 'checklistLinkShared' | 'dismissChecklist'> {
  const { checklist, bookings } = ctx.repos;
  const answer = async (businessId: string) => {
    const [marks, hasBooking] = await Promise.all([checklist.find(businessId), bookings.hasAny(businessId)]);
    return firstDayChecklist(marks, hasBooking);
  };
  return {
    checklist: (req) => answer(req.owner.business.id),
    checklistEmbedCopied: async (req) => {
      await checklist.mark(req.owner.business.id, 'embed_copied_at', ctx.now());
      return answer(req.owner.business.id);
    },
    checklistLinkShared: async (req) => {
      await checklist.mark(req.owner.business.id, 'link_shared_at', ctx.now());
      return answer(req.owner.business.id);
    },
    dismissChecklist: async (req) => {
      await checklist.mark(req.owner.business.id, 'dismissed_at', ctx.now());
      return answer(req.owner.business.id);
    },
  };
}
