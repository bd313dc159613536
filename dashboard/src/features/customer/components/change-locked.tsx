import type { ManagedBooking } from '@slotwise/shared/api';

type Lock = NonNullable<ManagedBooking['changeLocked']>;

/**
 * Shown instead of the reschedule and cancel actions once the business's change
 * cut-off has passed: why the link no longer changes the booking, and how to reach
 * the business instead (issue 8, item 6).
 */
export function ChangeLocked({ lock }: { lock: Lock }) {
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
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
          </>
        )}
        {phone && (
          <>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
