import { useSignals } from '@preact/signals-react/runtime';
import type { ManagedBooking } from '@slotwise/shared/api';
import { EmailText } from '../../../components/email-text.tsx';
import { formatPhone, telHref } from '../../../lib/phone.ts';

type Lock = NonNullable<ManagedBooking['changeLocked']>;

/**
 * Shown instead of the reschedule and cancel actions once the business's change
 * cut-off has passed: why the link no longer changes the booking, and how to reach
 * the business instead (issue 8, item 6).
 */
export function ChangeLocked({ lock }: { lock: Lock }) {
  // The phone is shown by a formatter that arrives in a chunk of its own (lib/phone.ts).
  useSignals();
  const { businessName, email, phone } = lock.contact;
  return (
    <section className="customer-locked" aria-label="Changes closed">
      <p role="status" className="customer-locked-reason">
        {lock.reason}
      </p>
      <p>Please contact {businessName || 'the business'} to change or cancel this booking:</p>
      <dl>
        {email && (
          <>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${email}`}>
                <EmailText email={email} />
              </a>
            </dd>
          </>
        )}
        {phone && (
          <>
            <dt>Phone</dt>
            <dd>
              <a href={telHref(phone) ?? undefined}>{formatPhone(phone)}</a>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
