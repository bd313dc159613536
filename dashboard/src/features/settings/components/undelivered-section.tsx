/**
 * Settings > Notifications, Not delivered (docs/decisions/032): the mails and texts about bookings
 * that were given up in the last days (past their expiry, out of attempts, or refused), newest
 * first, each with its booking, why, and Send again when it still means something.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { UndeliveredMessage } from '@slotwise/shared/api';
import { useState } from 'react';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { UndeliveredItem } from '../../../components/undelivered-notices.tsx';
import { formatDay, formatTime } from '../../../lib/format.ts';
import { useSharedResource } from '../../../lib/resource.ts';
import { undeliveredMessages } from '../../../lib/undelivered.ts';

/** "Full Detail for Dana Lovelace, Wed, Dec 2, 2026 at 10:00 AM". */
function bookingLine(m: UndeliveredMessage): string {
  const b = m.booking;
  return `${b.serviceName} for ${`${b.firstName} ${b.lastName}`.trim()}, ${formatDay(b.day)} at ${formatTime(b.startTime)}`;
}

export function UndeliveredSection({ headingId }: { headingId: string }) {
  useSignals();
  const list = useSharedResource(undeliveredMessages);
  const [sent, setSent] = useState<UndeliveredMessage[]>([]);
  const data = list.data.value;
  return (
    <section className="notif-undelivered" aria-labelledby={headingId}>
      <h3 id={headingId} className="notif-subhead">
        Not delivered
      </h3>
      {list.error.value ? (
        <LoadFailed message={list.error.value} onRetry={() => void list.refresh()} />
      ) : !data ? (
        <Skeleton shape="list" rows={2} />
      ) : (
        <>
          <p className="hint">
            {data.messages.length === 0
              ? `Every mail and text of the last ${data.days} days was delivered.`
              : `Mails and texts of the last ${data.days} days that could not be delivered. Send again tries once more, now.`}
          </p>
          {data.messages.map((m) => (
            <UndeliveredItem
              key={m._id}
              message={m}
              context={bookingLine(m)}
              onSent={(done) => setSent((s) => [...s, done])}
            />
          ))}
          {sent.map((m) => (
            <Notice key={m._id} kind="success">{`The ${m.what} was queued again for ${m.to}.`}</Notice>
          ))}
        </>
      )}
    </section>
  );
}
