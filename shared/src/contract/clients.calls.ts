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
  clientDuplicates: {
    method: 'GET',
    path: `${owner}/clients/duplicates`,
    auth: 'owner',
    response: 'ClientDuplicates',
  },
  client: {
    method: 'GET',
    path: `${owner}/clients/:id`,
    auth: 'owner',
    params: 'ClientParams',
    response: 'ClientDetail',
  },
  updateClient: {
    method: 'PUT',
    path: `${owner}/clients/:id`,
    auth: 'owner',
    params: 'ClientParams',
    body: 'UpdateClientRequest',
    response: 'ClientDetail',
  },
  clientPlaces: {
    method: 'PUT',
    path: `${owner}/clients/:id/places`,
    auth: 'owner',
    params: 'ClientParams',
    body: 'ClientPlacesRequest',
    response: 'ClientDetail',
  },
  clientThings: {
    method: 'PUT',
    path: `${owner}/clients/:id/things`,
    auth: 'owner',
    params: 'ClientParams',
    body: 'ClientThingsRequest',
    response: 'ClientDetail',
  },
  mergeClient: {
    method: 'POST',
    path: `${owner}/clients/:id/merge`,
    auth: 'owner',
    params: 'ClientParams',
    body: 'MergeClientRequest',
    response: 'ClientDetail',
  },
} as const satisfies Record<string, RouteDef>;

export const clientsSummaries: { dashboard: SummariesOf<typeof clientsDashboardCalls> } = {
  dashboard: {
    clients:
      "The business's clients whose name, e-mail, phone or street holds q, with their last and next visit and what they spent; by last visit, next visit, money spent or name.",
    client:
      'One client: their places with notes, things served, private notes, tags, consent, where they came from, next and past bookings, plans, messages sent with their delivery state, and totals.',
    clientDuplicates:
      'Pairs of clients that may be one person: the same phone under two e-mails, or the same name at the same street.',
    updateClient: "Edits a client's names, e-mail, phone, private notes, tags and consent.",
    clientPlaces:
      "Sets a client's places and each place's notes (a gate code): kept by _id, new without, missing ones removed.",
    clientThings:
      'Sets the things served for a client (a vehicle, a pool): renamed by _id, new without, missing ones removed.',
    mergeClient:
      'Merges this client into intoId: bookings, plans, places, things, notes, tags and consent move, then this record goes.',
  },
};
