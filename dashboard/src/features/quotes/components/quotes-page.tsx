/**
 * /dashboard/quotes (docs/product.md#quotes-you-send; docs/decisions/039): the quotes the owner sent
 * to leads who called or texted, newest first, each with its state (sent, viewed, booked, declined,
 * expired), and New quote. A lazy page (app/router.tsx), reached from the Bookings page.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { OwnerQuote } from '@slotwise/shared/api';
import { useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { businessProfile } from '../../../lib/business.ts';
import { serverDetail, serverErrorOr } from '../../../lib/errors.ts';
import { useResource, useSharedResource } from '../../../lib/resource.ts';
import '../../../components/booking-card.css';
import '../quotes.css';
import { ClientPicker } from './client-picker.tsx';
import { type ContactDraft, NewQuoteForm } from './new-quote-form.tsx';
import { QuoteCard } from './quote-card.tsx';

const LOAD_FAILED = 'We could not load your quotes. Please try again.';
const EMPTY_CONTACT: ContactDraft = { firstName: '', lastName: '', email: '', phone: '' };

export function QuotesPage() {
  useSignals();
  const quotes = useResource(
    () => client.dashboard.ownerQuotes().then((r) => r.quotes),
    (err) => serverErrorOr(err, LOAD_FAILED),
  );
  const catalogue = useResource(
    () => Promise.all([client.dashboard.services(), client.dashboard.quoteQuestions()]),
    (err) => serverErrorOr(err, 'We could not load your services. Please try again.'),
  );
  const profile = useSharedResource(businessProfile).data.value;
  const timeZone = profile?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [making, setMaking] = useState(false);
  const [contact, setContact] = useState<ContactDraft>(EMPTY_CONTACT);
  const [failure, setFailure] = useState<{ text: string; err: unknown } | null>(null);

  const list = quotes.data.value;
  const replace = (q: OwnerQuote) =>
    quotes.set(
      [q, ...(list ?? []).filter((x) => x._id !== q._id)].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    );

  const loaded = catalogue.data.value;
  return (
    <section className="quotes-page">
      <div className="page-head">
        <div>
          <h1>Quotes</h1>
          <p className="muted">
            Price a job for someone who called or texted, and send it: they book a free time at your price, or decline.
          </p>
        </div>
        {!making && (
          <button type="button" className="btn btn--primary" onClick={() => setMaking(true)}>
            New quote
          </button>
        )}
      </div>
      <p>
        <Link to="/dashboard/bookings">Back to bookings</Link>
      </p>
      {failure && (
        <Notice kind="error" detail={serverDetail(failure.err)}>
          {failure.text}
        </Notice>
      )}
      {making &&
        (loaded ? (
          loaded[0].services.length === 0 ? (
            <Notice kind="warning">
              Add a service first (<Link to="/dashboard/services">Services</Link>): a quote prices one of them.
            </Notice>
          ) : (
            <NewQuoteForm
              services={loaded[0].services}
              questions={loaded[1].questions}
              contact={contact}
              onContact={setContact}
              clientPicker={
                <ClientPicker
                  chosen={contact.clientId ? `${contact.firstName} ${contact.lastName}`.trim() : null}
                  onPick={(c) =>
                    setContact(
                      c
                        ? {
                            clientId: c._id,
                            address: c.address,
                            firstName: c.firstName,
                            lastName: c.lastName,
                            email: c.email,
                            phone: c.phone,
                          }
                        : EMPTY_CONTACT,
                    )
                  }
                />
              }
              onCancel={() => setMaking(false)}
              onDone={(q, sent) => {
                replace(q);
                if (!sent) return;
                setMaking(false);
                setContact(EMPTY_CONTACT);
                showToast(`Quote sent to ${q.firstName}.`);
              }}
            />
          )
        ) : catalogue.error.value ? (
          <Notice kind="error">{catalogue.error.value}</Notice>
        ) : (
          <Skeleton shape="form" rows={6} />
        ))}
      <h2 className="visually-hidden">Your quotes</h2>
      {list === undefined ? (
        quotes.error.value ? (
          <div className="stack">
            <Notice kind="error">{quotes.error.value}</Notice>
            <div>
              <button type="button" className="btn" onClick={() => void quotes.refresh()}>
                Try again
              </button>
            </div>
          </div>
        ) : (
          <Skeleton shape="list" rows={3} />
        )
      ) : list.length === 0 ? (
        <p className="muted">No quotes yet. New quote prices a job and sends it by mail or text.</p>
      ) : (
        <div className="quote-list">
          {list.map((q) => (
            <QuoteCard
              key={q._id}
              quote={q}
              timeZone={timeZone}
              onChange={replace}
              onFailure={(text, err) => setFailure({ text, err })}
            />
          ))}
        </div>
      )}
    </section>
  );
}
