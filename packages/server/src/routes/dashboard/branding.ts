/**
 * Settings > Booking button and branding (docs/product.md#branding, decision 020): the accent
 * colour, the booking button's text and corner, the "Report a problem" link, and the logo.
 * Nothing here touches a booking, so the calendar lock is not taken.
 */
import type { AppContext } from '../../context.ts';
import { brandingOf, checkLogo } from '../../domain/branding.ts';
import type { Business } from '../../repositories/businesses.ts';
import type { Handlers } from '../register.ts';

export function brandingHandlers(
  ctx: AppContext,
): Handlers<'dashboard', 'branding' | 'updateBranding' | 'uploadLogo' | 'removeLogo'> {
  const { businesses, logos } = ctx.repos;
  const answer = async (b: Business) => brandingOf(b, await logos.find(b.id), ctx.config.publicUrl);
  return {
    branding: (req) => answer(req.owner.business),
    updateBranding: async (req) => {
      const { accentColor, buttonText, buttonPosition, reportProblem } = req.body;
      return answer(
        await businesses.update(req.owner.business.id, {
          accent_color: accentColor,
          button_text: buttonText,
          button_position: buttonPosition,
          report_problem: reportProblem ? 1 : 0,
          updated_at: ctx.now(),
        }),
      );
    },
    uploadLogo: async (req) => {
      await logos.save(checkLogo(req.body.image, req.owner.business.id, ctx.now()));
      return answer(req.owner.business);
    },
    removeLogo: async (req) => {
      await logos.remove(req.owner.business.id);
      return answer(req.owner.business);
    },
  };
}
