/**
 * The closed list of error codes. Every error answer of the API is
 * `{error, code}`: `error` is a sentence for a person, `code` one of these, stable
 * across releases, for code to branch on (never on the status number, which several
 * codes share, nor on the sentence, which may be reworded). The server maps a code
 * to its HTTP status here and nowhere else (packages/server/src/plugins/errors.ts);
 * the API reference lists them (GET /api/docs). docs/decisions/011-one-route-table.md.
 *
 * Adding a code: add it here with its status and what the caller should do. Never
 * rename or reuse one: embeds already in the wild branch on them.
 */
export const ERRORS = {
  // ----- the request itself -----
  VALIDATION_FAILED: {
    status: 400,
    meaning: 'A field is missing or not valid; the sentence names it and says how to fix it.',
  },
  INVALID_BODY: { status: 400, meaning: 'The body is not a JSON object (or not JSON at all, or empty).' },
  BODY_TOO_LARGE: {
    status: 413,
    meaning: 'The body is larger than the server accepts (64 KB; 4 MB for a client import).',
  },
  BAD_URL: { status: 400, meaning: 'The URL is malformed (bad percent-encoding, say).' },
  URL_TOO_LONG: { status: 414, meaning: 'A part of the URL is longer than any id (200 characters).' },
  ROUTE_NOT_FOUND: { status: 404, meaning: 'No call has this method and path; see GET /api/openapi.json.' },
  RATE_LIMITED: {
    status: 429,
    meaning:
      'Too many calls from this address, or (log-in) too many wrong passwords for the account or on this device; wait the Retry-After seconds.',
  },
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    meaning: 'The Idempotency-Key header is missing or malformed: send a new random id (a UUID) per booking.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    meaning: 'This Idempotency-Key was already used with a different body; send a new key for a new booking.',
  },

  // ----- accounts and sessions -----
  LOGIN_REQUIRED: { status: 401, meaning: 'The call needs an Authorization: Bearer token from log-in.' },
  SESSION_EXPIRED: {
    status: 401,
    meaning: 'The token expired, was revoked by a password change, or is not valid: log in again.',
  },
  BAD_CREDENTIALS: { status: 401, meaning: 'The e-mail and password do not match an account.' },
  EMAIL_TAKEN: { status: 409, meaning: 'An account with this e-mail exists; log in instead.' },
  WRONG_PASSWORD: { status: 400, meaning: 'The current password given to change it is not correct.' },
  ACCOUNT_NOT_FOUND: { status: 404, meaning: "The session's account no longer exists." },
  RESET_LINK_INVALID: { status: 404, meaning: 'The password reset link is not known; ask for a new one.' },
  RESET_LINK_USED: { status: 410, meaning: 'The password reset link was already used; ask for a new one.' },
  RESET_LINK_EXPIRED: { status: 410, meaning: 'The password reset link is older than an hour; ask for a new one.' },

  // ----- things that are not there -----
  BUSINESS_NOT_FOUND: { status: 404, meaning: 'No business has this id; check the business id of the embed code.' },
  SERVICE_NOT_FOUND: { status: 404, meaning: 'The business does not offer this service (any more).' },
  BOOKING_NOT_FOUND: { status: 404, meaning: "The booking is not among this owner's bookings." },
  CLIENT_NOT_FOUND: { status: 404, meaning: "The client is not among this owner's clients (merged or erased)." },
  BLOCKED_TIME_NOT_FOUND: { status: 404, meaning: "The blocked time is not in this owner's calendar." },
  FEED_LINK_INVALID: { status: 404, meaning: 'The calendar feed link is not valid or was revoked.' },

  // ----- the booking page's address (shared/src/slug.ts) -----
  SLUG_MALFORMED: {
    status: 400,
    meaning:
      'The booking page address must be 3 to 40 of a-z, 0-9 and single hyphens, starting and ending with a letter or digit.',
  },
  SLUG_RESERVED: {
    status: 400,
    meaning: 'The booking page address is a word Slotwise keeps for itself; choose another.',
  },
  SLUG_TAKEN: { status: 409, meaning: 'Another business has (or had) this booking page address; choose another.' },
  LOGO_INVALID: {
    status: 400,
    meaning: 'The logo is not a PNG, JPEG or WebP image, or is larger than 40 KB.',
  },

  // ----- the client import (docs/product.md#bringing-your-clients) -----
  IMPORT_FILE_TOO_LARGE: {
    status: 413,
    meaning: 'The CSV is larger than 2 MB: split it into smaller files and import each.',
  },
  IMPORT_TOO_MANY_ROWS: {
    status: 413,
    meaning: 'The CSV has more than 5,000 rows below its header: split it into smaller files and import each.',
  },
  IMPORT_NOT_CSV: {
    status: 400,
    meaning:
      'The file is not CSV text (a spreadsheet or another binary file, or a quote never closed): save it from the spreadsheet as CSV and try again.',
  },
  IMPORT_NO_HEADER: {
    status: 400,
    meaning: 'The first row holds data, not column names: add a first row naming the columns (Name, Email, Phone...).',
  },
  IMPORT_EMPTY: { status: 400, meaning: 'The CSV holds no clients: it is empty, or has only its header row.' },
  IMPORT_MAPPING_INVALID: {
    status: 400,
    meaning:
      'The column mapping names a column the file does not have, or maps no name or no e-mail and phone; the sentence says which.',
  },

  // ----- a customer's manage link -----
  LINK_INVALID: { status: 404, meaning: 'The manage link is not known.' },
  LINK_GONE: {
    status: 410,
    meaning:
      'The booking behind the manage link was cancelled, declined or has started: the link no longer changes it.',
  },
  // ----- quotes an owner sends (docs/decisions/039) -----
  QUOTE_NOT_FOUND: { status: 404, meaning: "The quote is not among this owner's quotes." },
  QUOTE_LINK_INVALID: { status: 404, meaning: 'The quote link is not known; ask the business for a new one.' },
  QUOTE_CLOSED: {
    status: 409,
    meaning:
      'The quote was booked, declined, withdrawn or has expired: it no longer changes. The business can send a new one.',
  },
  NEARBY_UNAVAILABLE: {
    status: 409,
    meaning:
      'Offers of a time nearby cannot be asked on this quote: it has no e-mail, its address is not on the map, or the 30 days after it was sent are over (docs/decisions/059).',
  },
  QUOTE_CHANNEL_UNAVAILABLE: {
    status: 409,
    meaning:
      'The quote cannot go that way: no e-mail for mail; for a text, no phone, no consent to texts, or texts not turned on (Settings > Notifications).',
  },
  // ----- getting paid after the job (docs/decisions/043) -----
  TAX_ITEM_UNKNOWN: {
    status: 400,
    meaning: 'The tax settings name a service or add-on the business does not offer; the sentence names it.',
  },
  BOOKING_NOT_BILLABLE: {
    status: 409,
    meaning:
      'Lines are added only to an approved or completed booking, and an invoice issued only for a completed one; the sentence says which.',
  },
  INVOICE_ISSUED: {
    status: 409,
    meaning: "The booking's invoice is issued: its lines never change (a correction is a credit or a new invoice).",
  },
  DAY_LINE_NOT_FOUND: { status: 404, meaning: "The booking has no such line (removed already, or another booking's)." },
  DISCOUNT_TOO_LARGE: {
    status: 400,
    meaning: "The discount would bring the booking's total below zero; the sentence says the most it can be.",
  },
  // ----- invoice payments and the pay link (docs/decisions/045) -----
  INVOICE_NOT_FOUND: { status: 404, meaning: "The invoice is not among this owner's invoices." },
  INVOICE_PAYMENT_NOT_FOUND: { status: 404, meaning: 'The invoice has no such payment.' },
  INVOICE_LINK_INVALID: { status: 404, meaning: 'The invoice link is not known; ask the business for a new one.' },
  INVOICE_VOID: { status: 409, meaning: 'The invoice is void: nothing is paid or recorded on it.' },
  INVOICE_PAID: { status: 409, meaning: 'Nothing is due on the invoice: it is paid.' },
  INVOICE_HAS_PAYMENTS: {
    status: 409,
    meaning: 'The invoice has payments, so it cannot be voided; refund them instead.',
  },
  PAYMENT_TOO_LARGE: {
    status: 400,
    meaning: 'The payment is more than is due on the invoice; the sentence names what is due.',
  },
  PAYMENTS_NOT_CONNECTED: {
    status: 409,
    meaning: 'The business takes no cards online (no Stripe account connected): pay it as the business says.',
  },
  TIP_NOT_OFFERED: { status: 400, meaning: "The tip's percent is not one of the business's tip presets." },
  TIP_TOO_LARGE: { status: 400, meaning: 'The tip is more than the amount due.' },
  // ----- a card on file and the no-show fee (docs/decisions/046) -----
  CARD_NOT_SAVED: { status: 404, meaning: 'No card is saved for this client: nothing to remove.' },
  NO_SHOW_FEE_NOT_SET: {
    status: 409,
    meaning: 'The business has no no-show fee: set one in Settings > Invoices and Tips first.',
  },
  BOOKING_NOT_PAST: {
    status: 409,
    meaning:
      'A no-show fee is charged only once the visit has started, for a booking that was not completed or cancelled.',
  },
  CHANGE_LOCKED: {
    status: 409,
    meaning: "The business's change cut-off has passed: contact the business (the sentence says how).",
  },

  // ----- prices and places -----
  ADDRESS_NOT_FOUND: { status: 400, meaning: 'The address could not be located; pick one of the suggestions.' },
  ADDRESS_NEEDS_STREET: {
    status: 400,
    meaning: 'The address names only a city or ZIP code: add the house number and street.',
  },
  OUTSIDE_SERVICE_AREA: { status: 400, meaning: "The address is farther away than the business's service area." },
  ANSWER_INVALID: { status: 400, meaning: "The answer does not fit the business's price question." },
  QUESTIONS_CHANGED: {
    status: 409,
    meaning:
      'An answer names a question the business no longer asks (its questions were saved since the page was loaded): load the business again and answer its questions.',
  },
  AMOUNT_TOO_LARGE: {
    status: 400,
    meaning: 'The quote would come to more than a booking can be ($20,000,000): answer with a smaller quantity.',
  },
  GEOCODER_UNAVAILABLE: { status: 503, meaning: 'Address search or lookup is down; try again in a minute.' },

  // ----- times -----
  SLOT_TAKEN: { status: 409, meaning: 'Someone else booked the time a moment ago; pick another slot.' },
  OFFER_TAKEN: { status: 409, meaning: 'Another waiting customer took the offered time first.' },
  OFFER_EXPIRED: { status: 410, meaning: 'The offer of the time lapsed.' },
  ALREADY_WAITING: { status: 409, meaning: 'This e-mail already waits for that day.' },
  WAITLIST_NOT_FOUND: { status: 404, meaning: 'No waiting list entry or offer has this token.' },
  SLOT_HELD: {
    status: 409,
    meaning:
      'Another customer is holding the time while they finish booking (docs/decisions/035); pick another slot, or try again when the hold lapses.',
  },
  TOO_MANY_HOLDS: {
    status: 429,
    meaning: 'This address already holds several times with the business; book or let one go before holding another.',
  },
  SLOT_NOT_OFFERED: { status: 400, meaning: "The time is not one of the day's slots (every 30 minutes from opening)." },
  TIME_PASSED: { status: 409, meaning: 'The time is in the past.' },
  TOO_SOON: { status: 409, meaning: "The time is inside the business's minimum notice; pick a later one." },
  BEYOND_HORIZON: {
    status: 409,
    meaning: 'The date is further ahead than the business takes bookings; pick an earlier one.',
  },
  TOO_MANY_PENDING: {
    status: 429,
    meaning: 'This customer (or connection) already has the most booking requests allowed waiting for the business.',
  },
  CLOSED_THAT_DAY: { status: 409, meaning: 'The business is closed on that weekday.' },
  RUNS_PAST_CLOSING: { status: 409, meaning: 'The service would end after closing time.' },
  OUTSIDE_HOURS: { status: 409, meaning: "The time is not wholly inside that day's business hours." },
  OUTSIDE_HOURS_UNCONFIRMED: {
    status: 409,
    meaning:
      'A booking the owner enters is outside the hours (the sentence names them): confirm it (allowOutsideHours) to book it anyway.',
  },
  PRICE_REASON_NEEDED: {
    status: 400,
    meaning: "A booking the owner enters at a total other than the engine's needs the reason for it.",
  },
  TIME_SKIPPED: {
    status: 400,
    meaning: 'The wall time does not exist that day (the clocks skip it for daylight saving).',
  },
  TRAVEL_NOT_FEASIBLE: {
    status: 409,
    meaning: 'The owner could not drive to this job and on to the next in time; pick another slot.',
  },
  BOOKING_CHANGED: {
    status: 409,
    meaning:
      'The booking was moved or its status changed since it was read (its version differs); the sentence names its current time. Reload and try again.',
  },
  TIME_OVERLAPS: { status: 409, meaning: 'The time overlaps a booking or blocked time; the sentence names it.' },
  BOOKING_NOT_CHANGEABLE: {
    status: 409,
    meaning: "The booking's status does not allow this (only pending bookings are approved, for instance).",
  },
  BOOKING_EXPIRED: {
    status: 409,
    meaning:
      "The request expired unanswered at the business's cut-off (docs/decisions/051): its time was released and the customer was told, so it can no longer be approved or declined.",
  },
  CUSTOMER_HAS_UPCOMING_BOOKINGS: {
    status: 409,
    meaning:
      "The customer's details cannot be erased while they have upcoming bookings; the sentence names them. Cancel or decline them first.",
  },
  SERVICE_LIMIT_REACHED: { status: 409, meaning: 'The business has the most services allowed; delete one first.' },

  // ----- payments: Stripe, deposits, refunds (docs/decisions/021) -----
  PAYMENT_UNAVAILABLE: {
    status: 503,
    meaning: 'Stripe could not be reached or refused the call; nothing was charged. Try again in a few minutes.',
  },
  PAYMENTS_NOT_CONFIGURED: {
    status: 409,
    meaning: 'The server has no ENCRYPTION_KEY, so Stripe keys cannot be stored: the operator must set one first.',
  },
  STRIPE_KEY_INVALID: {
    status: 400,
    meaning: 'Stripe refused the secret key (wrong, revoked or lacking permissions): copy it again from Stripe.',
  },
  PAYMENT_NOT_DUE: {
    status: 409,
    meaning:
      'The booking is not waiting for a payment (it was paid, has no deposit, or is a plan visit that has started).',
  },
  HOLD_EXPIRED: {
    status: 410,
    meaning: 'The 15 minutes to pay passed and the time was released; pick a time and book again.',
  },
  REFUND_TOO_LARGE: {
    status: 400,
    meaning: 'The refund is more than what was paid and not yet refunded; the sentence names what is left.',
  },
  WEBHOOK_SIGNATURE_INVALID: {
    status: 400,
    meaning:
      'The Stripe-Signature (or X-Twilio-Signature) header does not match the body and the secret in Settings (the webhook signing secret; the Twilio auth token).',
  },

  // ----- recurring plans (docs/decisions/022) -----
  PLAN_NOT_OFFERED: {
    status: 400,
    meaning: 'The service does not offer this frequency (any more); book just once or pick one the quote lists.',
  },
  PLAN_NOT_FOUND: { status: 404, meaning: "The plan is not among this owner's plans." },
  PLAN_ENDED: { status: 409, meaning: 'The plan has ended; it cannot be resumed or changed. Book a new one.' },
  NOT_A_PLAN_VISIT: {
    status: 409,
    meaning:
      'The booking is not a visit of a plan, so there is no plan to skip, cancel or move the following visits of.',
  },
  PLAN_DAY_TAKEN: {
    status: 409,
    meaning:
      'A "this and following" move would start the plan again on a day that already has its visit of the plan (one the customer skipped included); pick another day, or move the visit alone.',
  },
  NO_FREE_TIME: {
    status: 409,
    meaning: 'No free time was found in the next weeks for this visit; pick a time on the calendar.',
  },

  // ----- crews (docs/decisions/023) -----
  CREW_NOT_FOUND: { status: 404, meaning: "The crew is not among this business's crews." },
  CREW_CANNOT_DO_SERVICE: {
    status: 409,
    meaning:
      "The crew does not take this job: it does not do the booking's service, or it is paused; give the job to another crew.",
  },
  LAST_CREW: {
    status: 409,
    meaning: 'A business keeps at least one active crew: add another before removing or pausing this one.',
  },
  PRICE_CHANGED: {
    status: 409,
    meaning:
      "The price of the chosen time changed since it was shown (the crew's day changed: a job nearby was booked, moved or cancelled; docs/decisions/055): nothing was booked; the sentence names the new price; show it and book again.",
  },
  ROUTE_CHANGED: {
    status: 409,
    meaning:
      "The crew's day changed since its suggested order was read (a job moved, was booked or started, or the notice passed): nothing was moved; read the day's route again for the fresh suggestion.",
  },
  DOOR_HANGER_NOT_YET: {
    status: 409,
    meaning:
      'A door-hanger is for a job done, or approved for today: this booking is another status or on a later day (docs/decisions/058).',
  },
  BOOKING_PAGE_MISSING: {
    status: 409,
    meaning: 'The business has no booking page address yet; choose one on the Services page first.',
  },
  CREW_HAS_BOOKINGS: {
    status: 409,
    meaning: 'The crew has bookings from today on; give them to another crew first, or pause the crew instead.',
  },

  // ----- a crew member's own login (docs/decisions/024-crew-member-logins.md) -----
  CREW_EMAIL_TAKEN: {
    status: 409,
    meaning: "The e-mail already has a Slotwise login (an owner's or a crew member's); invite another e-mail.",
  },
  CREW_MEMBER_EXISTS: {
    status: 409,
    meaning: 'The crew already has a login; remove its access first to invite someone else.',
  },
  CREW_MEMBER_NOT_FOUND: { status: 404, meaning: 'Nobody was invited to this crew; invite someone first.' },
  CREW_INVITE_INVALID: {
    status: 404,
    meaning: 'The invitation link is not known (a newer one was sent, or the access was removed); ask the owner.',
  },
  CREW_INVITE_USED: {
    status: 410,
    meaning: 'The invitation link was already used to set a password: log in instead.',
  },
  CREW_INVITE_EXPIRED: {
    status: 410,
    meaning: 'The invitation link is older than 7 days; ask the owner to resend it.',
  },
  JOB_NOT_FOUND: { status: 404, meaning: "The job is not among this crew's jobs." },
  JOB_NOT_ACTIVE: {
    status: 409,
    meaning: 'The job was cancelled, declined or is not booked yet, so it cannot be started or completed.',
  },
  PUSH_DEVICE_NOT_FOUND: {
    status: 404,
    meaning: 'Notifications are not on for that device for this login: turn them on first (docs/decisions/052).',
  },
  PUSH_ENDPOINT_TAKEN: {
    status: 409,
    meaning:
      "The browser's push subscription is another login's device: unsubscribe it and subscribe afresh (docs/decisions/052).",
  },
  JOB_NOT_TODAY: { status: 409, meaning: 'The job is on a later day; start it on its day.' },
  STEP_NOT_FOUND: {
    status: 404,
    meaning: "The job has no step at that place: its service's steps may have changed. Reload the job's steps.",
  },
  // ----- photos (docs/decisions/053) -----
  PHOTO_TOO_LARGE: {
    status: 413,
    meaning:
      'The photo is larger than 8 MB; the apps shrink photos before sending them, so choose the photo again or a smaller one.',
  },
  PHOTO_NOT_AN_IMAGE: {
    status: 415,
    meaning: 'The file is not a JPEG, PNG or WebP photo (whatever its name or type says): choose a photo.',
  },
  PHOTO_HEIC: {
    status: 415,
    meaning:
      "The photo is in Apple's HEIC format, which is not taken: share it as JPEG (Most Compatible in the camera's settings) and try again.",
  },
  PHOTO_UNREADABLE: {
    status: 422,
    meaning:
      'The photo is damaged or cut short, or too large in pixels (over 50 megapixels), or took too long to read.',
  },
  PHOTO_STORE_UNAVAILABLE: {
    status: 503,
    meaning: 'The photo store (the folder or the S3 bucket) did not answer; nothing was saved. Try again in a minute.',
  },
  PHOTO_KEPT_FOR_OWNER: {
    status: 409,
    meaning: "The customer's photo stays with the request: only the owner may delete it.",
  },
  PHOTO_NOT_YOURS: {
    status: 409,
    meaning: 'Another person added this photo (the owner, or a former crew): a crew deletes only the photos it added.',
  },
  PHOTO_NOT_FOUND: { status: 404, meaning: 'No such photo here (it may have been deleted).' },
  PHOTOS_FULL: { status: 409, meaning: 'The job or request has as many photos as it may hold; delete one first.' },
  PHOTO_REQUIRED: {
    status: 422,
    meaning: 'The service asks for a photo with the request; attach one (book photoTokens) and book again.',
  },
  PHOTO_TOKEN_INVALID: {
    status: 422,
    meaning:
      'A photo token is unknown, of another business, used already or older than an hour: attach the photo again.',
  },
  JOB_NOT_STARTED: { status: 409, meaning: 'The job was not started; start it before marking it completed.' },
  JOB_ALREADY_STARTED: {
    status: 409,
    meaning: 'The job was started or completed already, so the customer is not told the crew is on the way.',
  },
  ON_MY_WAY_ALREADY_SENT: {
    status: 409,
    meaning: 'The customer was told the crew is on the way already: it is sent once per job.',
  },
  CUSTOMER_UNREACHABLE: {
    status: 409,
    meaning: 'The customer cannot be texted (no consent, or they replied STOP) and has no e-mail address.',
  },

  // ----- the owner's own calendars, read in (docs/decisions/025) -----
  CALENDAR_NOT_FOUND: { status: 404, meaning: "The calendar is not among this owner's connected calendars." },
  CALENDARS_NOT_CONFIGURED: {
    status: 409,
    meaning:
      'The server has no ENCRYPTION_KEY, so calendar addresses cannot be stored: the operator must set one first.',
  },
  CALENDAR_UNREADABLE: {
    status: 422,
    meaning:
      'The address did not answer a calendar (not found, private, too large, too slow, not ICS...); the sentence says why and what to copy instead. Nothing was saved.',
  },
  CALENDAR_LIMIT_REACHED: {
    status: 409,
    meaning: 'The business has the most connected calendars allowed (10); remove one first.',
  },

  // ----- undoing an owner's Decline or move (docs/decisions/014) -----
  TEXTS_NOT_CONFIGURED: {
    status: 409,
    meaning:
      'The server has no ENCRYPTION_KEY, so a Twilio auth token cannot be stored: the operator must set one first.',
  },
  TWILIO_CREDENTIALS_INVALID: {
    status: 400,
    meaning:
      'Twilio refused the Account SID, auth token or sender (wrong, suspended, or a number not in the account): copy them again from the Twilio Console.',
  },
  TEXT_PROVIDER_UNAVAILABLE: {
    status: 503,
    meaning: 'Twilio could not be reached to check the account, so nothing was saved. Try again in a few minutes.',
  },
  TEXTS_NOT_CONNECTED: {
    status: 409,
    meaning: 'No Twilio account is connected, so no text can be sent: connect one in Settings > Notifications.',
  },
  MESSAGE_NOT_FOUND: {
    status: 404,
    meaning:
      "The message is not among this business's undelivered messages: it was sent again already, or is another business's. Reload the list.",
  },
  MESSAGE_TOO_LATE: {
    status: 409,
    meaning: 'The visit the message is about has started: sending it again would come too late (a reminder, say).',
  },
  MESSAGE_OUTDATED: {
    status: 409,
    meaning:
      'The message no longer says what is true: a later message about the booking replaced it, or a reminder is for a booking no longer approved.',
  },
  BOOKING_NOT_APPROVED: {
    status: 409,
    meaning:
      'Only an approved booking can be marked completed (it is pending, declined, cancelled or already completed).',
  },
  UNDO_NOT_FOUND: {
    status: 404,
    meaning: "The undo token is not one of this owner's changes, or it was used already (an undo works once).",
  },
  UNDO_EXPIRED: {
    status: 410,
    meaning:
      'The time to undo has passed and the customer has been e-mailed about the change; change the booking anew.',
  },
  BOOKING_CHANGED_SINCE: {
    status: 409,
    meaning:
      'The booking changed after the Decline or move to undo (moved, approved, cancelled by the customer...), so undoing it would overwrite that; the sentence says how it is now. Reload.',
  },

  // ----- the server -----
  DATABASE_UNAVAILABLE: { status: 503, meaning: 'The database is not answering.' },
  STORAGE_UNAVAILABLE: {
    status: 503,
    meaning: 'The database file cannot take writes (deleted, replaced, read-only or a full disk); nothing was saved.',
  },
  SHUTTING_DOWN: {
    status: 503,
    meaning: 'This instance is stopping (it finishes what it started); send the request to another instance.',
  },
  INTERNAL: { status: 500, meaning: 'Something failed on the server; the details are in its log. Try again.' },

  // ----- raised by the fetch client, never sent by the server -----
  NETWORK_ERROR: {
    status: 0,
    meaning: 'No answer: the network is down, the server unreachable, or the call was blocked.',
  },
  TIMEOUT: {
    status: 0,
    meaning: 'No answer in time (15 s by default): the server or the network stalled; the call was given up.',
  },
  UNEXPECTED_ANSWER: { status: 0, meaning: 'The server answered something the contract does not describe.' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** The refusals of a booking or a move that mean "this time will not do: pick another" (the widget and the reschedule page go back to the times). */
export const PICK_ANOTHER_TIME: readonly ErrorCode[] = [
  'SLOT_TAKEN',
  'SLOT_HELD',
  'TOO_SOON',
  'BEYOND_HORIZON',
  'TRAVEL_NOT_FEASIBLE',
  'TIME_PASSED',
  'RUNS_PAST_CLOSING',
  'CLOSED_THAT_DAY',
];
