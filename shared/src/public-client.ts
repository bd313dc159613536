/**
 * The calls that need no login and that any website may make (address search,
 * feedback, the customer API), for code that must stay small (the widget): derived
 * from the same route table as the full client (client.ts), answers not re-validated,
 * no zod at run time.
 */
import { type ClientOptions, type GroupClient, groupClient, type Parsers } from './http.ts';
import { customerRoutes, feedbackRoutes, placesRoutes } from './routes.ts';

export function publicCalls(options: ClientOptions = {}, parsers: Parsers | null = null) {
  return {
    places: groupClient(placesRoutes, options, parsers),
    feedback: groupClient(feedbackRoutes, options, parsers),
    customer: groupClient(customerRoutes, options, parsers),
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
