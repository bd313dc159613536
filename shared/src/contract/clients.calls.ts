/** The calls of clients (docs/decisions/037) (schemas: clients.schemas.ts). */
import { owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const clientsDashboardCalls = {
  clients: {
    method: 'GET',
    path: `${owner}/clients`,
    auth: 'owner',
    query: 'ClientsQuery',
    response: 'ClientsPage',
  },
  client: {
    method: 'GET',
    path: `${owner}/clients/:id`,
    auth: 'owner',
    params: 'ClientParams',
    response: 'ClientDetail',
  },
} as const satisfies Record<string, RouteDef>;

export const clientsSummaries: { dashboard: SummariesOf<typeof clientsDashboardCalls> } = {
  dashboard: {
    clients:
      "The business's clients whose name, e-mail, phone or street holds q, with their last and next visit and what they spent; by last visit, next visit, money spent or name.",
    client: 'One client: their places with notes, private notes, tags, consent, where they came from and totals.',
  },
};
