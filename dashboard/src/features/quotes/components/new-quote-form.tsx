/**
 * The New quote form (docs/product.md#quotes-you-send): who it is for (name, e-mail and/or phone,
 * whether they agreed to texts), the service with its questions and add-ons and the address, priced
 * by the server's engine as the widget's quote is, and lines written by hand besides or instead;
 * how many days the price holds; then Send (by mail, text or both) or Save draft. The server prices
 * it: the form never computes a total.
 */
import type { OwnerQuote, PlaceSuggestion, QuoteChannel, QuoteQuestion, Service } from '@slotwise/shared/api';
import { QUOTE_DAYS_DEFAULT, QUOTE_DAYS_MAX } from '@slotwise/shared/api';
import { questionsFor } from '@slotwise/shared/quote';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { AddressSearch } from '../../../components/address-search.tsx';
import { Notice } from '../../../components/notice.tsx';
import { client } from '../../../lib/api.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { type AnswerDraft, answersOf, type HandLineDraft, handLinesOf } from '../quote-words.ts';

export interface ContactDraft {
  clientId?: string;
  /** The picked client's last address, to start the job's address from. */
  address?: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

const EMPTY_LINE: HandLineDraft = { label: '', amount: '' };

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

function QuestionField({
  question,
  value,
  onChange,
}: {
  question: QuoteQuestion;
  value: AnswerDraft | undefined;
  onChange: (a: AnswerDraft) => void;
}) {
  const id = useId();
  if (question.type === 'yes_no')
    return (
      <label className="quote-check">
        <input
          type="checkbox"
          checked={value !== undefined && 'yes' in value && value.yes}
          onChange={(e) => onChange({ yes: e.target.checked })}
        />{' '}
        {question.question}
      </label>
    );
  if (question.type === 'rate')
    return (
      <Field id={id} label={`${question.question}${question.unit ? ` (${question.unit})` : ''}`}>
        <input
          className="input"
          id={id}
          type="number"
          inputMode="decimal"
          min={question.minQuantity ?? 0}
          value={value && 'quantity' in value ? value.quantity : ''}
          onChange={(e) => onChange({ quantity: e.target.value })}
        />
      </Field>
    );
  return (
    <Field id={id} label={question.question}>
      <select
        className="input"
        id={id}
        value={value && 'option' in value ? value.option : ''}
        onChange={(e) => onChange({ option: e.target.value })}
      >
        <option value="">Choose...</option>
        {question.options.map((o) => (
          <option key={o.text} value={o.text}>
            {o.text}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function NewQuoteForm({
  services,
  questions,
  contact,
  onContact,
  clientPicker,
  onDone,
  onCancel,
}: {
  services: readonly Service[];
  questions: readonly QuoteQuestion[];
  contact: ContactDraft;
  onContact: (c: ContactDraft) => void;
  /** The client search above the contact fields (clients foundation), when there is one. */
  clientPicker?: ReactNode;
  onDone: (quote: OwnerQuote, sent: boolean) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [serviceId, setServiceId] = useState(services[0]?._id ?? '');
  const [answers, setAnswers] = useState<Record<string, AnswerDraft>>({});
  const [addOns, setAddOns] = useState<string[]>([]);
  const [place, setPlace] = useState<PlaceSuggestion | null>(null);
  // A picked client's last address starts the job's address (the server locates its text).
  useEffect(() => {
    if (contact.clientId && contact.address)
      setPlace({ description: contact.address, placeId: `client-${contact.clientId}` });
  }, [contact.clientId, contact.address]);
  const [handOnly, setHandOnly] = useState(false);
  const [lines, setLines] = useState<HandLineDraft[]>([]);
  const [days, setDays] = useState(String(QUOTE_DAYS_DEFAULT));
  const [textConsent, setTextConsent] = useState(false);
  const [byText, setByText] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ text: string; err: unknown } | null>(null);

  const service = services.find((s) => s._id === serviceId);
  const asked = service ? questionsFor(questions, service._id) : [];
  const set = (patch: Partial<ContactDraft>) => onContact({ ...contact, ...patch });

  async function submit(event: { preventDefault(): void }, send: boolean) {
    event.preventDefault();
    setFailure(null);
    if (!place) {
      setFailure({ text: 'Choose the job’s address from the suggestions.', err: null });
      return;
    }
    const channels: QuoteChannel[] = [
      ...(contact.email.trim() ? (['mail'] as const) : []),
      ...(byText && textConsent ? (['text'] as const) : []),
    ];
    if (send && channels.length === 0) {
      setFailure({ text: 'Give an e-mail, or a phone with their consent to texts, to send the quote.', err: null });
      return;
    }
    setBusy(true);
    let made: OwnerQuote | null = null;
    try {
      made = await client.dashboard.createOwnerQuote({
        body: {
          ...(contact.clientId ? { clientId: contact.clientId } : {}),
          firstName: contact.firstName,
          lastName: contact.lastName,
          ...(contact.email.trim() ? { email: contact.email } : {}),
          ...(contact.phone.trim() ? { phoneNumber: contact.phone } : {}),
          textConsent,
          serviceId,
          address: place.description,
          ...(handOnly ? {} : { answers: answersOf(asked, answers), addOns }),
          handLines: handLinesOf(lines),
          handOnly,
          daysValid: Number(days),
        },
      });
      if (send) made = await client.dashboard.sendOwnerQuote({ params: { id: made._id }, body: { channels } });
      onDone(made, send);
    } catch (err) {
      // Made but not sent: it waits as a draft on the list, to send from there.
      if (made) onDone(made, false);
      setFailure({
        text: made ? 'The quote was saved as a draft but could not be sent' : 'Failed to make the quote',
        err,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="card section stack new-quote"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => submit(e, true)}
    >
      <h2 id={`${id}-title`}>New quote</h2>
      {failure && (
        <Notice kind="error" detail={serverDetail(failure.err)}>
          {failure.text}
        </Notice>
      )}
      <fieldset className="stack">
        <legend className="field-label">Who it is for</legend>
        {clientPicker}
        <div className="quote-pair">
          <Field id={`${id}-first`} label="First name">
            <input
              className="input"
              id={`${id}-first`}
              autoComplete="off"
              value={contact.firstName}
              onChange={(e) => set({ firstName: e.target.value })}
            />
          </Field>
          <Field id={`${id}-last`} label="Last name">
            <input
              className="input"
              id={`${id}-last`}
              autoComplete="off"
              value={contact.lastName}
              onChange={(e) => set({ lastName: e.target.value })}
            />
          </Field>
        </div>
        <div className="quote-pair">
          <Field id={`${id}-email`} label="E-mail">
            <input
              className="input"
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              value={contact.email}
              onChange={(e) => set({ email: e.target.value })}
            />
          </Field>
          <Field id={`${id}-phone`} label="Phone">
            <input
              className="input"
              id={`${id}-phone`}
              type="tel"
              autoComplete="off"
              value={contact.phone}
              onChange={(e) => set({ phone: e.target.value })}
            />
          </Field>
        </div>
        <label className="quote-check">
          <input type="checkbox" checked={textConsent} onChange={(e) => setTextConsent(e.target.checked)} /> They agreed
          to texts
        </label>
      </fieldset>
      <fieldset className="stack">
        <legend className="field-label">The job</legend>
        <Field id={`${id}-service`} label="Service">
          <select
            className="input"
            id={`${id}-service`}
            value={serviceId}
            onChange={(e) => setServiceId(e.target.value)}
          >
            {services.map((s) => (
              <option key={s._id} value={s._id}>
                {s.serviceName}
              </option>
            ))}
          </select>
        </Field>
        <AddressSearch label="Job address" selected={place} onSelect={setPlace} />
        <label className="quote-check">
          <input type="checkbox" checked={handOnly} onChange={(e) => setHandOnly(e.target.checked)} /> Price it by hand
          only
        </label>
        {!handOnly &&
          asked.map((q) => (
            <QuestionField
              key={q._id}
              question={q}
              value={answers[q._id]}
              onChange={(a) => setAnswers({ ...answers, [q._id]: a })}
            />
          ))}
        {!handOnly &&
          (service?.addOns ?? []).map((a) => (
            <label key={a._id} className="quote-check">
              <input
                type="checkbox"
                checked={addOns.includes(a._id)}
                onChange={(e) => setAddOns(e.target.checked ? [...addOns, a._id] : addOns.filter((x) => x !== a._id))}
              />{' '}
              Add-on: {a.name}
            </label>
          ))}
      </fieldset>
      <fieldset className="stack">
        <legend className="field-label">{handOnly ? 'Lines' : 'Lines by hand (added to the price)'}</legend>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and only added at the end.
          <div className="quote-pair quote-line" key={i}>
            <Field id={`${id}-line-${i}`} label={`Line ${i + 1}`}>
              <input
                className="input"
                id={`${id}-line-${i}`}
                value={line.label}
                onChange={(e) => setLines(lines.map((l, j) => (j === i ? { ...l, label: e.target.value } : l)))}
              />
            </Field>
            <Field id={`${id}-amount-${i}`} label={`Line ${i + 1} amount ($)`}>
              <input
                className="input"
                id={`${id}-amount-${i}`}
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                value={line.amount}
                onChange={(e) => setLines(lines.map((l, j) => (j === i ? { ...l, amount: e.target.value } : l)))}
              />
            </Field>
          </div>
        ))}
        <div>
          <button type="button" className="btn btn--small" onClick={() => setLines([...lines, EMPTY_LINE])}>
            Add a line
          </button>
        </div>
      </fieldset>
      <div className="field field--narrow">
        <label htmlFor={`${id}-days`}>Price holds for (days)</label>
        <input
          className="input"
          id={`${id}-days`}
          type="number"
          min={1}
          max={QUOTE_DAYS_MAX}
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
      </div>
      <label className="quote-check">
        <input
          type="checkbox"
          checked={byText}
          disabled={!textConsent || !contact.phone.trim()}
          onChange={(e) => setByText(e.target.checked)}
        />{' '}
        Also send by text
      </label>
      <div className="row">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Sending...' : 'Send quote'}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={(e) => void submit(e, false)}>
          Save draft
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
