/** The calls of onboarding: the three steps and the business's profile (schemas: onboarding.schemas.ts). */
import type { RouteDef, SummariesOf } from './route-def.ts';

export const onboardingCalls = {
  profile: {
    method: 'GET',
    path: '/api/onboarding/profile',
    auth: 'owner',
    response: 'BusinessProfile',
  },
  step1: {
    method: 'POST',
    path: '/api/onboarding/step1',
    auth: 'owner',
    body: 'Step1Request',
    response: 'BusinessProfile',
  },
  step2: {
    method: 'POST',
    path: '/api/onboarding/step2',
    auth: 'owner',
    body: 'Step2Request',
    response: 'BusinessProfile',
  },
  step3: {
    method: 'POST',
    path: '/api/onboarding/step3',
    auth: 'owner',
    body: 'Step3Request',
    response: 'BusinessProfile',
  },
} as const satisfies Record<string, RouteDef>;

/** One line per call for the API reference (routes.ts routeSummaries). */
export const onboardingSummaries: { onboarding: SummariesOf<typeof onboardingCalls> } = {
  onboarding: {
    profile: "The business's name, trade, address, time zone, clock (12- or 24-hour) and whether onboarding is done.",
    step1: "Onboarding step 1: the business's name.",
    step2: "Onboarding step 2: the trade; pre-fills that trade's services and question.",
    step3: "Onboarding step 3: the business's address (sets its coordinates and time zone).",
  },
};
