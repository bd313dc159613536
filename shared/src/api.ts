/**
 * The API contract's schemas: one zod schema per request and answer (docs/architecture.md#the-api),
 * each kept with its calls in its domain's module under contract/ (<domain>.schemas.ts beside
 * <domain>.calls.ts). This module gathers them, so `import { Booking } from '@slotwise/shared/api'`
 * and `import * as api from '@slotwise/shared/api'` (the schemas by name, as the route table
 * names them) keep working. Never write a request or answer type anywhere else.
 */

export * from './contract/auth.schemas.ts';
export * from './contract/bookings.schemas.ts';
export * from './contract/business.schemas.ts';
export * from './contract/calendar.schemas.ts';
export * from './contract/client-import.schemas.ts';
export * from './contract/clients.schemas.ts';
export * from './contract/connected-calendars.schemas.ts';
export * from './contract/crews.schemas.ts';
export * from './contract/customer.schemas.ts';
export * from './contract/day-route.schemas.ts';
export * from './contract/fields.schemas.ts';
export * from './contract/insights.schemas.ts';
export * from './contract/invoices.schemas.ts';
export * from './contract/job-steps.schemas.ts';
export * from './contract/ledger.schemas.ts';
export * from './contract/onboarding.schemas.ts';
export * from './contract/owner-booking.schemas.ts';
export * from './contract/owner-quotes.schemas.ts';
export * from './contract/payments.schemas.ts';
export * from './contract/photos.schemas.ts';
export * from './contract/plans.schemas.ts';
export * from './contract/public.schemas.ts';
export * from './contract/push.schemas.ts';
export * from './contract/services.schemas.ts';
export * from './contract/texts.schemas.ts';
export * from './contract/waitlist.schemas.ts';
