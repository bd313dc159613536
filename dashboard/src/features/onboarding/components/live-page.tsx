/**
 * Where onboarding ends (docs/product.md#onboarding): "Your booking page is live", with the two
 * ways customers reach the business, the booking page first (its link to copy or share, its QR
 * code) and the embed code second, for an owner with a website. Each copy or share ticks its item
 * on the first-day checklist. The server gives every URL; the page builds only the script tag.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { BookingPage } from '@slotwise/shared/api';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { businessProfile, nextOnboardingStep } from '../../../lib/business.ts';
import { copyText } from '../../../lib/copy-text.ts';
import { embedScript } from '../../../lib/embed-script.ts';
import { serverErrorOr } from '../../../lib/errors.ts';
import { useResource, useSharedResource } from '../../../lib/resource.ts';
import { readToken } from '../../../lib/session.ts';
import { OnboardingFrame } from './onboarding-frame.tsx';

/** How long a Copy button says "Copied" before it reads Copy again. */
const COPIED_FOR_MS = 3000;

/** A button that copies `text` and says "Copied" for a moment after; `onCopied` notes it was done. */
function CopyButton({
  text,
  label,
  field,
  failed,
  primary,
  onCopied,
}: {
  text: string;
  label: string;
  /** The box holding the text: selected for the older copy command where the clipboard API is missing. */
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>;
  primary: boolean;
  failed: string;
  onCopied: () => void;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    const ok = await copyText(text, field.current);
    setState(ok ? 'copied' : 'failed');
    if (ok) onCopied();
  }

  return (
    <>
      <button type="button" className={primary ? 'btn btn--primary' : 'btn'} onClick={copy}>
        {state === 'copied' ? 'Copied' : label}
      </button>
      {/* Said once, politely: the button's new name alone is not announced everywhere. */}
      <span className="visually-hidden" role="status">
        {state === 'copied' ? 'Copied to the clipboard.' : ''}
      </span>
      {state === 'failed' && (
        <p className="field-error live-copy-failed" role="alert">
          {failed}
        </p>
      )}
    </>
  );
}

/** Share opens the phone's share sheet; shown only where the browser has one (navigator.share). */
function ShareButton({ url, name, onShared }: { url: string; name: string; onShared: () => void }) {
  if (typeof navigator.share !== 'function') return null;
  async function share() {
    try {
      await navigator.share({ title: name, text: `Book ${name} online`, url });
      onShared();
    } catch {
      // Closed without sharing (AbortError), or refused: nothing was shared, nothing to say.
    }
  }
  return (
    <button type="button" className="btn" onClick={share}>
      Share
    </button>
  );
}

function BookingLink({ page, name }: { page: BookingPage & { url: string }; name: string }) {
  const field = useRef<HTMLInputElement>(null);
  // Ticks "Share your booking link" on the checklist; a failed note only leaves it unticked.
  const noteShared = () => void client.dashboard.checklistLinkShared().catch(() => {});
  return (
    <section className="live-section" aria-labelledby="live-link-heading">
      <h2 id="live-link-heading">Share your link</h2>
      <p className="muted">
        Put it on Instagram, your Google profile or in a text. Customers see your services and prices, and book.
      </p>
      <div className="live-link">
        <input
          ref={field}
          className="input"
          aria-label="Booking page link"
          readOnly
          value={page.url}
          onFocus={(e) => e.currentTarget.select()}
        />
        <div className="live-link-actions">
          <CopyButton
            text={page.url}
            label="Copy"
            field={field}
            primary
            failed="Could not copy the link. Select it in the box and copy it by hand."
            onCopied={noteShared}
          />
          <ShareButton url={page.url} name={name} onShared={noteShared} />
          <a className="btn" href={page.url} target="_blank" rel="noreferrer">
            Open<span className="visually-hidden"> your booking page (opens in a new tab)</span>
          </a>
        </div>
      </div>
      <div className="live-qr">
        <img src={page.qrSvgUrl ?? ''} alt={`QR code of ${page.url}`} width={144} height={144} />
        <div>
          <p className="muted">Print it on flyers, cards and the van: a phone's camera opens your page.</p>
          <a className="btn btn--small" href={page.qrPngUrl ?? ''} download>
            Download QR code
          </a>
        </div>
      </div>
    </section>
  );
}

function EmbedCode({ businessId }: { businessId: string }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const script = embedScript(window.location.origin, businessId);
  return (
    <section className="live-section" aria-labelledby="live-embed-heading">
      <h2 id="live-embed-heading">Have a website? Paste this into it</h2>
      <p className="muted">
        Just before <code>&lt;/body&gt;</code>: it adds a Book now button to every page. More ways are under Services.
      </p>
      <textarea
        ref={field}
        className="input embed-code"
        aria-labelledby="live-embed-heading"
        readOnly
        rows={3}
        value={script}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="live-link-actions">
        <CopyButton
          text={script}
          label="Copy Script"
          field={field}
          primary={false}
          failed="Could not copy the script. Select it in the box and copy it by hand."
          // Ticks "Copy your embed code" on the checklist.
          onCopied={() => void client.dashboard.checklistEmbedCopied().catch(() => {})}
        />
      </div>
    </section>
  );
}

function LiveContent() {
  useSignals();
  const profile = useSharedResource(businessProfile).data.value;
  const page = useResource(
    () => client.dashboard.bookingPage(),
    (err) => serverErrorOr(err, 'Failed to load your booking page.'),
  );
  const details = useResource(
    () => client.dashboard.businessDetails(),
    (err) => serverErrorOr(err, 'Failed to fetch business details'),
  );
  // Straight here before finishing the steps: the first one still to do.
  if (profile && !profile.onboarded) return <Navigate to={nextOnboardingStep(profile)} replace />;

  const error = page.error.value ?? details.error.value;
  const bookingPage = page.data.value;
  const businessId = details.data.value?.businessId;
  if (error)
    return (
      <>
        <Notice kind="error">{error}</Notice>
        <button
          type="button"
          className="btn"
          onClick={() => {
            void page.refresh();
            void details.refresh();
          }}
        >
          Try again
        </button>
      </>
    );
  if (!bookingPage || !businessId || !profile)
    return (
      <div aria-busy="true">
        <Skeleton shape="form" rows={3} />
      </div>
    );
  return (
    <>
      {bookingPage.url ? (
        <BookingLink page={{ ...bookingPage, url: bookingPage.url }} name={profile.name ?? ''} />
      ) : (
        <p className="muted">Your booking page appears once your business has a name (onboarding, step 1).</p>
      )}
      <EmbedCode businessId={businessId} />
    </>
  );
}

export function LivePage() {
  if (!readToken()) return <Navigate to="/login" replace />;
  return (
    <OnboardingFrame
      step="done"
      title="Your booking page is live"
      intro="Customers can book you now. Share the link, or add booking to your website."
    >
      <LiveContent />
      <div className="onboarding-actions">
        <Link to="/dashboard" className="btn btn--primary">
          Go to My Dashboard
        </Link>
      </div>
    </OnboardingFrame>
  );
}
