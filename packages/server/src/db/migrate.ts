/** Runs every pending migration at start-up. The list is explicit so bundling or tsx never misses a file. */
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Db } from './database.ts';
import * as initial from './migrations/2026-11-23T0900_initial.ts';
import * as passwordResets from './migrations/2026-11-23T1100_password_resets.ts';
import * as operationsSettings from './migrations/2026-11-23T1200_operations_settings.ts';
import * as bookingOverlapGuards from './migrations/2026-11-23T1300_booking_overlap_guards.ts';
import * as mailOutboxUnsent from './migrations/2026-11-23T1400_mail_outbox_unsent.ts';
import * as bookingWindow from './migrations/2026-11-25T0900_booking_window.ts';
import * as bookingVersion from './migrations/2026-11-25T1000_booking_version.ts';
import * as customerData from './migrations/2026-11-26T0900_customer_data.ts';
import * as distancePricingSwitch from './migrations/2026-11-26T1900_distance_pricing_switch.ts';
import * as bookingUndos from './migrations/2026-11-27T0900_booking_undos.ts';
import * as firstDayChecklist from './migrations/2026-11-27T1000_first_day_checklist.ts';
import * as timeFormat from './migrations/2026-11-27T1100_time_format.ts';
import * as phoneNumbersE164 from './migrations/2026-11-27T1110_phone_numbers_e164.ts';
import * as mailCalendarParts from './migrations/2026-11-28T1000_mail_calendar_parts.ts';
import * as bookingPageSlugs from './migrations/2026-11-28T1100_booking_page_slugs.ts';
import * as branding from './migrations/2026-11-28T1200_branding.ts';
import * as payments from './migrations/2026-11-29T0900_payments.ts';
import * as plans from './migrations/2026-11-30T0900_plans.ts';
import * as planDeposits from './migrations/2026-11-30T1000_plan_deposits.ts';
import * as crews from './migrations/2026-12-01T0900_crews.ts';
import * as crewMembers from './migrations/2026-12-01T1000_crew_members.ts';
import * as connectedCalendars from './migrations/2026-12-01T1100_connected_calendars.ts';
import * as quoteQuestions from './migrations/2026-12-02T0900_quote_questions.ts';
import * as texts from './migrations/2026-12-02T1100_texts.ts';
import * as insights from './migrations/2026-12-03T0900_insights.ts';
import * as mailOutboxUnsentByChannel from './migrations/2026-12-03T1000_mail_outbox_unsent_by_channel.ts';
import * as planEarlierRules from './migrations/2026-12-06T0900_plan_earlier_rules.ts';
import * as outboxDelivery from './migrations/2026-12-06T1200_outbox_delivery.ts';
import * as checklistLinkShared from './migrations/2026-12-06T1500_checklist_link_shared.ts';
import * as autoConfirm from './migrations/2026-12-07T0900_auto_confirm.ts';
import * as slotHolds from './migrations/2026-12-07T1000_slot_holds.ts';
import * as clients from './migrations/2026-12-08T0900_clients.ts';
import * as clientThings from './migrations/2026-12-08T1000_client_things.ts';
import * as ownerQuotes from './migrations/2026-12-08T1100_owner_quotes.ts';
import * as clientTotals from './migrations/2026-12-08T1200_client_totals.ts';
import * as invoices from './migrations/2026-12-09T0900_invoices.ts';
import * as invoicePayments from './migrations/2026-12-10T0900_invoice_payments.ts';
import * as invoiceReminders from './migrations/2026-12-11T0900_invoice_reminders.ts';
import * as ledger from './migrations/2026-12-12T0800_ledger.ts';
import * as savedCards from './migrations/2026-12-12T0900_saved_cards.ts';
import * as onMyWay from './migrations/2026-12-13T0948_on_my_way.ts';
import * as runningLate from './migrations/2026-12-13T1000_running_late.ts';
import * as jobSteps from './migrations/2026-12-13T1100_job_steps.ts';
import * as requestExpiry from './migrations/2026-12-13T1200_request_expiry.ts';
import * as pushNotifications from './migrations/2026-12-14T0900_push_notifications.ts';
import * as photos from './migrations/2026-12-14T1000_photos.ts';
import * as routeFitPrice from './migrations/2026-12-15T0900_route_fit_price.ts';
import * as waitingList from './migrations/2026-12-15T1000_waiting_list.ts';
import * as vehicleCost from './migrations/2026-12-15T1100_vehicle_cost.ts';
import * as visitOffers from './migrations/2026-12-15T1200_visit_offers.ts';
import * as quoteOffers from './migrations/2026-12-16T0900_quote_offers.ts';

/** Every migration by name, in order (exported for tests that start from an older schema). */
export const migrations: Record<string, Migration> = {
  '2026-11-23T0900_initial': initial,
  '2026-11-23T1100_password_resets': passwordResets,
  '2026-11-23T1200_operations_settings': operationsSettings,
  '2026-11-23T1300_booking_overlap_guards': bookingOverlapGuards,
  '2026-11-23T1400_mail_outbox_unsent': mailOutboxUnsent,
  '2026-11-25T0900_booking_window': bookingWindow,
  '2026-11-25T1000_booking_version': bookingVersion,
  '2026-11-26T0900_customer_data': customerData,
  '2026-11-26T1900_distance_pricing_switch': distancePricingSwitch,
  '2026-11-27T0900_booking_undos': bookingUndos,
  '2026-11-27T1000_first_day_checklist': firstDayChecklist,
  '2026-11-27T1100_time_format': timeFormat,
  '2026-11-27T1110_phone_numbers_e164': phoneNumbersE164,
  '2026-11-28T1000_mail_calendar_parts': mailCalendarParts,
  '2026-11-28T1100_booking_page_slugs': bookingPageSlugs,
  '2026-11-28T1200_branding': branding,
  '2026-11-29T0900_payments': payments,
  '2026-11-30T0900_plans': plans,
  '2026-11-30T1000_plan_deposits': planDeposits,
  '2026-12-01T0900_crews': crews,
  '2026-12-01T1000_crew_members': crewMembers,
  '2026-12-01T1100_connected_calendars': connectedCalendars,
  '2026-12-02T0900_quote_questions': quoteQuestions,
  '2026-12-02T1100_texts': texts,
  '2026-12-03T0900_insights': insights,
  '2026-12-03T1000_mail_outbox_unsent_by_channel': mailOutboxUnsentByChannel,
  '2026-12-06T0900_plan_earlier_rules': planEarlierRules,
  '2026-12-06T1200_outbox_delivery': outboxDelivery,
  '2026-12-06T1500_checklist_link_shared': checklistLinkShared,
  '2026-12-07T0900_auto_confirm': autoConfirm,
  '2026-12-07T1000_slot_holds': slotHolds,
  '2026-12-08T0900_clients': clients,
  '2026-12-08T1000_client_things': clientThings,
  '2026-12-08T1100_owner_quotes': ownerQuotes,
  '2026-12-08T1200_client_totals': clientTotals,
  '2026-12-09T0900_invoices': invoices,
  '2026-12-10T0900_invoice_payments': invoicePayments,
  '2026-12-11T0900_invoice_reminders': invoiceReminders,
  '2026-12-12T0800_ledger': ledger,
  '2026-12-12T0900_saved_cards': savedCards,
  '2026-12-13T0948_on_my_way': onMyWay,
  '2026-12-13T1000_running_late': runningLate,
  '2026-12-13T1100_job_steps': jobSteps,
  '2026-12-13T1200_request_expiry': requestExpiry,
  '2026-12-14T0900_push_notifications': pushNotifications,
  '2026-12-14T1000_photos': photos,
  '2026-12-15T0900_route_fit_price': routeFitPrice,
  '2026-12-15T1000_waiting_list': waitingList,
  '2026-12-15T1100_vehicle_cost': vehicleCost,
  '2026-12-15T1200_visit_offers': visitOffers,
  '2026-12-16T0900_quote_offers': quoteOffers,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(store: Db): Promise<void> {
  const migrator = new Migrator({ db: store.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
