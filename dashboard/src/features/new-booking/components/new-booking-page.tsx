/**
 * New booking (docs/product.md#bookings-you-enter): the owner books a customer who phoned, from
 * the calendar's empty slot, a client's page or My Dashboard (/dashboard/bookings/new?client=&date=&time=).
 * The client, the service with its answers and add-ons, the address, the day and time; the engine's
 * live price (ownerBookingPrice), which the owner may change with a reason; a time outside the hours is
 * warned about and needs a tick; the customer is e-mailed or texted only when the owner ticks it.
 * The server checks everything again and approves it at once (ownerBook).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { OwnerBookResponse, OwnerQuoteResponse, PlaceSuggestion } from '@slotwise/shared/api';
import { ApiError } from '@slotwise/shared/client';
import { formatUsd } from '@slotwise/shared/money';
import { questionsFor } from '@slotwise/shared/quote';
import { todayIn } from '@slotwise/shared/time-zone';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AddressSearch } from '../../../components/address-search.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { businessProfile } from '../../../lib/business.ts';
import { crewsResource, namesCrews } from '../../../lib/crews.ts';
import { serverErrorOr } from '../../../lib/errors.ts';
import { formatDay, formatTime } from '../../../lib/format.ts';
import { useResource, useSharedResource } from '../../../lib/resource.ts';
import { answersOf, type PriceChange, prefillOf, priceToSend, type RawAnswer } from '../booking-draft.ts';
import { type ClientChoice, ClientPicker } from './client-picker.tsx';
import { JobAnswers } from './job-answers.tsx';
import '../new-booking.css';

const QUOTE_DEBOUNCE_MS = 300;

export function NewBookingPage() {
  useSignals();
  const [search] = useSearchParams();
  const prefill = useMemo(() => prefillOf(search), [search]);
  const profile = useSharedResource(businessProfile);
  const crews = useSharedResource(crewsResource);
  const catalogue = useResource(
    async () => {
      const [services, questions] = await Promise.all([client.dashboard.services(), client.dashboard.quoteQuestions()]);
      return { services: services.services, questions: questions.questions };
    },
    (err) => serverErrorOr(err, 'Failed to load your services.'),
  );
  const timeZone = profile.data.value?.timeZone;
  const data = catalogue.data.value;
  const crewList = crews.data.value?.crews;
  // A key per booking: a retried Save never books twice; a new one after each booking.
  const key = useRef(crypto.randomUUID());
  const id = useId();

  const [who, setWho] = useState<ClientChoice>(null);
  const [serviceId, setServiceId] = useState('');
  const [answers, setAnswers] = useState<Record<string, RawAnswer>>({});
  const [addOns, setAddOns] = useState<string[]>([]);
  const [address, setAddress] = useState<PlaceSuggestion | null>(null);
  const [date, setDate] = useState(prefill.date ?? '');
  const [time, setTime] = useState(prefill.time ?? '');
  const [crewId, setCrewId] = useState('');
  const [change, setChange] = useState<PriceChange | null>(null);
  const [outsideConfirmed, setOutsideConfirmed] = useState(false);
  const [mail, setMail] = useState(true);
  const [text, setText] = useState(false);
  const [quote, setQuote] = useState<OwnerQuoteResponse | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<OwnerBookResponse | null>(null);

  // The first service is chosen for the owner; today, when opened without a day.
  useEffect(() => {
    if (!serviceId && data?.services[0]) setServiceId(data.services[0]._id);
  }, [data, serviceId]);
  useEffect(() => {
    if (!date && timeZone) setDate(todayIn(timeZone, Date.now()));
  }, [date, timeZone]);
  // Opened from a client's page: that client, at their latest address.
  useEffect(() => {
    if (!prefill.clientId) return;
    let stale = false;
    client.dashboard
      .client({ params: { id: prefill.clientId } })
      .then((c) => {
        if (stale) return;
        setWho({ kind: 'existing', client: c });
        if (c.address) setAddress({ description: c.address, placeId: '' });
      })
      .catch(() => {});
    return () => {
      stale = true;
    };
  }, [prefill.clientId]);

  const service = data?.services.find((s) => s._id === serviceId);
  const questions = useMemo(
    () => (data && serviceId ? questionsFor(data.questions, serviceId) : []),
    [data, serviceId],
  );
  const sentAnswers = useMemo(() => answersOf(questions, answers), [questions, answers]);
  const contact =
    who?.kind === 'existing'
      ? { email: who.client.email, phone: who.client.phone }
      : who?.kind === 'new'
        ? { email: who.contact.email.trim(), phone: who.contact.phone.trim() }
        : { email: '', phone: '' };

  // The engine's price, again whenever what it depends on changes.
  const timeReady = /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}$/.test(time);
  useEffect(() => {
    if (!serviceId || !address) {
      setQuote(null);
      return;
    }
    let stale = false;
    const timer = setTimeout(async () => {
      try {
        const answer = await client.dashboard.ownerBookingPrice({
          body: {
            serviceId,
            answers: sentAnswers,
            addOns,
            address: address.description,
            ...(timeReady ? { date, time } : {}),
            ...(crewId ? { crewId } : {}),
          },
        });
        if (stale) return;
        setQuote(answer);
        setQuoteError(null);
      } catch (err) {
        if (stale) return;
        setQuote(null);
        setQuoteError(serverErrorOr(err, 'The price could not be worked out. Please try again.'));
      }
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [serviceId, sentAnswers, addOns, address, date, time, timeReady, crewId]);

  function chooseService(next: string) {
    setServiceId(next);
    setAnswers({});
    setAddOns([]);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const fail = (text: string) => {
      setProblem(text);
      return;
    };
    if (!who) return fail('Choose a client, or enter a new one.');
    if (who.kind === 'new') {
      if (!who.contact.firstName.trim() || !who.contact.lastName.trim())
        return fail("Enter the new client's first and last name.");
      if (!contact.email && !contact.phone) return fail('Enter a phone number or an e-mail for the new client.');
    }
    if (!serviceId) return fail('Choose a service.');
    if (!address) return fail('Choose the address from the suggestions.');
    if (!timeReady) return fail('Choose a day and a time.');
    if (quote?.outsideHours && !outsideConfirmed)
      return fail('This time is outside your hours: tick "Book it outside my hours" to book it anyway.');
    const price = priceToSend(quote?.totalQuote ?? null, change);
    if (price.problem) return fail(price.problem);
    setProblem(null);
    setSaving(true);
    try {
      const booked = await client.dashboard.ownerBook({
        headers: { 'idempotency-key': key.current },
        body: {
          serviceId,
          answers: sentAnswers,
          addOns,
          address: address.description,
          date,
          time,
          ...(crewId ? { crewId } : {}),
          ...(who.kind === 'existing'
            ? { clientId: who.client._id }
            : {
                newClient: {
                  firstName: who.contact.firstName.trim(),
                  lastName: who.contact.lastName.trim(),
                  ...(contact.email ? { email: contact.email } : {}),
                  ...(contact.phone ? { phone: contact.phone } : {}),
                },
              }),
          ...(price.price ? { price: price.price } : {}),
          ...(outsideConfirmed ? { allowOutsideHours: true } : {}),
          notify: { mail: mail && !!contact.email, text: text && !!contact.phone && !!quote?.canText },
        },
      });
      key.current = crypto.randomUUID();
      setDone(booked);
    } catch (err) {
      // The hours were checked again on the server (saved since the price was shown): ask for the tick.
      if (err instanceof ApiError && err.code === 'OUTSIDE_HOURS_UNCONFIRMED') setOutsideConfirmed(false);
      setProblem(serverErrorOr(err, 'The booking could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  }

  if (done) {
    const b = done.booking;
    return (
      <section className="new-booking">
        <div className="page-head">
          <h1>New booking</h1>
        </div>
        <div className="card stack nb-done">
          <Notice kind="success">
            Booked: {b.firstName} {b.lastName}, {b.serviceName}, {formatDay(b.bookingTime.day)} at{' '}
            {formatTime(b.bookingTime.startTime)}, {formatUsd(b.totalQuote)}.
          </Notice>
          <p className="muted">
            {done.sent.mail && done.sent.text
              ? 'The customer was e-mailed and texted the confirmation.'
              : done.sent.mail
                ? 'The customer was e-mailed the confirmation.'
                : done.sent.text
                  ? 'The customer was texted the confirmation.'
                  : 'Nothing was sent to the customer.'}
          </p>
          <div className="row">
            <Link className="btn btn--primary" to="/dashboard/calendar">
              Open the calendar
            </Link>
            <button
              type="button"
              className="btn"
              onClick={() => {
                setDone(null);
                setWho(null);
                setChange(null);
                setOutsideConfirmed(false);
              }}
            >
              Another booking
            </button>
          </div>
        </div>
      </section>
    );
  }

  const failed = catalogue.error.value;
  return (
    <section className="new-booking">
      <div className="page-head">
        <div>
          <h1>New booking</h1>
          <p className="muted">For a customer who called or texted: approved at once, the time blocked for everyone.</p>
        </div>
      </div>
      {failed ? (
        <LoadFailed message={failed} onRetry={() => void catalogue.refresh()} />
      ) : !data ? (
        <Skeleton shape="form" rows={6} />
      ) : data.services.length === 0 ? (
        <div className="card stack">
          <p>Add a service first: a booking is for one of your services.</p>
          <div>
            <Link className="btn btn--primary" to="/dashboard/services">
              Go to Services
            </Link>
          </div>
        </div>
      ) : (
        <form className="nb-form" noValidate onSubmit={save}>
          <fieldset className="card nb-section">
            <legend className="nb-legend">Client</legend>
            <ClientPicker
              choice={who}
              onChoose={(next) => {
                setWho(next);
                if (next?.kind === 'existing' && next.client.address && !address)
                  setAddress({ description: next.client.address, placeId: '' });
              }}
            />
          </fieldset>

          <fieldset className="card nb-section">
            <legend className="nb-legend">Job</legend>
            <div className="field">
              <label htmlFor={`${id}-service`}>Service</label>
              <select
                id={`${id}-service`}
                className="input"
                value={serviceId}
                onChange={(e) => chooseService(e.currentTarget.value)}
              >
                {data.services.map((s) => (
                  <option key={s._id} value={s._id}>
                    {s.serviceName} ({formatUsd(s.price)}, {s.duration} min)
                  </option>
                ))}
              </select>
            </div>
            <JobAnswers
              questions={questions}
              addOns={service?.addOns ?? []}
              answers={answers}
              chosenAddOns={addOns}
              onAnswer={(q, a) => setAnswers((all) => ({ ...all, [q]: a }))}
              onAddOns={setAddOns}
            />
            <AddressSearch
              key={address?.placeId === '' ? address.description : 'search'}
              label="Address of the job"
              selected={address}
              onSelect={setAddress}
            />
          </fieldset>

          <fieldset className="card nb-section">
            <legend className="nb-legend">When</legend>
            <div className="nb-row">
              <div className="field">
                <label htmlFor={`${id}-date`}>Day</label>
                <input
                  id={`${id}-date`}
                  className="input"
                  type="date"
                  value={date}
                  onChange={(e) => setDate(e.currentTarget.value)}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-time`}>Start time</label>
                <input
                  id={`${id}-time`}
                  className="input"
                  type="time"
                  step={300}
                  value={time}
                  onChange={(e) => setTime(e.currentTarget.value)}
                />
              </div>
            </div>
            {namesCrews(crewList) && (
              <div className="field">
                <label htmlFor={`${id}-crew`}>Crew</label>
                <select
                  id={`${id}-crew`}
                  className="input"
                  value={crewId}
                  onChange={(e) => setCrewId(e.currentTarget.value)}
                >
                  <option value="">The free crew with the least driving</option>
                  {crewList
                    .filter((c) => c.active)
                    .map((c) => (
                      <option key={c._id} value={c._id}>
                        {c.name}
                      </option>
                    ))}
                </select>
              </div>
            )}
            {quote?.outsideHours && (
              <div className="stack">
                <Notice kind="warning">{quote.outsideHours}</Notice>
                <label className="nb-check">
                  <input
                    type="checkbox"
                    checked={outsideConfirmed}
                    onChange={(e) => setOutsideConfirmed(e.currentTarget.checked)}
                  />
                  Book it outside my hours
                </label>
              </div>
            )}
            {quote?.overlaps && (
              <Notice kind="error">{`That time overlaps ${quote.overlaps}. Pick a free time.`}</Notice>
            )}
          </fieldset>

          <fieldset className="card nb-section">
            <legend className="nb-legend">Price</legend>
            {quoteError && <Notice kind="error">{quoteError}</Notice>}
            {!quote && !quoteError && (
              <p className="muted">{address ? 'Working out the price...' : 'Choose the address to see the price.'}</p>
            )}
            {quote && (
              <div className="stack">
                <ul className="nb-lines" aria-label="Price lines">
                  {quote.lines.map((l) => (
                    <li key={l.label}>
                      <span>{l.label}</span>
                      <span>{formatUsd(l.amount)}</span>
                    </li>
                  ))}
                  <li className="nb-total">
                    <span>Total</span>
                    <span>{formatUsd(quote.totalQuote)}</span>
                  </li>
                </ul>
                <p className="muted">{`About ${quote.durationMin} minutes.`}</p>
                {quote.outsideServiceArea && <Notice kind="warning">{quote.outsideServiceArea}</Notice>}
              </div>
            )}
            {change ? (
              <div className="nb-row">
                <div className="field field--narrow">
                  <label htmlFor={`${id}-total`}>New total ($)</label>
                  <input
                    id={`${id}-total`}
                    className="input"
                    inputMode="decimal"
                    value={change.total}
                    onChange={(e) => setChange({ ...change, total: e.currentTarget.value })}
                  />
                </div>
                <div className="field">
                  <label htmlFor={`${id}-reason`}>Reason</label>
                  <input
                    id={`${id}-reason`}
                    className="input"
                    maxLength={300}
                    placeholder="Regular customer, heavy pet hair..."
                    aria-describedby={`${id}-reason-hint`}
                    value={change.reason}
                    onChange={(e) => setChange({ ...change, reason: e.currentTarget.value })}
                  />
                  <p id={`${id}-reason-hint`} className="hint">
                    Kept with the booking, as a line of its price the customer sees.
                  </p>
                </div>
              </div>
            ) : (
              <div>
                <button
                  type="button"
                  className="btn btn--small"
                  onClick={() => setChange({ total: quote ? String(quote.totalQuote) : '', reason: '' })}
                >
                  Change price
                </button>
              </div>
            )}
          </fieldset>

          <fieldset className="card nb-section">
            <legend className="nb-legend">Tell the customer</legend>
            <label className="nb-check">
              <input
                type="checkbox"
                checked={mail && !!contact.email}
                disabled={!contact.email}
                onChange={(e) => setMail(e.currentTarget.checked)}
              />
              E-mail the customer{contact.email ? '' : ' (no e-mail)'}
            </label>
            {quote?.canText === true && (
              <label className="nb-check">
                <input
                  type="checkbox"
                  checked={text && !!contact.phone}
                  disabled={!contact.phone}
                  onChange={(e) => setText(e.currentTarget.checked)}
                />
                Text the customer{contact.phone ? '' : ' (no phone)'}
              </label>
            )}
          </fieldset>

          {problem && <Notice kind="error">{problem}</Notice>}
          <div className="nb-actions">
            <Link className="btn" to="/dashboard/calendar">
              Cancel
            </Link>
            <button type="submit" className="btn btn--primary" disabled={saving}>
              {saving ? 'Saving...' : 'Save booking'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
