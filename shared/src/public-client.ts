/**
 * The calls that need no login and that any website may make (address search,
 * feedback, the customer API), for code that must stay small (the widget): derived
 * from the same route table as the full client (client.ts), answers not re-validated,
 * no zod at run time. The groups come from their domains' modules, not the assembled table
 * (routes.ts), so the widget bundles only these calls.
 */

import { customerCalls } from './contract/customer.calls.ts';
import { photosCustomerCalls } from './contract/photos.calls.ts';
import { publicFeedbackCalls, publicPlacesCalls } from './contract/public.calls.ts';
import { waitlistCustomerCalls } from './contract/waitlist.calls.ts';
import { type ClientOptions, type GroupClient, groupClient, type Parsers } from './http.ts';
import type { customerRoutes, feedbackRoutes, placesRoutes } from './routes.ts';

export function publicCalls(options: ClientOptions = {}, parsers: Parsers | null = null) {
  return {
    places: groupClient(publicPlacesCalls, options, parsers),
    feedback: groupClient(publicFeedbackCalls, options, parsers),
    customer: groupClient({ ...customerCalls, ...photosCustomerCalls, ...waitlistCustomerCalls }, options, parsers),
  };
}

export interface PublicClient {
  places: GroupClient<typeof placesRoutes>;
  feedback: GroupClient<typeof feedbackRoutes>;
  customer: GroupClient<typeof customerRoutes>;
}

/** The widget's client: same calls, answers trusted (our own server validated what it stored). */
export function createPublicClient(options: ClientOptions = {}): PublicClient {
  return publicCalls(options);
}
