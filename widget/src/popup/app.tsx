/** What the shadow root shows: nothing while closed, the booking steps, or the feedback form. */

import type { PublicClient } from '@slotwise/shared/public-client';
import { FeedbackForm } from '@slotwise/ui/feedback-form.tsx';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { Dialog, Inline, Modal } from './dialog.tsx';
import { MESSAGES, type Store } from './state.ts';
import { AddressStep } from './steps/address.tsx';
import { DetailsStep } from './steps/details.tsx';
import { DoneStep } from './steps/done.tsx';
import { QuestionStep } from './steps/question.tsx';
import { QuoteStep } from './steps/quote.tsx';
import { ServiceStep } from './steps/service.tsx';
import { SlotStep } from './steps/slot.tsx';

function Booking({ store, onClose, inline }: { store: Store; onClose: () => void; inline?: boolean }) {
  const business = store.business.value;
  if (!business) {
    return store.loadError.value ? (
      <div className="sw-step">
        <p role="alert" className="sw-error">
          {store.loadError.value}
        </p>
        <div className="sw-actions">
          <button type="button" className="sw-primary" onClick={() => void store.load().catch(() => {})}>
            Try again
          </button>
        </div>
      </div>
    ) : (
      <p className="sw-muted">Loading...</p>
    );
  }
  if (business.services.length === 0) return <p className="sw-muted">{MESSAGES.noServices}</p>;
  switch (store.step.value) {
    case 'service':
      return <ServiceStep store={store} />;
    case 'question':
      return <QuestionStep store={store} />;
    case 'address':
      return <AddressStep store={store} />;
    case 'quote':
      return <QuoteStep store={store} />;
    case 'slot':
      return <SlotStep store={store} />;
    case 'details':
      return <DetailsStep store={store} />;
    case 'done':
      return <DoneStep store={store} onClose={onClose} again={inline} />;
  }
}

function Feedback({ client, onClose }: { client: PublicClient; onClose: () => void }) {
  // Failures show inside the widget: an alert() would block the owner's page.
  const [failure, setFailure] = useState('');
  return (
    <Modal onClose={onClose}>
      {failure && (
        <p role="alert" className="sw-error">
          {failure}
        </p>
      )}
      <FeedbackForm
        where="Pop-up"
        send={(body) => client.feedback.send({ body })}
        onClose={onClose}
        alert={setFailure}
      />
    </Modal>
  );
}

/** The business's colours as the stylesheet's custom properties (popup.css, .sw-brand). */
function brandVars(store: Store): CSSProperties | undefined {
  const b = store.business.value?.branding;
  if (!b) return undefined;
  return { '--sw-accent': b.accentColor, '--sw-on': b.onAccent, '--sw-ink': b.accentInk } as CSSProperties;
}

/** The owner's optional "Report a problem" link (Settings), opening the feedback form. */
function ReportProblem({ store }: { store: Store }) {
  if (!store.business.value?.branding.reportProblem) return null;
  return (
    <p className="sw-report">
      <button type="button" onClick={() => store.open('feedback')}>
        Report a problem
      </button>
    </p>
  );
}

export function App({
  store,
  client,
  onClose,
  inline,
}: {
  store: Store;
  client: PublicClient;
  onClose: () => void;
  inline?: boolean;
}) {
  const mode = store.mode.value;
  const title = store.business.value?.name ?? 'Book an appointment';
  const logo = store.business.value?.branding.logoUrl ?? null;
  let content: ReactNode = null;
  if (mode === 'feedback') content = <Feedback client={client} onClose={onClose} />;
  else if (mode === 'book' && inline)
    content = (
      <Inline title={title} logo={logo}>
        <Booking store={store} onClose={onClose} inline />
        <ReportProblem store={store} />
      </Inline>
    );
  else if (mode === 'book')
    content = (
      <Dialog title={title} logo={logo} onClose={onClose}>
        <Booking store={store} onClose={onClose} />
        <ReportProblem store={store} />
      </Dialog>
    );
  return content ? (
    <div className="sw-brand" style={brandVars(store)}>
      {content}
    </div>
  ) : null;
}
