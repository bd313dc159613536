/**
 * The hosted booking page (docs/product.md#the-booking-page): its link to copy, its QR code to
 * download for flyers and the van, and its address to change (the old one keeps working).
 * The server gives every URL; the page builds none.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { BookingPage } from '@slotwise/shared/api';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { copyText } from '../../../lib/copy-text.ts';
import { isNetworkError, serverDetail } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';

const LINK_COPIED = 'Booking link copied to clipboard!';

function AddressForm({ page, onSaved }: { page: BookingPage; onSaved: (p: BookingPage) => void }) {
  const id = useId();
  const [slug, setSlug] = useState(page.slug ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSaving(true);
    try {
      const saved = await client.dashboard.updateBookingPage({ body: { slug } });
      setSlug(saved.slug ?? '');
      onSaved(saved);
      showToast('Booking page address saved. The old address keeps working.');
    } catch (err) {
      setFailure(serverDetail(err) ?? 'Could not save the address. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="booking-address">
      <div className="field">
        <label htmlFor={`${id}-slug`}>Page address</label>
        <div className="slug-input">
          <span className="muted" aria-hidden="true">
            /book/
          </span>
          <input
            id={`${id}-slug`}
            className="input"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={40}
            aria-describedby={`${id}-hint${failure ? ` ${id}-error` : ''}`}
            aria-invalid={failure ? true : undefined}
            value={slug}
            onChange={(e) => setSlug(e.currentTarget.value)}
          />
        </div>
        <p id={`${id}-hint`} className="hint">
          Lowercase letters, numbers and hyphens. Links you already shared keep working.
        </p>
        {failure && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {failure}
          </p>
        )}
      </div>
      <div className="row section-actions">
        <button type="submit" className="btn" disabled={saving || slug === page.slug}>
          {saving ? 'Saving...' : 'Save Address'}
        </button>
      </div>
    </form>
  );
}

export function BookingPageSection() {
  useSignals();
  const resource = useResource(
    () => client.dashboard.bookingPage(),
    (err) => (isNetworkError(err) ? (err as Error).message : 'Failed to fetch the booking page'),
  );
  const field = useRef<HTMLInputElement>(null);
  const page = resource.data.value;

  async function copy() {
    if (!page?.url) return;
    const ok = await copyText(page.url, field.current);
    showToast(
      ok ? LINK_COPIED : 'Could not copy the link. Select it in the box and copy it by hand.',
      ok ? 'success' : 'error',
    );
    // Ticks "Share your booking link" on the first-day checklist; a failed note only leaves it unticked.
    if (ok) client.dashboard.checklistLinkShared().catch(() => {});
  }

  return (
    <section id="booking-page" className="card section" aria-labelledby="booking-page-heading">
      <h2 id="booking-page-heading">Booking Page</h2>
      <p className="section-intro">
        No website needed: share this link on Instagram, your Google profile or in a text, or print the QR code on
        flyers and the van. Customers see your services, prices and hours, and book there.
      </p>
      {resource.error.value ? (
        <Notice kind="error">{resource.error.value}</Notice>
      ) : !page ? (
        <Skeleton shape="form" rows={2} />
      ) : !page.url ? (
        <p className="muted">Your booking page appears once your business has a name (onboarding, step 1).</p>
      ) : (
        <>
          <div className="booking-link">
            <input
              ref={field}
              className="input"
              aria-label="Booking page link"
              readOnly
              value={page.url}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className="btn btn--primary" onClick={copy}>
              Copy Link
            </button>
            <a className="btn" href={page.url} target="_blank" rel="noreferrer">
              Open
            </a>
          </div>
          <div className="booking-qr">
            <img src={page.qrSvgUrl ?? ''} alt={`QR code of ${page.url}`} width={132} height={132} />
            <div className="row">
              <a className="btn" href={page.qrSvgUrl ?? ''} download>
                Download QR (SVG)
              </a>
              <a className="btn" href={page.qrPngUrl ?? ''} download>
                Download QR (PNG)
              </a>
            </div>
          </div>
          <AddressForm page={page} onSaved={resource.set} />
        </>
      )}
    </section>
  );
}
