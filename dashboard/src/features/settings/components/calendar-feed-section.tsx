import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, useState } from 'react';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { copyText } from '../../../lib/copy-text.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import { useFlash } from '../../../lib/use-flash.ts';

const FEED_COPIED = 'Calendar link copied to clipboard!';
const FEED_COPY_FAILED = 'Could not copy the calendar link. Select it in the box and copy it by hand.';
const FEED_LOAD_FAILED = 'Failed to load your calendar link.';
const FEED_REVOKE_CONFIRM =
  'Revoke this calendar link? Calendars subscribed to it stop updating; you will get a new link to subscribe to.';
const FEED_REVOKED = 'Calendar link revoked. Subscribe with the new link below.';
const FEED_REVOKE_FAILED = 'Failed to revoke the calendar link. Please try again.';

export function CalendarFeedSection() {
  useSignals();
  const id = useId();
  const feed = useResource(
    () => client.dashboard.calendarFeed(),
    () => FEED_LOAD_FAILED,
  );
  const flash = useFlash();
  const field = useRef<HTMLInputElement>(null);
  const [revoking, setRevoking] = useState(false);
  const url = feed.data.value?.url;

  async function copy() {
    if (!url) return;
    const ok = await copyText(url, field.current);
    showToast(ok ? FEED_COPIED : FEED_COPY_FAILED, ok ? 'success' : 'error');
  }

  async function revoke() {
    if (!window.confirm(FEED_REVOKE_CONFIRM)) return;
    setRevoking(true);
    try {
      feed.set(await client.dashboard.revokeCalendarFeed());
      flash.show({ kind: 'success', text: FEED_REVOKED });
    } catch (err) {
      flash.show({ kind: 'error', text: FEED_REVOKE_FAILED, detail: serverDetail(err) });
    } finally {
      setRevoking(false);
    }
  }

  return (
    <section className="card section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Calendar Feed</h2>
      <p className="section-intro">
        Subscribe to this private link by URL in Google, Apple or Outlook Calendar to see your pending and approved
        bookings and blocked times there.
      </p>
      <FlashMessage message={flash.message} />
      {feed.error.value ? (
        <LoadFailed message={feed.error.value} onRetry={() => void feed.refresh()} />
      ) : !url ? (
        <Skeleton shape="form" rows={1} />
      ) : (
        <>
          <label className="field-label" htmlFor={`${id}-url`}>
            Private calendar link
          </label>
          <input
            ref={field}
            id={`${id}-url`}
            className="input feed-url"
            type="text"
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className="hint feed-hint">
            Anyone with this link can read your schedule. If it was shared by mistake, revoke it.
          </p>
          <div className="row section-actions">
            <button type="button" className="btn btn--primary" onClick={copy}>
              Copy Link
            </button>
            <button type="button" className="btn btn--danger" disabled={revoking} onClick={revoke}>
              {revoking ? 'Revoking...' : 'Revoke Link'}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
