/**
 * Who confirms a customer's booking (docs/product.md#confirming-bookings): the owner, by Approve
 * (the default, as from the start), or nobody: it is created approved. A business chooses; a service
 * may choose for itself. One rule for the server (the status a booking is created with, its mails)
 * and the widget (the words it shows before and after booking).
 */

/** The business's choice. */
export const CONFIRMATIONS = ['myself', 'automatically'] as const;
export type Confirmation = (typeof CONFIRMATIONS)[number];

/** A service's choice: its own, or the business's. */
export const SERVICE_CONFIRMATIONS = ['business', ...CONFIRMATIONS] as const;
export type ServiceConfirmation = (typeof SERVICE_CONFIRMATIONS)[number];

/** Whether a booking of this service is confirmed without the owner: the service's choice, else the business's. */
export function confirmsAutomatically(business: Confirmation, service: ServiceConfirmation | undefined): boolean {
  return (service === undefined || service === 'business' ? business : service) === 'automatically';
}

/** The stored column (1, 0, null for a service that follows the business) as a choice, and back. */
export function confirmationOf(column: number): Confirmation {
  return column === 1 ? 'automatically' : 'myself';
}
export function serviceConfirmationOf(column: number | null): ServiceConfirmation {
  return column === null ? 'business' : confirmationOf(column);
}
export function confirmationColumn(choice: ServiceConfirmation): number | null {
  return choice === 'business' ? null : choice === 'automatically' ? 1 : 0;
}
