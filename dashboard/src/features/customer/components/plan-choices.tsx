/**
 * The cancel page's choices for a plan's visit (issue 24): skip this visit (the plan goes on),
 * cancel the whole plan, or keep the visit. Each of the first two asks for confirmation in a
 * dialog; a refusal is said inside it, which stays open with the customer's choice.
 */
import type { ManagedBooking } from '@slotwise/shared/api';
import { longDate } from '@slotwise/shared/time-zone';
import { type ReactNode, useId, useState } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { client } from '../../../lib/api.ts';
import { capitalised, nextVisitText, type Plan } from './plan-visit.tsx';

export type PlanChoice = 'skip' | 'plan';

export const KEPT_INSIDE_CUT_OFF = 'Any visit too close to change online stays booked.';

/**
 * `errorText` turns a refusal into the page's sentence (the server's when it sent one);
 * `refundNote` is what cancelling this visit gives back of a deposit, said before confirming.
 */
export function PlanChoices({
  booking,
  plan,
  token,
  errorText,
  refundNote,
  onDone,
}: {
  booking: ManagedBooking;
  plan: Plan;
  token: string;
  errorText: (err: unknown) => string;
  refundNote: ReactNode;
  onDone: (choice: PlanChoice) => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState<PlanChoice | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const next = nextVisitText(booking);
  const business = booking.businessName || 'the business';

  function open(which: PlanChoice) {
    setError(null);
    setChoice(which);
  }
  function close() {
    // Once asked, the answer decides what the page shows: the dialog stays until then.
    if (submitting) return;
    setError(null);
    setChoice(null);
  }
  async function confirm(which: PlanChoice) {
    setSubmitting(true);
    setError(null);
    try {
      if (which === 'skip') await client.customer.skipVisit({ query: { token } });
      else await client.customer.cancelPlan({ query: { token } });
      onDone(which);
    } catch (err) {
      // The dialog stays open on the same choice, to try again or go back.
      setError(errorText(err));
      setSubmitting(false);
    }
  }

  return (
    <>
      <h2 className="customer-choices__title">What would you like to do?</h2>
      <ul className="customer-choices">
        <li>
          <button
            type="button"
            className="btn btn--primary btn--block"
            aria-describedby={`${id}-skip`}
            onClick={() => open('skip')}
          >
            Skip this visit
          </button>
          <p id={`${id}-skip`} className="hint">
            Only this visit is called off; your plan goes on{next ? `, with the visit after it on ${next}` : ''}.
          </p>
        </li>
        <li>
          <button
            type="button"
            className="btn btn--danger btn--block"
            aria-describedby={`${id}-plan`}
            onClick={() => open('plan')}
          >
            Cancel the whole plan
          </button>
          <p id={`${id}-plan`} className="hint">
            This visit and the plan's coming visits are cancelled. {KEPT_INSIDE_CUT_OFF}
          </p>
        </li>
        <li>
          <a className="btn btn--block" href={booking.bookingPageUrl ?? '/'} aria-describedby={`${id}-keep`}>
            Keep this visit
          </a>
          <p id={`${id}-keep`} className="hint">
            Nothing changes.
          </p>
        </li>
      </ul>
      {choice && (
        <Modal
          title={choice === 'skip' ? 'Skip this visit?' : 'Cancel the whole plan?'}
          description={
            choice === 'skip'
              ? `Your visit on ${longDate(booking.bookingTime.day)} will not take place. ${capitalised(plan.name)} goes on${next ? `: the visit after it is on ${next}` : ''}.`
              : `This visit and all the coming visits of ${plan.name} are cancelled. ${KEPT_INSIDE_CUT_OFF} To call one off, contact ${business}. This cannot be undone.`
          }
          onClose={close}
        >
          {choice === 'plan' && refundNote}
          {error && <Notice kind="error">{error}</Notice>}
          <div className="customer-actions customer-dialog-actions">
            <button type="button" className="btn" disabled={submitting} onClick={close}>
              Back
            </button>
            <button
              type="button"
              className={choice === 'skip' ? 'btn btn--primary' : 'btn btn--danger'}
              disabled={submitting}
              onClick={() => void confirm(choice)}
            >
              {submitting
                ? choice === 'skip'
                  ? 'Skipping...'
                  : 'Cancelling...'
                : choice === 'skip'
                  ? 'Yes, skip this visit'
                  : 'Yes, cancel the whole plan'}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
