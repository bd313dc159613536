/**
 * The tables as Kysely sees them. Times are UTC epoch milliseconds (bigint),
 * money is integer cents, ids are random UUIDs (docs/architecture.md#data).
 */
import type { ButtonPosition } from '@slotwise/shared/brand';
import type { TimeFormat } from '@slotwise/shared/clock';
import type { DepositKind } from '@slotwise/shared/deposit';
import type { PlanFrequency, PlanStatus } from '@slotwise/shared/plans';
import type { NearbyShare } from '@slotwise/shared/route-fit';
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  /** E.164 ("+15125550123"; older numbers that could not be read stay as typed). */
  phone_number: string;
  /** Bumped on password change/reset; tokens carrying an older value are refused. */
  token_version: Generated<number>;
  created_at: number;
  /** JSON array of the push notice kinds the owner switched off (docs/decisions/052). */
  push_off: Generated<string>;
}

export interface BusinessesTable {
  id: string;
  owner_id: string;
  name: string | null;
  niche: string | null;
  address: string | null;
  lat: number | null;
  lng: number | null;
  time_zone: string;
  price_per_mile_cents: Generated<number>;
  /** 0 when the owner switched distance pricing off: quotes charge nothing for distance, the rate is kept. */
  distance_pricing_on: Generated<number>;
  /** How much of a slot's saving by route fit goes to the customer: 'none', 'half' or 'all' (docs/decisions/055). */
  nearby_share: Generated<NearbyShare>;
  /** The lowest travel charge a slot priced by route fit may come to, in cents. */
  nearby_floor_cents: Generated<number>;
  /**
   * The quote questions, in order: JSON of shared/src/quote.ts QuoteQuestion[] (repositories/pricing.ts);
   * null: none. (question, question_type, question_rate_cents and the question_options table held the
   * single question before docs/decisions/026; moved here, kept for a rollback, undeclared so unread.)
   */
  quote_questions: string | null;
  /** 1 when the owner travels to customers: slots then leave room for the drive. */
  travel_enabled: Generated<number>;
  travel_speed_mph: Generated<number>;
  travel_buffer_min: Generated<number>;
  /** What a mile driven costs the owner, in cents; 0: not set (docs/decisions/057, Insights' profit after the drive). */
  vehicle_cost_per_mile_cents: Generated<number>;
  /** Service area: quotes refuse addresses farther than this; null = anywhere. */
  max_distance_miles: number | null;
  /** Customer links stop rescheduling/cancelling this many hours before the start; 0 = never. */
  change_cutoff_hours: Generated<number>;
  /** How many days ahead customers may book (operations settings). */
  booking_horizon_days: Generated<number>;
  /** How soon before its start a customer may book, in minutes. */
  min_notice_minutes: Generated<number>;
  /** Bumped to revoke the calendar feed URL (the URL's token is derived from it). */
  ics_version: Generated<number>;
  /** The owner's privacy notice; null: the default page at /privacy/<id> (domain/customer-data.ts). */
  privacy_url: string | null;
  /** Customer details of bookings that ended longer ago than this are anonymised (jobs/customer-data-retention.ts). */
  retention_months: Generated<number>;
  /** How times are shown on screens, in mails and in the widget: a 12-hour clock until the owner chooses (shared/src/clock.ts). */
  time_format: Generated<TimeFormat>;
  /** The niche whose starting services were created, so step 2 never creates them twice. */
  template_niche: string | null;
  /** The booking page's address, /book/{slug} (shared/src/slug.ts); null until the business has a name. */
  slug: string | null;
  /** The business's look (shared/src/brand.ts): "#rrggbb", the booking button's text and corner. */
  accent_color: Generated<string>;
  button_text: Generated<string>;
  button_position: Generated<ButtonPosition>;
  /** 1: the pop-up shows a small "Report a problem" link (the feedback form). */
  report_problem: Generated<number>;
  /** The deposit rule (shared/src/deposit.ts): kind, and cents (fixed) or a whole percent (percent). */
  deposit_kind: Generated<DepositKind>;
  deposit_value: Generated<number>;
  /** Cancelling at least this many hours ahead refunds the deposit in full; later, nothing. */
  refund_window_hours: Generated<number>;
  /** 1: a paid booking is approved at once rather than waiting as pending. */
  approve_paid: Generated<number>;
  /** 1: a customer's booking is created approved (shared/src/confirmation.ts); 0: it waits for the owner. */
  auto_confirm: Generated<number>;
  /** 1: each visit of a recurring plan carries the deposit, paid online before it; 0: the first visit only. */
  plan_deposit_every: Generated<number>;
  /** The whole percents the pay link offers as tips, as JSON (docs/decisions/045): 0 to 3, default [15,20,25]. */
  tip_presets: Generated<string>;
  /** 1: unpaid invoices are reminded 3 and 7 days after they were issued (docs/decisions/045). */
  invoice_reminders: Generated<number>;
  /** The fee a no-show is charged, in cents (docs/decisions/046); 0: none. */
  no_show_fee_cents: Generated<number>;
  /** 1: mails to customers name the crew doing the job (docs/decisions/023). */
  crew_in_mails: Generated<number>;
  /** Minutes a job's projected arrival must move before its customer is told "running late" (docs/decisions/049). */
  late_threshold_min: Generated<number>;
  /** Hours after a request before the owner is reminded of it once; 0: never (docs/decisions/051). */
  request_nudge_hours: Generated<number>;
  /** Hours after a request before it expires unanswered (at the latest its start less the minimum notice); 0: never (docs/decisions/051). */
  request_expiry_hours: Generated<number>;
  /** 1: the calendar page shows the titles of the connected calendars' events; 0: "Busy" (docs/decisions/025). */
  calendar_titles: Generated<number>;
  /** Texts (docs/decisions/027): a second reminder 2 hours ahead; the owner's notices by text; the kinds switched off (JSON). */
  text_reminder_2h: Generated<number>;
  owner_texts: Generated<number>;
  texts_off: Generated<string>;
  /** Review requests: the owner's public review link, offered after every rating, and the hours after completion; null: off. */
  review_url: string | null;
  review_delay_hours: number | null;
  created_at: number;
  updated_at: number;
}

/** A business's logo, scaled down by the dashboard; served at /media/logos/{business}-{hash}.{ext}. */
export interface BusinessLogosTable {
  business_id: string;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp';
  data_base64: string;
  /** Of the image's bytes: the URL changes with the image, so it may be cached for good. */
  hash: string;
  updated_at: number;
}

/** Slugs a business had before its current one: they redirect to it and are never given to another business. */
interface PreviousSlugsTable {
  slug: string;
  business_id: string;
  created_at: number;
}

export interface ServicesTable {
  id: string;
  business_id: string;
  name: string;
  duration_min: number;
  price_cents: number;
  /** The service's own deposit rule; null: the business's. */
  deposit_kind: DepositKind | null;
  deposit_value: number | null;
  /** The frequencies it is offered at as a plan: JSON of StoredPlanOffer[] (domain/plans.ts); null: none. */
  plan_offers: string | null;
  /** The add-ons, in order: JSON of StoredAddOn[] (repositories/services.ts); null: none (docs/decisions/026). */
  add_ons: string | null;
  /** The service's own confirmation (shared/src/confirmation.ts): null, the business's; 0, the owner's; 1, automatic. */
  auto_confirm: number | null;
  /** The job steps, in order (docs/decisions/050): JSON of string[]; null: none. Not the first-day checklist. */
  steps: string | null;
  /** 1: the job's ticked steps are shown on its receipt; 0 (the default): not. */
  steps_on_receipt: number;
  /** Whether it asks the customer for photos with the request (docs/decisions/053). */
  photo_ask: 'off' | 'optional' | 'required';
  /** The owner's words for what to photograph; null: the default words. */
  photo_prompt: string | null;
  created_at: number;
}

/** A person or a truck that does one job at a time (docs/decisions/023). */
export interface CrewsTable {
  id: string;
  business_id: string;
  name: string;
  /** "#rrggbb" */
  color: string;
  /** 1: takes jobs; 0: paused (kept with its bookings, offered no new ones). */
  active: number;
  /** Its order in lists and calendar columns, and the tie-break of last resort. */
  position: number;
  /** JSON of seven AvailabilityEntry; null: the business hours. */
  hours: string | null;
  /** Where its day starts; null: the business address. */
  start_address: string | null;
  start_lat: number | null;
  start_lng: number | null;
  /** JSON of service ids; null: every service. */
  service_ids: string | null;
  created_at: number;
}

/**
 * A crew's own limited login (docs/decisions/024): one per crew, invited by e-mail. Only the
 * invitation token's hash is kept; password_hash is null until the invitation is accepted.
 */
export interface CrewMembersTable {
  id: string;
  crew_id: string;
  business_id: string;
  /** Lower-case; unique across crew members, and never an owner's login e-mail. */
  email: string;
  password_hash: string | null;
  /** sha256 of the mailed invitation token, base64url; null once access is removed from a link. */
  invite_token_hash: string | null;
  invite_expires_at: number | null;
  invite_used_at: number | null;
  /** When the last invitation mail was queued (a resend waits a minute after it). */
  invited_at: number;
  /** Bumped when a password is set; tokens carrying an older value are refused. */
  token_version: Generated<number>;
  /** Bumped to revoke the crew's calendar feed URL. */
  feed_version: Generated<number>;
  created_at: number;
  accepted_at: number | null;
  /** JSON array of the push notice kinds this crew login switched off (docs/decisions/052). */
  push_off: Generated<string>;
}

/** A device a person turned push notifications on for (docs/decisions/052): its push service endpoint and keys. */
export interface PushSubscriptionsTable {
  id: string;
  business_id: string;
  /** The owner's login; null for a crew login's device. */
  user_id: string | null;
  crew_member_id: string | null;
  endpoint: string;
  /** The browser's P-256 public key and auth secret (RFC 8291), URL-safe base64 as the browser gave them. */
  p256dh: string;
  auth: string;
  created_at: number;
}

/** When a crew started a job (docs/decisions/024); completing it is the booking's status. */
interface JobStartsTable {
  booking_id: string;
  /** Who tapped Start job; null once that login was removed. */
  crew_member_id: string | null;
  started_at: number;
}

/** A job's copy of its service's steps and their ticks, one row per step (docs/decisions/050). */
/** A photo (docs/decisions/053): its bytes are in the photo store under storage_key. */
export interface PhotosTable {
  id: string;
  business_id: string;
  /** null: a customer's photo not claimed by a booking yet (claim_hash set). */
  booking_id: string | null;
  /** SHA-256 of the token the upload answered, until a booking claims it; then null. */
  claim_hash: string | null;
  kind: 'before' | 'after' | 'request';
  /** As shown: the crew's name, "Owner" or "Customer". */
  added_by: string;
  added_by_member_id: string | null;
  storage_key: string;
  bytes: number;
  width: number;
  height: number;
  created_at: number;
}

/** Objects to delete from the photo store, their rows already gone (docs/decisions/053). */
interface PhotoRemovalsTable {
  storage_key: string;
  /** When the object is to go: at once for a deleted row; later for an upload under way (its row may yet come). */
  due_at: number;
}

export interface JobStepsTable {
  booking_id: string;
  /** 0, 1, ...: the step's place in the copy, which never changes. */
  position: number;
  business_id: string;
  text: string;
  /** When it was ticked; null: not (or unticked). */
  done_at: number | null;
  /** The crew login that ticked it; null for the owner, or once that login was removed. */
  done_by_member_id: string | null;
  /** Who ticked it as shown: the crew's name, or "Owner". */
  done_by: string | null;
}

interface AvailabilityTable {
  business_id: string;
  /** Monday..Sunday */
  day: string;
  start_time: string | null;
  end_time: string | null;
}

export interface BlockedTimesTable {
  id: string;
  business_id: string;
  title: string;
  reason: string;
  start_ms: number;
  end_ms: number;
  created_at: number;
}

export interface BookingsTable {
  id: string;
  business_id: string;
  service_id: string | null;
  /** Snapshots: the booking keeps what was quoted even if the service changes later. */
  service_name: string;
  duration_min: number;
  first_name: string;
  last_name: string;
  customer_email: string;
  /** E.164, as the owner's; '' once anonymised. */
  phone_number: string;
  car_body_type: string | null;
  customer_address: string | null;
  customer_lat: number | null;
  customer_lng: number | null;
  miles: number | null;
  total_cents: number;
  /** JSON array of {label, amountCents} */
  quote_lines: string;
  status: string;
  /** Business-local wall time, as shown (docs/architecture.md#data). */
  day: string;
  start_time: string;
  end_time: string;
  /** UTC epoch ms; every overlap check uses these. */
  start_ms: number;
  end_ms: number;
  created_at: number;
  updated_at: number;
  /** Set in the same transaction that queues the reminder mail: sent exactly once. */
  reminder_sent_at: number | null;
  /** Bumped by every write of the time or status; a move naming a stale one is refused (BOOKING_CHANGED). */
  version: Generated<number>;
  /** Who asked for it: a keyed hash of the client's address (domain/booking-window.ts), null for older rows. */
  requester: string | null;
  /** When the customer's name, e-mail, phone and address were erased (retention or an erasure request). */
  anonymised_at: number | null;
  /** Asked for when booking (0: none), paid through Stripe, and refunded, in cents (docs/decisions/021). */
  deposit_cents: Generated<number>;
  paid_cents: Generated<number>;
  refunded_cents: Generated<number>;
  /** While status is awaiting_payment: when the unpaid hold lapses and the time reopens. */
  hold_until: number | null;
  /** A plan's visit: the plan, and the rule's day it stands for (kept when it moves; docs/decisions/022). */
  plan_id: string | null;
  plan_day: string | null;
  /** The crew doing the job (docs/decisions/023); null only on rows written around the app (tests), which block every crew. */
  crew_id: string | null;
  /** The answers as text, question by question: JSON [{question, answer}]; null on rows before docs/decisions/026. */
  answers: string | null;
  /**
   * An approval at an adjusted price (docs/decisions/026): the total proposed and why, the total first
   * quoted, and 'proposed', 'accepted', 'declined' or 'withdrawn' (the owner decided before the
   * customer answered); all null when no change was proposed.
   */
  price_proposed_cents: number | null;
  price_quoted_cents: number | null;
  price_reason: string | null;
  price_state: 'proposed' | 'accepted' | 'declined' | 'withdrawn' | null;
  /** 1: the customer ticked "Text me updates about this booking" (docs/decisions/027). */
  text_consent: Generated<number>;
  /** 1: the customer ticked "Save my card for this business's future visits" (docs/decisions/046). */
  save_card: Generated<number>;
  /** The client it is for (docs/decisions/037); null when anonymised, or written around the app. */
  client_id: Generated<string | null>;
  /** When the job was completed (by the owner, a crew member or the sweep); review requests count from it. */
  completed_at: number | null;
  /** The optional second reminder, 2 hours ahead, sent exactly once like reminder_sent_at. */
  reminder_2h_sent_at: number | null;
  /** Set with the review request's row in one transaction: at most one per booking. */
  review_requested_at: number | null;
  /** When the customer was told the crew is on the way (docs/decisions/048): once per job. */
  on_my_way_at: number | null;
  /** The arrival the crew's projected day gave it at the crew's last tap that day; null: on time (docs/decisions/049). */
  projected_start_ms: number | null;
  /** The arrival the customer was last told by a "running late" message; null: none sent (docs/decisions/049). */
  late_told_ms: number | null;
  /** When the owner was reminded of this unanswered request; null: not yet (docs/decisions/051). */
  request_nudged_ms: number | null;
  /** When this request expired unanswered (its status declined); null for every other booking (docs/decisions/051). */
  request_expired_ms: number | null;
}

/** The owner's own Twilio account (docs/decisions/027): the auth token sealed, never logged or shown. */
export interface TwilioAccountsTable {
  business_id: string;
  account_sid: string;
  auth_token_enc: string;
  /** "...c0de": what the owner sees of the token. */
  token_hint: string;
  /** The "From": a number in E.164, or a Messaging Service SID (MG...). */
  sender: string;
  connected_at: number;
}

interface TextOptOutsTable {
  business_id: string;
  phone_number: string;
  opted_out_at: number;
}

interface ShortLinksTable {
  code: string;
  business_id: string;
  /** A path on our own origin ("/manage/..."), never another site. */
  target: string;
  created_at: number;
}

interface ReviewsTable {
  booking_id: string;
  business_id: string;
  /** sha256 of the review link's token, base64url. */
  token_hash: string;
  rating: number | null;
  comment: string | null;
  rated_at: number | null;
  created_at: number;
}

/**
 * A recurring plan (docs/decisions/022): its rule and wall-clock time, the customer and what was
 * quoted, fixed when booked; its visits are bookings with its plan_id, booked ahead through
 * booked_through (jobs/plan-visits.ts).
 */
export interface PlansTable {
  id: string;
  business_id: string;
  service_id: string | null;
  service_name: string;
  duration_min: number;
  frequency: PlanFrequency;
  /** shared/src/plans.ts rruleOf(frequency, start_day). */
  rrule: string;
  start_day: string;
  start_time: string;
  first_name: string;
  last_name: string;
  customer_email: string;
  phone_number: string;
  car_body_type: string | null;
  /** As bookings.answers: JSON [{question, answer}]; null on plans before docs/decisions/026. */
  answers: string | null;
  customer_address: string | null;
  customer_lat: number | null;
  customer_lng: number | null;
  miles: number | null;
  /** A visit's price, the discount taken off, and its itemised lines (JSON, as a booking's). */
  price_cents: number;
  quote_lines: string;
  /** The discount as offered when booked: percent (a whole percent) or amount (cents); null: none. */
  discount_kind: 'percent' | 'amount' | null;
  discount_value: number | null;
  status: PlanStatus;
  /** When the owner approved the plan: visits booked since are approved. */
  approved_at: number | null;
  /** The last day visits have been booked through (YYYY-MM-DD, business-local). */
  booked_through: string;
  requester: string | null;
  anonymised_at: number | null;
  created_at: number;
  updated_at: number;
  /** The crew its visits go to while that crew is free (docs/decisions/023). */
  crew_id: string | null;
  /** 1: the customer agreed to texts when booking it; its later visits carry it (docs/decisions/027). */
  text_consent: Generated<number>;
  /** The client it is for (docs/decisions/037); its visits carry it. */
  client_id: Generated<string | null>;
  /**
   * The rules it had before "this and following" moves, JSON [{rrule, start_day, start_time,
   * until}]: each one's days before `until` keep that rule's time ('[]': never split; domain/plans.ts).
   */
  earlier_rules: Generated<string>;
}

interface ManageTokensTable {
  booking_id: string;
  /** sha256 of the token, base64url; the token itself is never stored. */
  token_hash: string;
  created_at: number;
}

interface IdempotencyKeysTable {
  key: string;
  business_id: string;
  request_hash: string;
  status_code: number;
  response_body: string;
  created_at: number;
}

interface FeedbackTable {
  id: string;
  type: string;
  place: string;
  description: string;
  created_at: number;
}

/** Transactional outbox: a mail row commits with the change that caused it, and is sent after. */
interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: Generated<number>;
  next_attempt_at: number;
  /** Set by the instance that claims the row, so two instances never send it twice. */
  claimed_until: number | null;
  sent_at: number | null;
  last_error: string | null;
  created_at: number;
  /** The booking a mail is about (null for account mails), so an erasure finds the mails naming its customer. */
  booking_id: string | null;
  /** The iCalendar invitation sent with the mail (METHOD:REQUEST or CANCEL), or null. */
  calendar_body: string | null;
  /** 'text': an SMS to the E.164 number in to_address, its words in text_body, its kind in subject (docs/decisions/027). */
  channel: Generated<'mail' | 'text' | 'push'>;
  /** A push's event ("request:{booking id}"): unique per subscription, so an event is pushed once (docs/decisions/052). */
  event_key: string | null;
  /** A text's business, whose Twilio account sends it; null for mail. */
  business_id: string | null;
  /**
   * Given up (docs/decisions/032): a text refused for good (by Twilio, or its number opted out), or
   * any message past its expiry or its last attempt; the reason in last_error. Never retried, but
   * the owner may send it again (resent_at).
   */
  failed_at: number | null;
  /** What the message is: a mail's template or a text's kind (mail/delivery.ts); null before issue 39. */
  kind: string | null;
  /** Past this it is not sent but marked failed (mail/delivery.ts expiryOf); null: never (none since issue 39). */
  expires_at: number | null;
  /** When the owner last asked to send it again after it failed. */
  resent_at: number | null;
}

/**
 * A Decline or calendar move the owner may still undo (docs/decisions/014,
 * repositories/booking-undos.ts). The states are JSON objects of booking columns.
 */
/** Where a client first came from (docs/decisions/037). */
export type ClientSource = 'widget' | 'booking_page' | 'owner' | 'quote' | 'import' | 'earlier';
/** One person a business serves (docs/decisions/037); matched by shared/src/client-match.ts. */
export interface ClientsTable {
  id: string;
  business_id: string;
  first_name: string;
  last_name: string;
  /** As typed; '' when none. */
  email: string;
  /** shared/src/client-match.ts emailKey(email): what a contact is matched by. */
  email_key: string;
  /** E.164; '' when none. */
  phone: string;
  /** The owner's own notes, never shown to the customer. */
  notes: string;
  /** JSON array of strings. */
  tags: string;
  texts_consent: number;
  marketing_consent: number;
  source: ClientSource;
  /** shared/src/client-match.ts clientSearchText: what search as you type reads. */
  search_text: string;
  created_at: number;
  updated_at: number;
  anonymised_at: number | null;
  /**
   * Kept by the database's triggers (migration 2026-12-08T1200_client_totals), never written here:
   * the sum of the client's completed bookings' totals, and the start of the latest one. What the
   * list ranks by; it shows the exact totals of the clients it shows.
   */
  completed_cents: Generated<number>;
  last_completed_ms: Generated<number | null>;
}
/** A client's place, with its own notes (a gate code). */
export interface ClientAddressesTable {
  id: string;
  client_id: string;
  business_id: string;
  address: string;
  /** shared/src/client-match.ts addressKey: a booking's address is new when no key matches. */
  address_key: string;
  lat: number | null;
  lng: number | null;
  notes: string;
  created_at: number;
  last_used_at: number;
}
/** A thing served for a client (a vehicle, a pool), with the answers that describe it (docs/decisions/037). */
export interface ClientThingsTable {
  id: string;
  client_id: string;
  business_id: string;
  /** The owner's name for it; at first "<noun>: <first answer>". */
  label: string;
  /** JSON [{question, answer}]: the booking answers that describe it. */
  answers: string;
  /** The answers as one folded text: a booking with the same ones adds no second thing ('' for the owner's own). */
  answers_key: string;
  created_at: number;
  updated_at: number;
}
/** A time a customer holds while they finish booking (docs/decisions/035). */
export interface SlotHoldsTable {
  /** sha256 of the hold token, base64url; the token itself is never stored. */
  token_hash: string;
  business_id: string;
  /** The crew the time is kept on; null: every crew (a business whose crews were all removed). */
  crew_id: string | null;
  start_ms: number;
  end_ms: number;
  /** After this the hold is ignored, and deleted by the next hold of its business. */
  held_until: number;
  /** The holder's connection (domain/booking-window.ts requesterOf), for the live cap. */
  requester: string;
  created_at: number;
}

export interface BookingUndosTable {
  /** sha256 of the undo token, base64url; the token itself is never stored. */
  token_hash: string;
  business_id: string;
  booking_id: string;
  kind: 'decline' | 'move';
  /** The booking's status and time before the change, which undo puts back (domain/undo-window.ts RESTORED). */
  previous_state: string;
  /** The booking as the change left it (domain/undo-window.ts WATCHED): any difference means it changed since. */
  changed_state: string;
  /** JSON array of the outbox ids of the customer's mail the change holds. */
  mail_ids: string;
  /** After this, undo is refused (the change plus UNDO_ACCEPTED_MS). */
  expires_at: number;
  created_at: number;
}

/**
 * The overview's first-day checklist (docs/product.md#the-first-day-checklist): when each mark
 * was first made; no row yet is nothing done and not dismissed.
 */
export interface FirstDayChecklistTable {
  business_id: string;
  /** A service added, edited or deleted by the owner (the trade template's do not count). */
  prices_checked_at: number | null;
  /** Business hours saved, all at once or one day. */
  hours_set_at: number | null;
  /** The embed code copied in the dashboard (before 2026-12-06, or the booking page's link). */
  embed_copied_at: number | null;
  /** The booking page's link copied or shared in the dashboard. */
  link_shared_at: number | null;
  dismissed_at: number | null;
}

/** One row per periodic job that must run once across instances (jobs/run-once.ts). */
interface JobRunsTable {
  name: string;
  lease_until: number;
  last_run_at: number;
}

interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface PasswordResetsTable {
  /** sha256 of the emailed token, base64url. */
  token_hash: string;
  user_id: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** A business's Stripe account: the keys only encrypted (payments/secret-box.ts), never shown again. */
export interface StripeAccountsTable {
  business_id: string;
  account_id: string;
  account_name: string;
  livemode: number;
  /** "sk_test_...4242": what the owner sees of the key. */
  key_hint: string;
  secret_key_enc: string;
  webhook_secret_enc: string;
  connected_at: number;
}

/** One Stripe Checkout Session per booking: asking again answers the same page. */
export interface PaymentsTable {
  booking_id: string;
  business_id: string;
  session_id: string;
  session_url: string;
  amount_cents: number;
  livemode: number;
  payment_intent: string | null;
  status: 'open' | 'paid' | 'expired';
  created_at: number;
  paid_at: number | null;
}

/**
 * A refund to send through Stripe: written in the transaction of the change that gives it (a
 * cancel, a decline, the owner's refund), sent after commit and retried with backoff; its id
 * is the Stripe Idempotency-Key, so however often it is sent the customer is refunded once.
 */
export interface RefundsTable {
  id: string;
  booking_id: string;
  business_id: string;
  amount_cents: number;
  /** 'cancelled' | 'declined' | 'owner' | 'slot_lost'; 'invoice': an invoice payment's (invoice_payment_id). */
  reason: string;
  /** The owner's words with a refund of their own ("Came late"), kept and sent to Stripe as metadata. */
  note: string | null;
  /** recorded: a refund of a cash, check or other payment, given back outside Stripe (never queued). */
  status: 'queued' | 'sent' | 'failed' | 'recorded';
  stripe_refund_id: string | null;
  /** The invoice payment refunded (docs/decisions/045); null: a deposit's refund. */
  invoice_payment_id: Generated<string | null>;
  attempts: Generated<number>;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  done_at: number | null;
}

/** A client's card saved on the owner's Stripe account with their consent (docs/decisions/046): Stripe's ids and what the owner and customer see, never a number. */
export interface SavedCardsTable {
  business_id: string;
  client_id: string;
  /** Stripe's cus_... and pm_... on the owner's account. */
  customer: string;
  payment_method: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** The booking whose consent saved it. */
  booking_id: string | null;
  created_at: number;
}

/**
 * An invoice charged to a saved card off-session (docs/decisions/046): queued in the transaction
 * that issues the invoice, sent after commit by the payment worker; its id is Stripe's
 * Idempotency-Key. Only the payment_intent.succeeded webhook records the payment.
 */
export interface CardChargesTable {
  id: string;
  business_id: string;
  invoice_id: string;
  amount_cents: number;
  customer: string;
  payment_method: string;
  /** queued: to send; sent: Stripe took it, the webhook is awaited; declined: the pay link was mailed; cancelled: nothing was due any more. */
  status: 'queued' | 'sent' | 'succeeded' | 'declined' | 'cancelled';
  payment_intent: string | null;
  attempts: Generated<number>;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  done_at: number | null;
}

/** Stripe events already handled (by id): a replay is answered and changes nothing. */
interface StripeEventsTable {
  id: string;
  business_id: string;
  type: string;
  received_at: number;
}

/** An owner's calendar read by its secret address (docs/decisions/025). */
export interface CalendarConnectionsTable {
  id: string;
  business_id: string;
  /** Whose calendar: that crew's slots only; null: every crew's (the owner's own). */
  crew_id: string | null;
  label: string;
  /** The address, sealed (payments/secret-box.ts); never answered, logged or mailed. */
  url_enc: string;
  /** "calendar.google.com ...a1b2": what the owner sees of the address. */
  url_hint: string;
  /** The validators of the last good read, sent back so an unchanged calendar answers 304. */
  etag: string | null;
  last_modified: string | null;
  /** The window (first day, last day, zone) the stored busy events were expanded for; another needs a full read. */
  expanded_for: string | null;
  last_fetched_at: number | null;
  last_success_at: number | null;
  events_found: Generated<number>;
  /** The owner's words for the last failure; null after a good read. */
  last_error: string | null;
  /** The first failure since the last good read. */
  failing_since: number | null;
  /** When the owner was mailed that it failed for 24 hours (its busy events then dropped); once per failing spell. */
  warned_at: number | null;
  next_fetch_at: number;
  /** The read in progress holds the row until then (a lease: a crashed instance's read is taken over). */
  fetching_until: number | null;
  created_at: number;
}

/** One event of a connected calendar keeping its owner (or one crew) busy. */
export interface CalendarBusyTable {
  id: string;
  business_id: string;
  connection_id: string;
  crew_id: string | null;
  start_ms: number;
  end_ms: number;
  all_day: number;
  title: string;
  /** The business-local day it starts: a located event is a stop on that day's route. */
  day: string;
  lat: number | null;
  lng: number | null;
}

/** An event location looked up once per business: its coordinates, or null when it could not be found. */
interface CalendarPlacesTable {
  business_id: string;
  text: string;
  lat: number | null;
  lng: number | null;
  looked_up_at: number;
}

/** The booking form's funnel steps counted per business-local day and source (docs/decisions/029). */
interface FunnelDaysTable {
  business_id: string;
  /** YYYY-MM-DD in the business's zone, the day the beacon arrived. */
  day: string;
  /** shared/src/insights.ts SOURCE_KINDS. */
  source_kind: string;
  /** The website's host for source_kind 'site' (siteOf), '' otherwise or without an Origin. */
  site: string;
  /** shared/src/insights.ts FUNNEL_STEPS; never 'full' (full_taps). */
  step: string;
  count: number;
}

/** Full days and taken times customers tapped, by the day they were tapped and the day wanted. */
interface FullTapsTable {
  business_id: string;
  day: string;
  wanted_day: string;
  /** shared/src/insights.ts DAY_PARTS, or '' for a whole day tapped (no time). */
  part: string;
  count: number;
}

/** What the quote and booking calls saw, by day, ZIP code, outcome and whole miles (docs/decisions/029). */
interface QuoteDemandTable {
  business_id: string;
  day: string;
  /** From the address text (shared/src/insights.ts zipOf); '' when it names none. */
  zip: string;
  outcome: 'quoted' | 'outside_area' | 'booked';
  /** Whole miles from the business, rounded up; 0 when the business had no place to measure from. */
  miles: number;
  count: number;
  /** The quotes' (or bookings') totals; for outside_area, what they would have cost. */
  value_cents: number;
}

/** A quote an owner sends (docs/decisions/039); its lines never change once made. */
export interface OwnerQuotesTable {
  id: string;
  business_id: string;
  client_id: string | null;
  first_name: string;
  last_name: string;
  /** '' when the quote has no e-mail. */
  email: string;
  /** E.164, '' when none. */
  phone: string;
  address: string;
  lat: number | null;
  lng: number | null;
  text_consent: number;
  service_id: string;
  service_name: string;
  duration_min: number;
  miles: number | null;
  answers: string | null;
  /** JSON [{label, amountCents}]. */
  lines: string;
  total_cents: number;
  days_valid: number;
  /** Epoch ms: the end of the last day the price holds; null until sent. */
  valid_until: number | null;
  status: 'draft' | 'sent' | 'viewed' | 'booked' | 'declined' | 'withdrawn';
  token_hash: string;
  /** JSON array of 'mail' | 'text'. */
  channels: string;
  sent_at: number | null;
  viewed_at: number | null;
  decided_at: number | null;
  booking_id: string | null;
  follow_up_sent_at: number | null;
  /**
   * When the customer asked to hear of a time opening near them (the quote page's box), and the
   * words they agreed to; null when not given or withdrawn (docs/decisions/059).
   */
  nearby_consent_at: number | null;
  nearby_consent_text: string | null;
  created_at: number;
  updated_at: number;
}

/** A business's sales tax (docs/decisions/043); no row: no tax. */
export interface BusinessTaxesTable {
  business_id: string;
  name: string;
  /** Thousandths of a percent (shared/src/balance.ts): 8.875 % is 8875. */
  rate: number;
  /** JSON arrays of the ids of the services and of the add-ons it applies to. */
  service_ids: string;
  add_on_ids: string;
  updated_at: number;
}

/** A line the owner adds to a booking on the day (extra work, a discount), until its invoice is issued. */
export interface BookingDayLinesTable {
  id: string;
  business_id: string;
  booking_id: string;
  description: string;
  amount_cents: number;
  /** 1: sales tax applies to it. */
  taxable: number;
  created_at: number;
}

interface InvoiceCountersTable {
  business_id: string;
  last_number: number;
}

type InvoiceState = 'open' | 'paid' | 'void';

/** An invoice (docs/decisions/043): numbered per business, its figures as issued. */
export interface InvoicesTable {
  id: string;
  business_id: string;
  booking_id: string;
  number: number;
  state: InvoiceState;
  tax_name: string;
  tax_rate: number;
  lines_cents: number;
  taxable_cents: number;
  tax_cents: number;
  discount_limit_cents: number;
  total_cents: number;
  deposit_cents: number;
  issued_at: number;
  paid_at: number | null;
  voided_at: number | null;
  /** The sha256 of the pay link's token (domain/invoice-payments.ts); null for none. */
  pay_token_hash: string | null;
  /** Reminders of it sent while unpaid: one 3 days after it was issued, one 7 days after (jobs/invoice-reminders.ts). */
  reminders_sent: Generated<number>;
}

export type PaymentMethod = 'card' | 'cash' | 'check' | 'other';

/** A payment of an invoice (docs/decisions/045): by card through Checkout, or recorded by the owner. */
export interface InvoicePaymentsTable {
  id: string;
  invoice_id: string;
  business_id: string;
  method: PaymentMethod;
  amount_cents: number;
  tip_cents: number;
  note: string | null;
  session_id: string | null;
  payment_intent: string | null;
  recorded_by: string | null;
  created_at: number;
}

/** An invoice's lines, copied when it is issued and never changed (a trigger refuses updates). */
export interface InvoiceLinesTable {
  invoice_id: string;
  position: number;
  kind: 'price' | 'day';
  description: string;
  amount_cents: number;
  taxable: number;
}

/** A customer waiting for a full day (docs/decisions/056). */
export interface WaitlistEntriesTable {
  id: string;
  business_id: string;
  day: string;
  service_id: string;
  /** The quote request as sent (JSON: serviceId, answers, addOns, address): booked again as sent. */
  request: string;
  customer_address: string;
  customer_lat: number | null;
  customer_lng: number | null;
  duration_min: number;
  total_cents: number;
  first_name: string;
  last_name: string;
  customer_email: string;
  phone_number: string;
  text_consent: number;
  status: 'waiting' | 'filled' | 'left';
  token_hash: string;
  booking_id: string | null;
  created_at: number;
  updated_at: number;
}

/** A time a booking gave up, queued for the offer pass while someone waits for its day (docs/decisions/056). */
export interface FreedTimesTable {
  id: string;
  business_id: string;
  crew_id: string | null;
  booking_id: string | null;
  reason: 'cancelled' | 'declined' | 'expired' | 'moved';
  day: string;
  start_time: string;
  start_ms: number;
  end_ms: number;
  /** queued: the pass has not looked yet; offered: offers went; filled: one was taken; unfilled: nobody fitted or took it. */
  status: 'queued' | 'offered' | 'filled' | 'unfilled';
  created_at: number;
  /** When the pass may offer it: at once, or after the undo window of the change that freed it. */
  due_at: number;
  offered_at: number | null;
}

/** One freed time offered to one waiting customer (docs/decisions/056). */
export interface WaitlistOffersTable {
  id: string;
  freed_id: string;
  entry_id: string;
  business_id: string;
  token_hash: string;
  extra_drive_min: number;
  /** open until answered or past expires_at; taken by its customer; withdrawn when another took it. */
  status: 'open' | 'taken' | 'withdrawn';
  expires_at: number;
  created_at: number;
  answered_at: number | null;
}

/** A freed time offered to a plan customer to move their next visit up (docs/decisions/056). */
export interface VisitOffersTable {
  id: string;
  freed_id: string;
  /** The visit (a booking of a plan) the offer would move. */
  booking_id: string;
  /** The visit's version when offered: changed since (moved, edited), the offer no longer stands. */
  booking_version: number;
  business_id: string;
  token_hash: string;
  extra_drive_min: number;
  status: 'open' | 'taken' | 'withdrawn';
  expires_at: number;
  created_at: number;
  answered_at: number | null;
}

/** A freed time offered to a recent quote nearby whose customer agreed to hear of one (docs/decisions/059). */
export interface QuoteOffersTable {
  id: string;
  freed_id: string;
  quote_id: string;
  business_id: string;
  token_hash: string;
  extra_drive_min: number;
  status: 'open' | 'taken' | 'withdrawn';
  expires_at: number;
  created_at: number;
  answered_at: number | null;
}

export interface Database {
  users: UsersTable;
  businesses: BusinessesTable;
  services: ServicesTable;
  availability: AvailabilityTable;
  crews: CrewsTable;
  crew_members: CrewMembersTable;
  push_subscriptions: PushSubscriptionsTable;
  job_starts: JobStartsTable;
  job_steps: JobStepsTable;
  photos: PhotosTable;
  photo_removals: PhotoRemovalsTable;
  waitlist_entries: WaitlistEntriesTable;
  freed_times: FreedTimesTable;
  waitlist_offers: WaitlistOffersTable;
  visit_offers: VisitOffersTable;
  quote_offers: QuoteOffersTable;
  blocked_times: BlockedTimesTable;
  bookings: BookingsTable;
  plans: PlansTable;
  manage_tokens: ManageTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  feedback: FeedbackTable;
  mail_outbox: MailOutboxTable;
  business_logos: BusinessLogosTable;
  rate_limits: RateLimitsTable;
  password_resets: PasswordResetsTable;
  job_runs: JobRunsTable;
  booking_undos: BookingUndosTable;
  slot_holds: SlotHoldsTable;
  clients: ClientsTable;
  client_addresses: ClientAddressesTable;
  client_things: ClientThingsTable;
  first_day_checklist: FirstDayChecklistTable;
  previous_slugs: PreviousSlugsTable;
  stripe_accounts: StripeAccountsTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  stripe_events: StripeEventsTable;
  saved_cards: SavedCardsTable;
  card_charges: CardChargesTable;
  calendar_connections: CalendarConnectionsTable;
  calendar_busy: CalendarBusyTable;
  calendar_places: CalendarPlacesTable;
  twilio_accounts: TwilioAccountsTable;
  text_opt_outs: TextOptOutsTable;
  short_links: ShortLinksTable;
  reviews: ReviewsTable;
  funnel_days: FunnelDaysTable;
  full_taps: FullTapsTable;
  quote_demand: QuoteDemandTable;
  owner_quotes: OwnerQuotesTable;
  business_taxes: BusinessTaxesTable;
  booking_day_lines: BookingDayLinesTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_payments: InvoicePaymentsTable;
}
