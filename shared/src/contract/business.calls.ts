/**
 * The calls of the business's settings: address, time zone, clock, booking page, branding, operations,
 * customers' personal data (docs/decisions/012), the first-day checklist (schemas: business.schemas.ts).
 */
import { owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const businessDashboardCalls = {
  businessDetails: {
    method: 'GET',
    path: `${owner}/business-details`,
    auth: 'owner',
    response: 'BusinessDetails',
  },
  operations: {
    method: 'GET',
    path: `${owner}/settings/operations`,
    auth: 'owner',
    response: 'OperationsSettings',
  },
  updateOperations: {
    method: 'PUT',
    path: `${owner}/settings/operations`,
    auth: 'owner',
    body: 'OperationsSettings',
    response: 'OperationsSettings',
  },
  confirmation: {
    method: 'GET',
    path: `${owner}/settings/confirmation`,
    auth: 'owner',
    response: 'ConfirmationSettings',
  },
  updateConfirmation: {
    method: 'PUT',
    path: `${owner}/settings/confirmation`,
    auth: 'owner',
    body: 'ConfirmationSettings',
    response: 'ConfirmationSettings',
  },
  customerDataSettings: {
    method: 'GET',
    path: `${owner}/settings/customer-data`,
    auth: 'owner',
    response: 'CustomerDataSettingsAnswer',
  },
  updateCustomerDataSettings: {
    method: 'PUT',
    path: `${owner}/settings/customer-data`,
    auth: 'owner',
    body: 'CustomerDataSettings',
    response: 'CustomerDataSettingsAnswer',
  },
  exportCustomerData: {
    method: 'GET',
    path: `${owner}/customer-data`,
    auth: 'owner',
    query: 'CustomerEmailQuery',
    response: 'CustomerDataExport',
  },
  eraseCustomerData: {
    method: 'POST',
    path: `${owner}/customer-data/erase`,
    auth: 'owner',
    body: 'CustomerEmailRequest',
    response: 'CustomerDataErased',
  },
  address: {
    method: 'GET',
    path: `${owner}/address`,
    auth: 'owner',
    response: 'AddressResponse',
  },
  updateAddress: {
    method: 'PUT',
    path: `${owner}/address/update`,
    auth: 'owner',
    body: 'Step3Request',
    response: 'BusinessProfile',
  },
  updateTimeZone: {
    method: 'PUT',
    path: `${owner}/settings/time-zone`,
    auth: 'owner',
    body: 'TimeZoneUpdate',
    response: 'BusinessProfile',
  },
  bookingPage: {
    method: 'GET',
    path: `${owner}/booking-page`,
    auth: 'owner',
    response: 'BookingPage',
  },
  updateBookingPage: {
    method: 'PUT',
    path: `${owner}/booking-page`,
    auth: 'owner',
    body: 'BookingPageUpdate',
    response: 'BookingPage',
  },
  checklist: {
    method: 'GET',
    path: `${owner}/checklist`,
    auth: 'owner',
    response: 'FirstDayChecklist',
  },
  checklistEmbedCopied: {
    method: 'POST',
    path: `${owner}/checklist/embed-copied`,
    auth: 'owner',
    response: 'FirstDayChecklist',
  },
  checklistLinkShared: {
    method: 'POST',
    path: `${owner}/checklist/link-shared`,
    auth: 'owner',
    response: 'FirstDayChecklist',
  },
  dismissChecklist: {
    method: 'POST',
    path: `${owner}/checklist/dismiss`,
    auth: 'owner',
    response: 'FirstDayChecklist',
  },
  updateTimeFormat: {
    method: 'PUT',
    path: `${owner}/settings/time-format`,
    auth: 'owner',
    body: 'TimeFormatUpdate',
    response: 'BusinessProfile',
  },
  branding: {
    method: 'GET',
    path: `${owner}/settings/branding`,
    auth: 'owner',
    response: 'Branding',
  },
  updateBranding: {
    method: 'PUT',
    path: `${owner}/settings/branding`,
    auth: 'owner',
    body: 'BrandingUpdate',
    response: 'Branding',
  },
  uploadLogo: {
    method: 'PUT',
    path: `${owner}/settings/logo`,
    auth: 'owner',
    body: 'LogoUpload',
    response: 'Branding',
  },
  removeLogo: {
    method: 'DELETE',
    path: `${owner}/settings/logo`,
    auth: 'owner',
    response: 'Branding',
  },
} as const satisfies Record<string, RouteDef>;

/** One line per call for the API reference (routes.ts routeSummaries). */
export const businessSummaries: { dashboard: SummariesOf<typeof businessDashboardCalls> } = {
  dashboard: {
    businessDetails: "The business's id, as the embed code needs it.",
    customerDataSettings: 'The privacy notice customers see and how long their details are kept.',
    updateCustomerDataSettings:
      "Sets the privacy notice URL and how many months customers' details are kept after a booking.",
    exportCustomerData:
      'Everything held about one customer e-mail: its bookings and the mails about them (an access request).',
    eraseCustomerData:
      "Erases one customer e-mail's details from every past booking and its mails (a deletion request).",
    operations: 'Travel to customers, service area and change cut-off.',
    updateOperations: 'Sets travel to customers, service area and change cut-off.',
    confirmation: "Who confirms a customer's booking: the owner (myself, the default) or nobody (automatically).",
    updateConfirmation:
      "Sets who confirms a customer's booking; a service's own choice (confirmation on the service) overrides it. Bookings already made keep their status.",
    address: "The business's address.",
    updateAddress: "Changes the business's address (and with it its coordinates and time zone).",
    updateTimeZone: "Changes the business's time zone; bookings keep their instants.",
    checklist:
      "The overview's first-day checklist: whether prices were checked, hours set, the booking page's link shared, the embed code copied and a booking made, and whether it was dismissed.",
    bookingPage:
      "The business's booking page: its slug, its address (/book/{slug}) and its QR codes (SVG and PNG); null before the business has a name.",
    updateBookingPage:
      'Changes the booking page address; the old one keeps redirecting. Refused: SLUG_MALFORMED, SLUG_RESERVED, SLUG_TAKEN.',
    checklistEmbedCopied: 'Records that the owner copied the embed code (ticks its checklist item).',
    checklistLinkShared: "Records that the owner copied or shared the booking page's link (ticks its checklist item).",
    dismissChecklist: 'Hides the first-day checklist for good, on every device.',
    updateTimeFormat:
      'Shows times on a 12-hour clock ("8:00 AM", the default) or a 24-hour one ("08:00"): on the dashboard, in mails and in the widget.',
    branding:
      "The business's look on its widget, booking page and customer pages: accent colour, button text and corner, logo.",
    updateBranding:
      'Sets the accent colour (#rrggbb), the booking button\'s text and corner, and the "Report a problem" link.',
    uploadLogo:
      'Sets the logo: a PNG, JPEG or WebP image as base64, at most 40 KB (the dashboard scales it down first). Refused: LOGO_INVALID.',
    removeLogo: 'Removes the logo.',
  },
};
