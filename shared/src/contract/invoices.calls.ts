/** The calls of getting paid after the job, its foundation (docs/decisions/043) (schemas: invoices.schemas.ts). */
import { owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const invoicesDashboardCalls = {
  taxSettings: {
    method: 'GET',
    path: `${owner}/settings/tax`,
    auth: 'owner',
    response: 'TaxSettings',
  },
  updateTaxSettings: {
    method: 'PUT',
    path: `${owner}/settings/tax`,
    auth: 'owner',
    body: 'TaxSettings',
    response: 'TaxSettings',
  },
  bookingBill: {
    method: 'GET',
    path: `${owner}/bookings/:id/bill`,
    auth: 'owner',
    params: 'BookingParams',
    response: 'BookingBill',
  },
  addDayLine: {
    method: 'POST',
    path: `${owner}/bookings/:id/day-lines`,
    auth: 'owner',
    params: 'BookingParams',
    body: 'DayLineRequest',
    response: 'BookingBill',
  },
  removeDayLine: {
    method: 'DELETE',
    path: `${owner}/bookings/:id/day-lines/:lineId`,
    auth: 'owner',
    params: 'DayLineParams',
    response: 'BookingBill',
  },
  issueInvoice: {
    method: 'POST',
    path: `${owner}/bookings/:id/invoice`,
    auth: 'owner',
    params: 'BookingParams',
    response: 'BookingBill',
  },
  invoices: {
    method: 'GET',
    path: `${owner}/invoices`,
    auth: 'owner',
    query: 'InvoicesQuery',
    response: 'InvoicesPage',
  },
} as const satisfies Record<string, RouteDef>;

export const invoicesSummaries: { dashboard: SummariesOf<typeof invoicesDashboardCalls> } = {
  dashboard: {
    taxSettings: "The business's sales tax: its name, rate and the services and add-ons it applies to.",
    updateTaxSettings:
      'Sets the sales tax (a rate of "0" charges none); ids of services and add-ons not offered are refused.',
    bookingBill:
      "A booking's bill: what is owed (price lines, day lines, tax, deposit), its day lines, and its invoice once issued.",
    addDayLine:
      'Adds a line on the day (extra work, or a negative discount) to an approved or completed booking with no invoice yet.',
    removeDayLine: 'Removes a day line from a booking whose invoice is not issued yet.',
    issueInvoice:
      'Issues the invoice of a completed booking that has none (one completed by the end-of-day sweep); answers the one issued already otherwise.',
    invoices: "The business's invoices, newest number first, 50 a page.",
  },
};
