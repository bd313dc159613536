/**
 * The pop-up's state and the steps' actions, in signals. One store per mounted
 * widget; components only read signals and call these actions, so every rule of
 * the booking flow (order of steps, validation, the 409 path, idempotency) is here.
 */
import { batch, signal } from '@preact/signals';
import type {
  Answer,
  AvailableDaysResponse,
  BookRequest,
  BookResponse,
  PlaceSuggestion,
  PlanDatesResponse,
  PublicBusiness,
  QuoteQuestion,
  QuoteRequest,
  QuoteResponse,
  Service,
  Slot,
} from '@slotwise/shared/api';
import { localeTimeFormat, type TimeFormat } from '@slotwise/shared/clock';
import { ADDRESS_SEARCH_MIN_CHARS, COUNTRY_CODES, DEFAULT_COUNTRY_CODE } from '@slotwise/shared/domain';
import { PICK_ANOTHER_TIME } from '@slotwise/shared/errors';
import { ApiError } from '@slotwise/shared/http';
import { toCents, toDollars } from '@slotwise/shared/money';
import type { PlanFrequency } from '@slotwise/shared/plans';
import type { PublicClient } from '@slotwise/shared/public-client';
import { questionsFor, quoteMinutes } from '@slotwise/shared/quote';
import { slotTotalCents } from '@slotwise/shared/route-fit';
import { nextMonth } from '@slotwise/shared/slots';
import { isIsoDate } from '@slotwise/shared/time';
import { todayIn } from '@slotwise/shared/time-zone';
import { shrinkPhoto } from '@slotwise/ui/shrink-photo.ts';
import type { Mode } from '../contract.ts';
import { type Funnel, NO_FUNNEL } from './funnel.ts';

export type Step = 'service' | 'question' | 'address' | 'quote' | 'slot' | 'details' | 'done';

export const MESSAGES = {
  loadFailed: 'We could not load the booking form. Check your connection and try again.',
  noServices: 'This business has no services to book yet. Please check back later.',
  chooseService: 'Please choose a service.',
  chooseOption: 'Please choose an answer.',
  enterQuantity: 'Please enter a number of 0 or more.',
  /** A rate question's bounds: "Please enter a number from 1 to 50." */
  quantityBetween: (least: number, most: number | null) =>
    most === null ? `Please enter a number of ${least} or more.` : `Please enter a number from ${least} to ${most}.`,
  address: 'Please type your street address and pick it from the list.',
  slotsFailed: 'Error loading slots. Please try again later.',
  noSlots: 'No times are free on this day. Please pick another date.',
  daysFailed: 'Error loading the calendar. Please try again later.',
  chooseDate: 'Please pick a date.',
  pastDate: 'Please pick today or a later date.',
  chooseSlot: 'Please select a time slot.',
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  email: 'Email is required.',
  emailFormat: 'Enter a valid email address, like name@example.com.',
  phone: 'Phone number is required.',
  phoneFormat: 'Enter a phone number of 4 to 20 digits, like 555 123 4567.',
  /** A service that requires a photo with the request (docs/decisions/053). */
  photo: 'Please add a photo: this service needs one to give you a price you can count on.',
  /** The business saved its questions since the form loaded (QUESTIONS_CHANGED): asked again, fresh. */
  questionsChanged: 'Prices changed, please answer again.',
  planDatesFailed:
    "We could not check your plan's dates just now. You can still book: each visit is checked when you do.",
} as const;

export type DetailField = 'firstName' | 'lastName' | 'email' | 'phone' | 'photos';

/** Index of +1 United States: the country list has +1 twice (US, Canada), so options are keyed by index. */
const DEFAULT_COUNTRY = String(
  COUNTRY_CODES.findIndex((c) => c.code === DEFAULT_COUNTRY_CODE && c.country === 'United States'),
);

export interface StoreOptions {
  now?: () => Date;
  uuid?: () => string;
  /** Debounce of the address search, in ms. */
  searchDelay?: number;
  onBooked?: (booking: BookResponse) => void;
  /** The customer's zone and clock; by default the browser's (tests pin them). */
  viewer?: { timeZone?: string; timeFormat?: TimeFormat };
  /** Sends the page to Stripe's Checkout; by default the browser goes there (tests record it). */
  leave?: (url: string) => void;
  /** Where the funnel's steps are reported (funnel.ts; mount.tsx makes the real one); by default nowhere. */
  funnel?: Funnel;
  /** The day to open the date step on (the booking page's ?day=, a door-hanger's code: docs/decisions/058). */
  day?: string | null;
}

export function createStore(client: PublicClient, businessId: string, options: StoreOptions = {}) {
  const now = options.now ?? (() => new Date());
  const uuid = options.uuid ?? (() => crypto.randomUUID());
  const leave = options.leave ?? ((url: string) => window.location.assign(url));
  const searchDelay = options.searchDelay ?? 250;
  const funnel = options.funnel ?? NO_FUNNEL;
  /** Where and on which clock the customer reads times (docs/product.md#the-booking-widget). */
  const viewer = {
    timeZone: options.viewer?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    timeFormat: options.viewer?.timeFormat ?? localeTimeFormat(),
  };

  const s = {
    business: signal<PublicBusiness | null>(null),
    loadError: signal(''),
    /** null: closed. */
    mode: signal<Mode | null>(null),
    step: signal<Step>('service'),
    serviceId: signal(''),
    /** What was typed or chosen for each question, by its _id: an option's text, a quantity, 'yes' or 'no'. */
    answers: signal<Record<string, string>>({}),
    /** The add-ons ticked, by _id. */
    ticked: signal<string[]>([]),
    /** The question whose answer is missing or wrong, for aria-invalid; '' for none. */
    invalidQuestion: signal(''),
    search: signal(''),
    /** The chosen suggestion's description, the full street address sent as `address`; '' until one is chosen. */
    place: signal(''),
    suggestions: signal<PlaceSuggestion[]>([]),
    /** Index of the suggestion the arrow keys point at; -1 for none. Reset with every new list. */
    activePlace: signal(-1),
    quote: signal<QuoteResponse | null>(null),
    /** The plan chosen on the quote step; '' for just once. */
    frequency: signal<PlanFrequency | ''>(''),
    /** The chosen plan's first visits from the chosen slot: null while asked, 'failed' when the call failed. */
    planDates: signal<PlanDatesResponse | 'failed' | null>(null),
    date: signal(options.day && isIsoDate(options.day) ? options.day : ''),
    /** The month the date step's grid shows (YYYY-MM), and its days' statuses once loaded. */
    month: signal(''),
    days: signal<AvailableDaysResponse | null>(null),
    /** True when no day up to the booking horizon has a free time. */
    noFreeDay: signal(false),
    slots: signal<Slot[] | null>(null),
    slotsLoading: signal(false),
    time: signal(''),
    firstName: signal(''),
    lastName: signal(''),
    email: signal(''),
    country: signal(DEFAULT_COUNTRY),
    phone: signal(''),
    /** "Text me updates about this booking": unticked until the customer ticks it (US rules; docs/decisions/027). */
    textConsent: signal(false),
    /** "Save my card for this business's future visits": unticked until ticked (docs/decisions/046). */
    saveCard: signal(false),
    /** The current step's message: a validation text or the server's answer. */
    error: signal(''),
    /** Counts the messages shown (the same one twice too), so each is brought into view and announced (dialog.tsx). */
    errorShown: signal(0),
    fieldErrors: signal<Partial<Record<DetailField, string>>>({}),
    busy: signal(false),
    booked: signal<BookResponse | null>(null),
    /** The time held for the customer while they type their details (docs/decisions/035); null: none held. */
    held: signal<{ date: string; time: string; minutes: number } | null>(null),
    /**
     * The photos attached for the chosen service's request (docs/decisions/053): each sent at once,
     * shrunk, its token kept for the booking to claim, and a preview of what was sent.
     */
    photos: signal<{ token: string; preview: string; name: string }[]>([]),
    /** A photo on its way, or its refusal in words. */
    photoBusy: signal(false),
    photoError: signal(''),
    /** A full day tapped (or chosen with no free time): the waiting list offered for it (docs/decisions/056). */
    waitDay: signal(''),
    /** The waiting list's form open, and its answer once joined. */
    waitOpen: signal(false),
    waitJoined: signal(''),
  };

  let loading: Promise<PublicBusiness | null> | undefined;
  let slotsKey = '';
  let slotsSeq = 0;
  let daysSeq = 0;
  let searchSeq = 0;
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  /** The plan-dates question last asked: an answer to an older one is dropped. */
  let planKey = '';
  /** The last booking submission: a retry of the same body reuses its Idempotency-Key. */
  let submission: { body: string; key: string } | null = null;
  /** The quote request the shown quote answers: the browser's Forward re-enters the quote only while it is the same. */
  let quotedFor = '';
  /** This visit's hold token: a new hold with it replaces the old one, so the visit holds one time at most. */
  let holdToken: string | undefined;

  const service = (): Service | undefined => s.business.value?.services.find((x) => x._id === s.serviceId.value);
  /** The questions asked for the chosen service, in the owner's order (docs/decisions/026). */
  const questions = (): QuoteQuestion[] =>
    questionsFor(s.business.value?.questions ?? [], s.serviceId.value).filter(
      (q) => q.type !== 'dropdown' || q.options.length > 0,
    );
  const addOns = () => service()?.addOns ?? [];
  const steps = (): Step[] =>
    questions().length > 0 || addOns().length > 0
      ? ['service', 'question', 'address', 'quote', 'slot', 'details']
      : ['service', 'address', 'quote', 'slot', 'details'];

  /** The answers as the quote call takes them, by question _id; an optional question left empty is left out. */
  const answers = (): Record<string, Answer> => {
    const out: Record<string, Answer> = {};
    for (const q of questions()) {
      const raw = s.answers.value[q._id] ?? '';
      if (!raw) continue;
      out[q._id] =
        q.type === 'dropdown'
          ? { option: raw }
          : q.type === 'rate'
            ? { quantity: Number(raw) }
            : { yes: raw === 'yes' };
    }
    return out;
  };
  /** The ticked add-ons the chosen service offers (one ticked for another service is not sent). */
  const chosenAddOns = () => addOns().flatMap((a) => (s.ticked.value.includes(a._id) ? [a._id] : []));
  /** Minutes the answers and add-ons add to the slot: the server's own count (shared/src/quote.ts quoteMinutes). */
  const extraMinutes = (): number => {
    const chosen = service();
    if (!chosen) return 0;
    return quoteMinutes(
      { id: chosen._id, durationMin: 0 },
      questions().map((q) => ({ ...q, id: q._id })),
      answers(),
      addOns().map((a) => ({ id: a._id, extraMinutes: a.extraMinutes })),
      chosenAddOns(),
    );
  };
  /** The slots and month queries' extraMinutes: left out at 0, so the queries read as before. */
  const extra = () => {
    const minutes = extraMinutes();
    return minutes > 0 ? { extraMinutes: minutes } : {};
  };
  /** Why the answer to `q` cannot be sent, or '' when it can. */
  const answerProblem = (q: QuoteQuestion): string => {
    const raw = (s.answers.value[q._id] ?? '').trim();
    if (!raw) return q.required ? (q.type === 'rate' ? MESSAGES.enterQuantity : MESSAGES.chooseOption) : '';
    if (q.type === 'dropdown') return q.options.some((o) => o.text === raw) ? '' : MESSAGES.chooseOption;
    if (q.type === 'yes_no') return raw === 'yes' || raw === 'no' ? '' : MESSAGES.chooseOption;
    const n = Number(raw);
    const least = q.minQuantity ?? 0;
    if (!Number.isFinite(n) || n < least || (q.maxQuantity !== null && n > q.maxQuantity))
      return q.minQuantity === null && q.maxQuantity === null
        ? MESSAGES.enterQuantity
        : MESSAGES.quantityBetween(least, q.maxQuantity);
    return '';
  };
  /** The quote's plan at the chosen frequency; undefined for just once (or a frequency the quote no longer offers). */
  const plan = () => s.quote.value?.plans?.find((p) => p.frequency === s.frequency.value);
  /** The card-saving box shows for a plan or a deposit, when the business takes cards online. */
  /**
   * A free time's saving by route fit (docs/decisions/055), in dollars; 0 when it costs the quote,
   * or for a plan (its visits cost the plan's price).
   */
  const savingAt = (time: string) => (plan() ? 0 : (s.slots.value?.find((x) => x.time === time)?.saving ?? 0));
  /** The total for the chosen time as shown and booked: the plan's per visit, else the quote less the time's saving. */
  const total = (): number | undefined => {
    const quote = s.quote.value;
    if (!quote) return undefined;
    return plan()?.perVisit ?? toDollars(slotTotalCents(toCents(quote.totalQuote), toCents(savingAt(s.time.value))));
  };
  const offersCardSaving = () => Boolean(s.business.value?.savesCards && (plan() || s.quote.value?.deposit));
  const quoteRequest = (): QuoteRequest => ({
    businessId,
    serviceId: s.serviceId.value,
    answers: answers(),
    ...(chosenAddOns().length > 0 ? { addOns: chosenAddOns() } : {}),
    address: s.place.value,
  });

  const setSuggestions = (list: PlaceSuggestion[]) =>
    batch(() => {
      s.suggestions.value = list;
      s.activePlace.value = -1;
    });
  const go = (step: Step) =>
    batch(() => {
      s.step.value = step;
      s.error.value = '';
      s.fieldErrors.value = {};
    });
  const fail = (message: string) =>
    batch(() => {
      s.error.value = message;
      s.errorShown.value++;
    });
  const today = () => todayIn(s.business.value?.timeZone ?? 'UTC', now().getTime());
  const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : MESSAGES.loadFailed);

  /** Fetches the business once; a 404 answers null (unknown id), other failures throw. */
  function load(): Promise<PublicBusiness | null> {
    loading ??= client.customer.business({ params: { businessId } }).then(
      (b) => {
        batch(() => {
          s.business.value = b;
          s.loadError.value = '';
        });
        // The booking form is shown once its business is known (open() counts the later opens).
        if (s.mode.value === 'book') funnel.step('opened');
        return b;
      },
      (err: unknown) => {
        if (err instanceof ApiError && err.code === 'BUSINESS_NOT_FOUND') return null;
        loading = undefined;
        s.loadError.value = MESSAGES.loadFailed;
        throw err;
      },
    );
    return loading;
  }

  async function loadSlots(force = false): Promise<void> {
    const date = s.date.value;
    // The address too: a business that drives to its customers offers the times it can reach them at.
    const address = quoteRequest().address;
    const key = `${date}|${s.serviceId.value}|${address}|${extraMinutes()}`;
    // A date input passes through dates like 0002-11-24 while a year is typed: ask only for real, future days.
    if (!isIsoDate(date) || date < today()) {
      slotsSeq++;
      slotsKey = '';
      batch(() => {
        s.slots.value = null;
        s.slotsLoading.value = false;
      });
      return;
    }
    if (!force && key === slotsKey && s.slots.value) return;
    slotsKey = key;
    const seq = ++slotsSeq;
    s.slotsLoading.value = true;
    try {
      const { slots } = await client.customer.slots({
        query: { businessId, date, serviceId: s.serviceId.value, address, ...extra() },
      });
      if (seq !== slotsSeq) return;
      batch(() => {
        s.slots.value = slots;
        // A time chosen earlier stays chosen only while it is still free.
        if (!slots.some((x) => x.time === s.time.value && x.available)) s.time.value = '';
      });
    } catch {
      if (seq !== slotsSeq) return;
      slotsKey = '';
      batch(() => {
        s.slots.value = null;
        fail(MESSAGES.slotsFailed);
      });
    } finally {
      if (seq === slotsSeq) s.slotsLoading.value = false;
    }
  }

  /** Shows a month in the grid: its days' statuses for this service and address. Null when superseded or failed. */
  async function showMonth(month: string): Promise<AvailableDaysResponse | null> {
    const seq = ++daysSeq;
    // The last answer stays until this one comes: its horizon bounds the grid's navigation meanwhile.
    s.month.value = month;
    try {
      const days = await client.customer.availableDays({
        query: { businessId, month, serviceId: s.serviceId.value, address: quoteRequest().address, ...extra() },
      });
      if (seq !== daysSeq) return null;
      s.days.value = days;
      return days;
    } catch {
      if (seq === daysSeq) fail(MESSAGES.daysFailed);
      return null;
    }
  }

  /**
   * Opens the date step on the first day with a free time, looking ahead month by month up
   * to the booking horizon; a day already chosen (the customer came back) stays chosen.
   */
  async function openCalendar(): Promise<void> {
    const chosen = s.date.value;
    if (isIsoDate(chosen) && chosen >= today()) {
      void showMonth(chosen.slice(0, 7));
      return loadSlots();
    }
    s.noFreeDay.value = false;
    for (let month = today().slice(0, 7); ; month = nextMonth(month)) {
      const answer = await showMonth(month);
      if (!answer) return;
      const free = answer.days.find((d) => d.status === 'free');
      if (free) return actions.setDate(free.date);
      if (month >= answer.lastDay.slice(0, 7)) {
        batch(() => {
          s.noFreeDay.value = true;
          s.month.value = today().slice(0, 7);
        });
        await showMonth(s.month.value);
        return;
      }
    }
  }

  /** Asks which of the chosen plan's first visits are free; shown before booking, never in the way of it. */
  async function loadPlanDates(): Promise<void> {
    const chosen = plan();
    if (!chosen) return;
    const query = {
      businessId,
      serviceId: s.serviceId.value,
      frequency: chosen.frequency,
      date: s.date.value,
      time: s.time.value,
      address: s.place.value,
    };
    const key = JSON.stringify(query);
    if (key === planKey && s.planDates.value && s.planDates.value !== 'failed') return;
    planKey = key;
    s.planDates.value = null;
    try {
      const dates = await client.customer.planDates({ query });
      if (key === planKey) s.planDates.value = dates;
    } catch {
      if (key === planKey) s.planDates.value = 'failed';
    }
  }

  /**
   * The server refused answers to questions the business no longer asks (QUESTIONS_CHANGED: the
   * owner saved them since the form loaded, docs/decisions/026). The business is fetched again and
   * the customer goes back to its questions, keeping the answers to questions it still asks.
   */
  async function questionsChanged(): Promise<void> {
    let fresh: PublicBusiness;
    try {
      fresh = await client.customer.business({ params: { businessId } });
    } catch (err) {
      return fail(messageOf(err));
    }
    loading = Promise.resolve(fresh);
    const asked = new Set(fresh.questions.map((q) => q._id));
    batch(() => {
      s.business.value = fresh;
      s.answers.value = Object.fromEntries(Object.entries(s.answers.value).filter(([id]) => asked.has(id)));
      s.quote.value = null;
      s.frequency.value = '';
      s.time.value = '';
      go(!service() ? 'service' : steps().includes('question') ? 'question' : 'address');
      fail(MESSAGES.questionsChanged);
    });
  }

  async function getQuote(): Promise<void> {
    s.busy.value = true;
    try {
      const request = quoteRequest();
      const quote = await client.customer.quote({ body: request });
      funnel.step('quoted');
      quotedFor = JSON.stringify(request);
      batch(() => {
        s.quote.value = quote;
        go('quote');
      });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'QUESTIONS_CHANGED') await questionsChanged();
      else fail(messageOf(err));
    } finally {
      s.busy.value = false;
    }
  }

  /**
   * Holds the chosen time while the customer types their details, then shows the details step.
   * Taken or held by someone else meanwhile: back to the times, refreshed, with the server's words.
   * Any other failure (offline, the rate limit) goes on without a hold: the booking is checked anyway.
   */
  async function holdTime(): Promise<void> {
    const date = s.date.value;
    const time = s.time.value;
    s.busy.value = true;
    try {
      const held = await client.customer.holdSlot({
        body: { businessId, serviceId: s.serviceId.value, date, time, ...extra(), ...(holdToken ? { holdToken } : {}) },
      });
      holdToken = held.holdToken;
      s.held.value = { date, time, minutes: held.minutes };
    } catch (err) {
      s.held.value = null;
      if (err instanceof ApiError && PICK_ANOTHER_TIME.includes(err.code)) return timeGone(err.message);
    } finally {
      s.busy.value = false;
    }
    go('details');
    return loadPlanDates();
  }

  /** Lets the held time go (Back from the details): others are offered it at once. Never in the customer's way. */
  function releaseHold(): void {
    if (!s.held.value || !holdToken) return;
    s.held.value = null;
    client.customer.releaseHold({ body: { holdToken } }).catch(() => {});
  }

  /** The chosen time was taken or is held by another customer: back to the times, refreshed, saying so. */
  async function timeGone(message: string): Promise<void> {
    batch(() => {
      go('slot');
      s.time.value = '';
      fail(message);
    });
    void showMonth(s.month.value);
    await loadSlots(true);
  }

  function validateDetails(): boolean {
    const errors: Partial<Record<DetailField, string>> = {};
    if (service()?.photoRequest?.ask === 'required' && s.photos.value.length === 0) errors.photos = MESSAGES.photo;
    if (!s.firstName.value.trim()) errors.firstName = MESSAGES.firstName;
    if (!s.lastName.value.trim()) errors.lastName = MESSAGES.lastName;
    const email = s.email.value.trim();
    if (!email) errors.email = MESSAGES.email;
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = MESSAGES.emailFormat;
    const phone = s.phone.value.trim();
    if (!phone) errors.phone = MESSAGES.phone;
    else if (!/^[\d\s().-]{4,20}$/.test(phone)) errors.phone = MESSAGES.phoneFormat;
    const ok = Object.keys(errors).length === 0;
    batch(() => {
      s.fieldErrors.value = errors;
      if (!ok) s.errorShown.value++;
    });
    return ok;
  }

  async function book(): Promise<void> {
    const code = COUNTRY_CODES[Number(s.country.value)]?.code ?? DEFAULT_COUNTRY_CODE;
    const body: BookRequest = {
      ...quoteRequest(),
      date: s.date.value,
      time: s.time.value,
      firstName: s.firstName.value.trim(),
      lastName: s.lastName.value.trim(),
      customerEmail: s.email.value.trim(),
      phoneNumber: `${code} ${s.phone.value.trim()}`,
      // Only a yes is sent: no texts is what leaving it out means.
      ...(s.textConsent.value ? { textConsent: true } : {}),
      // Only where the box was shown: a plan or a deposit with a business that takes cards.
      ...(s.saveCard.value && offersCardSaving() ? { saveCard: true } : {}),
      // The customer's own hold on this time: theirs to book (docs/decisions/035).
      ...(s.held.value && holdToken ? { holdToken } : {}),
      // The photos attached, for a service that asks for them (docs/decisions/053).
      ...(service()?.photoRequest && s.photos.value.length > 0
        ? { photoTokens: s.photos.value.map((p) => p.token) }
        : {}),
    };
    const chosen = plan();
    if (chosen) body.frequency = chosen.frequency;
    // The price shown is the price booked: the server refuses PRICE_CHANGED when it is no longer (docs/decisions/055).
    const shown = total();
    if (shown !== undefined) body.shownTotal = shown;
    const json = JSON.stringify(body);
    if (submission?.body !== json) submission = { body: json, key: uuid() };
    s.busy.value = true;
    let leaving = false;
    try {
      const booked = await client.customer.book({ body, headers: { 'idempotency-key': submission.key } });
      // Booked once answered, awaiting_payment too: the funnel sends at once, before any leave for Stripe.
      funnel.step('booked');
      if (booked.status === 'awaiting_payment') {
        // The deposit is paid on Stripe's page, never in the widget (docs/decisions/021); Stripe
        // sends the customer back to the business's booking page, which shows the booking. Until
        // the page is given, a retry keeps the key: the server answers the same held booking.
        // Refused for good (the server released the hold), the next try books afresh.
        const { url } = await client.customer.checkout({ body: { bookingId: booked.bookingId } }).catch((err) => {
          if (err instanceof ApiError && err.fromServer) submission = null;
          throw err;
        });
        submission = null;
        s.held.value = null;
        options.onBooked?.(booked);
        // Busy until the page is gone, so no second click books again.
        leaving = true;
        leave(url);
        return;
      }
      submission = null;
      if (booked.cardSetup) {
        // No deposit, and the customer asked to keep their card: Stripe's page saves it (nothing is
        // charged) and sends them back to the booking page. The booking stands either way: if the
        // page cannot be had, the done step shows as usual.
        const page = await client.customer.checkout({ body: { bookingId: booked.bookingId } }).catch(() => null);
        if (page) {
          s.held.value = null;
          options.onBooked?.(booked);
          leaving = true;
          leave(page.url);
          return;
        }
      }
      batch(() => {
        s.booked.value = booked;
        // The booking ended the hold.
        s.held.value = null;
        go('done');
      });
      options.onBooked?.(booked);
    } catch (err) {
      if (err instanceof ApiError && PICK_ANOTHER_TIME.includes(err.code)) {
        // Someone took the slot first (the hold lapsed, or there was none): back to the times.
        s.held.value = null;
        await timeGone(err.message);
      } else if (err instanceof ApiError && err.code === 'QUESTIONS_CHANGED') {
        submission = null;
        await questionsChanged();
      } else if (err instanceof ApiError && err.code === 'PRICE_CHANGED') {
        // The crew's day changed: the time's new price is read and shown, and the customer confirms again.
        await loadSlots(true);
        if (s.time.value) fail(err.message);
        else await timeGone(err.message);
      } else {
        fail(messageOf(err));
      }
    } finally {
      if (!leaving) s.busy.value = false;
    }
  }

  const actions = {
    load,
    loadSlots,
    showMonth,
    viewer,
    /** The clock the widget writes times on: the customer's locale's, else the business's choice. */
    clock: (): TimeFormat | undefined => viewer.timeFormat ?? s.business.value?.timeFormat,
    steps,
    questions,
    addOns,
    extraMinutes,
    service,
    plan,
    savingAt,
    total,
    offersCardSaving,
    open(mode: Mode) {
      batch(() => {
        if (s.step.value === 'done' && mode === 'book') {
          // A new booking after a finished one keeps who the customer is, not what they booked.
          s.step.value = 'service';
          s.booked.value = null;
          s.time.value = '';
          s.quote.value = null;
          s.frequency.value = '';
        }
        s.error.value = '';
        s.mode.value = mode;
      });
      if (!s.business.value) load().catch(() => {});
      else if (mode === 'book') funnel.step('opened');
    },
    close() {
      s.mode.value = null;
    },
    /**
     * Back, the one way: the in-widget Back button and the browser's Back (history.ts) both come
     * here, to the step before or, when the browser jumped several entries, to `to`. Nothing typed
     * is cleared. This is the one place a step is left backwards: what the step being left holds
     * on the server (a slot hold taken on the time step) is to be let go here.
     */
    back(to?: Step) {
      if (s.step.value === 'done') return;
      const list = steps();
      const i = list.indexOf(s.step.value);
      // Back from the details (to the times or further): the held time is let go.
      if (s.step.value === 'details') releaseHold();
      // A `to` no longer before this step (the service chosen since has no questions): the step before.
      const k = to === undefined ? -1 : list.indexOf(to);
      const j = k >= 0 && k < i ? k : i - 1;
      if (j >= 0) go(list[j] as Step);
    },
    /**
     * The browser's Forward after a Back: re-enters `to`, the next step, when what it shows is at
     * hand (answers kept) and nothing must be asked of the server first; false otherwise (a changed
     * address needs a new quote, and only the Confirm button books), so history.ts undoes the Forward.
     */
    forward(to: Step): boolean {
      const list = steps();
      if (s.busy.value || list[list.indexOf(s.step.value) + 1] !== to) return false;
      const ready: Partial<Record<Step, boolean>> = {
        question: Boolean(service()),
        address: Boolean(service()) && questions().every((q) => !answerProblem(q)),
        quote: Boolean(s.quote.value) && quotedFor === JSON.stringify(quoteRequest()),
        slot: Boolean(s.quote.value),
        details: Boolean(s.time.value),
      };
      if (!ready[to]) return false;
      go(to);
      if (to === 'slot') void openCalendar();
      if (to === 'details') void loadPlanDates();
      return true;
    },
    async next(): Promise<void> {
      if (s.busy.value) return;
      const list = steps();
      const after = () => list[list.indexOf(s.step.value) + 1] as Step;
      s.error.value = '';
      switch (s.step.value) {
        case 'service':
          if (!service()) return fail(MESSAGES.chooseService);
          return go(after());
        case 'question': {
          for (const q of questions()) {
            const problem = answerProblem(q);
            if (problem) {
              s.invalidQuestion.value = q._id;
              return fail(problem);
            }
          }
          s.invalidQuestion.value = '';
          return go(after());
        }
        case 'address':
          if (!s.place.value) return fail(MESSAGES.address);
          return getQuote();
        case 'quote':
          go('slot');
          return openCalendar();
        case 'slot':
          if (!isIsoDate(s.date.value)) return fail(MESSAGES.chooseDate);
          if (s.date.value < today()) return fail(MESSAGES.pastDate);
          if (!s.time.value) return fail(MESSAGES.chooseSlot);
          return holdTime();
        case 'details':
          if (!validateDetails()) return;
          return book();
        default:
          return;
      }
    },
    /** How often, on the quote step: '' for just once. Kept while the customer goes back and forth. */
    chooseFrequency(frequency: PlanFrequency | '') {
      s.frequency.value = frequency;
    },
    /** An answer typed or chosen: an option's text, a quantity as typed, 'yes' or 'no' ('' clears it). */
    answer(questionId: string, value: string) {
      batch(() => {
        s.answers.value = { ...s.answers.value, [questionId]: value };
        s.error.value = '';
        s.invalidQuestion.value = '';
      });
    },
    toggleAddOn(id: string) {
      const on = s.ticked.value.includes(id);
      s.ticked.value = on ? s.ticked.value.filter((x) => x !== id) : [...s.ticked.value, id];
    },
    chooseService(id: string) {
      batch(() => {
        s.serviceId.value = id;
        s.error.value = '';
      });
    },
    setDate(date: string) {
      batch(() => {
        s.date.value = date;
        s.error.value = '';
        s.waitDay.value = '';
        s.waitOpen.value = false;
        s.waitJoined.value = '';
      });
      return loadSlots();
    },
    chooseTime(time: string) {
      batch(() => {
        s.time.value = time;
        s.error.value = '';
      });
      funnel.step('slot');
    },
    /** A full day (date alone) or a taken time tapped: demand turned away, for the owner's insights. */
    tapFull(date: string, time?: string) {
      funnel.full(date, time);
      if (!time && date !== s.waitDay.value)
        batch(() => {
          s.waitDay.value = date;
          s.waitOpen.value = false;
          s.waitJoined.value = '';
        });
    },
    /** Joins the day's waiting list with the quote's request and the details typed (docs/decisions/056). */
    async joinWaitlist(date: string) {
      const errors: Partial<Record<DetailField, string>> = {};
      if (!s.firstName.value.trim()) errors.firstName = MESSAGES.firstName;
      if (!s.lastName.value.trim()) errors.lastName = MESSAGES.lastName;
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.email.value.trim())) errors.email = MESSAGES.emailFormat;
      s.fieldErrors.value = errors;
      if (Object.keys(errors).length > 0) return;
      const phone = s.phone.value.trim();
      const code = COUNTRY_CODES[Number(s.country.value)]?.code ?? DEFAULT_COUNTRY_CODE;
      s.busy.value = true;
      try {
        const { message } = await client.customer.joinWaitlist({
          body: {
            ...quoteRequest(),
            date,
            firstName: s.firstName.value.trim(),
            lastName: s.lastName.value.trim(),
            customerEmail: s.email.value.trim(),
            ...(phone ? { phoneNumber: `${code} ${phone}`, textConsent: s.textConsent.value } : {}),
          },
        });
        s.waitJoined.value = message;
      } catch (err) {
        fail(messageOf(err));
      } finally {
        s.busy.value = false;
      }
    },
    /** Typing in the address box: a new text un-chooses the suggestion and searches from 3 characters. */
    setSearch(text: string) {
      batch(() => {
        s.search.value = text;
        if (text !== s.place.value) s.place.value = '';
      });
      clearTimeout(searchTimer);
      const seq = ++searchSeq;
      if (text.trim().length < ADDRESS_SEARCH_MIN_CHARS || text === s.place.value) {
        setSuggestions([]);
        return;
      }
      searchTimer = setTimeout(() => {
        client.places.search({ query: { input: text.trim(), businessId } }).then(
          (list) => {
            if (seq === searchSeq) setSuggestions(list);
          },
          () => {
            if (seq === searchSeq) setSuggestions([]);
          },
        );
      }, searchDelay);
    },
    choosePlace(p: PlaceSuggestion) {
      searchSeq++;
      clearTimeout(searchTimer);
      batch(() => {
        s.place.value = p.description;
        s.search.value = p.description;
        setSuggestions([]);
        s.error.value = '';
      });
    },
    /** Moves the arrow-key pointer through the suggestions, wrapping at both ends. */
    movePlace(step: 1 | -1) {
      const n = s.suggestions.value.length;
      if (n > 0) s.activePlace.value = (s.activePlace.value + step + n) % n;
    },
    clearSuggestions() {
      searchSeq++;
      setSuggestions([]);
    },
    /** Sends a photo the customer chose for the request, shrunk first (docs/decisions/053). */
    async attachPhoto(file: File) {
      const business = s.business.value;
      if (!business || s.photoBusy.value) return;
      batch(() => {
        s.photoBusy.value = true;
        s.photoError.value = '';
      });
      try {
        const shrunk = await shrinkPhoto(file);
        const sent = await client.customer.uploadRequestPhoto({
          params: { businessId: business.businessId },
          body: shrunk,
        });
        batch(() => {
          s.photos.value = [
            ...s.photos.value,
            { token: sent.photoToken, preview: URL.createObjectURL(shrunk), name: file.name },
          ];
          const { photos: _done, ...rest } = s.fieldErrors.value;
          s.fieldErrors.value = rest;
        });
      } catch (err) {
        s.photoError.value = messageOf(err);
      } finally {
        s.photoBusy.value = false;
      }
    },
    /** Takes a photo off the request (the server deletes it unclaimed within the hour). */
    detachPhoto(token: string) {
      const gone = s.photos.value.find((p) => p.token === token);
      if (gone) URL.revokeObjectURL(gone.preview);
      s.photos.value = s.photos.value.filter((p) => p.token !== token);
    },
  };

  return { ...s, ...actions };
}

export type Store = ReturnType<typeof createStore>;
