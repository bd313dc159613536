/** The contract of onboarding: the three steps and the business's profile (calls: onboarding.calls.ts). */

import { z } from 'zod';
import { NICHES } from '../domain.ts';
import { Id, plainText, TimeFormat, trimmed } from './fields.schemas.ts';

export const Step1Request = z.object({ name: trimmed(120, 'Business name') });
export const Step2Request = z.object({
  niche: plainText(
    z
      .string({ error: 'Niche is required.' })
      .trim()
      .min(1, 'Choose a niche.')
      .max(80, 'Niche must be at most 80 characters.'),
    'Niche',
  ),
});

/** The business's street address, a suggestion's text; a city or ZIP alone is refused with ADDRESS_NEEDS_STREET. */
export const Step3Request = z.object({ address: trimmed(300, 'Address') });
export type Step1Request = z.infer<typeof Step1Request>;
export type Step2Request = z.infer<typeof Step2Request>;
export type Step3Request = z.infer<typeof Step3Request>;

export const BusinessProfile = z.object({
  businessId: Id,
  name: z.string().nullable(),
  niche: z.string().nullable(),
  address: z.string().nullable(),
  timeZone: z.string(),
  /** How every screen, mail and the widget show this business's times. */
  timeFormat: TimeFormat,
  onboarded: z.boolean(),
});
export type BusinessProfile = z.infer<typeof BusinessProfile>;
export { NICHES };
