/** The calls of services and quotes: services, add-ons, quote questions, distance pricing (schemas: services.schemas.ts). */
import { owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const servicesDashboardCalls = {
  quoteQuestions: {
    method: 'GET',
    path: `${owner}/settings/quote-questions`,
    auth: 'owner',
    response: 'QuoteQuestions',
  },
  updateQuoteQuestions: {
    method: 'PUT',
    path: `${owner}/settings/quote-questions`,
    auth: 'owner',
    body: 'QuoteQuestionsUpdate',
    response: 'QuoteQuestions',
  },
  // The specification's own calls (its section 7), kept for integrations written against it.
  specificQuestion: {
    method: 'GET',
    path: `${owner}/settings/specific-question`,
    auth: 'owner',
    response: 'SpecificQuestionOrNull',
  },
  updateSpecificQuestion: {
    method: 'PUT',
    path: `${owner}/settings/update-specific-question`,
    auth: 'owner',
    body: 'SpecificQuestionUpdate',
    response: 'SpecificQuestion',
  },
  services: {
    method: 'GET',
    path: `${owner}/services`,
    auth: 'owner',
    response: 'ServicesResponse',
  },
  addService: {
    method: 'POST',
    path: `${owner}/service/add`,
    auth: 'owner',
    body: 'ServiceInput',
    response: 'Service',
    status: 201,
  },
  editService: {
    method: 'PUT',
    path: `${owner}/service/edit/:id`,
    auth: 'owner',
    params: 'ServiceParams',
    body: 'ServiceInput',
    response: 'Service',
  },
  deleteService: {
    method: 'DELETE',
    path: `${owner}/service/delete/:id`,
    auth: 'owner',
    params: 'ServiceParams',
    response: 'OkBody',
  },
  distancePricing: {
    method: 'GET',
    path: `${owner}/settings/distance-pricing`,
    auth: 'owner',
    response: 'DistancePricing',
  },
  updateDistancePricing: {
    method: 'PUT',
    path: `${owner}/settings/update-distance-pricing`,
    auth: 'owner',
    body: 'DistancePricingUpdate',
    response: 'DistancePricing',
  },
} as const satisfies Record<string, RouteDef>;

/** One line per call for the API reference (routes.ts routeSummaries). */
export const servicesSummaries: { dashboard: SummariesOf<typeof servicesDashboardCalls> } = {
  dashboard: {
    quoteQuestions:
      'The quote questions, in order (up to 5): dropdown, rate or yes/no, each for all services or chosen ones.',
    updateQuoteQuestions:
      'Replaces the quote questions, in order. Answers are sent by question _id, so a saved question gets a new _id.',
    specificQuestion:
      "The specification's call (section 7): the first quote question as `{question, type, options, rate}`, or null when there is none. A yes/no question reads as a dropdown of Yes and No; `quote-questions` has every question.",
    updateSpecificQuestion:
      "The specification's call (section 7): sets the first quote question from `{question, type, options, rate}` (a dropdown of options, or a rate per unit); the other questions stay. It keeps the first question's services, whether it is required, its options' extra minutes (by text) and a rate's unit and bounds. It gets a new _id. Refused: `Question cannot be empty.`",
    services: 'The services offered.',
    addService: 'Adds a service.',
    editService: 'Changes a service (existing bookings keep what they were booked with).',
    deleteService: 'Deletes a service (existing bookings keep it).',
    distancePricing: 'Whether quotes charge for distance, and the price per mile from the business to the customer.',
    updateDistancePricing: 'Switches distance pricing on with a price per mile, or off (the rate is kept).',
  },
};
