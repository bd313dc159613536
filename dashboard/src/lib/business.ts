/**
 * The business profile (name, niche, address, time zone, onboarded), shared by the
 * dashboard's onboarding banner, the onboarding steps and Settings.
 */
import { client } from './api.ts';
import { serverErrorOr } from './errors.ts';
import { createSharedResource } from './resource.ts';

export const businessProfile = createSharedResource(
  () => client.onboarding.profile(),
  (err) => serverErrorOr(err, 'Failed to load your business profile.'),
);

/** Where an owner who has not finished onboarding continues. */
export function nextOnboardingStep(profile: { name: string | null; niche: string | null }): string {
  if (!profile.name) return '/onboarding/step1';
  if (!profile.niche) return '/onboarding/step2';
  return '/onboarding/step3';
}
