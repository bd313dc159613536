import { useSignals } from '@preact/signals-react/runtime';
import { useRef } from 'react';
import { Skeleton } from '../../../components/skeleton.tsx';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { copyText } from '../../../lib/copy-text.ts';
import { isNetworkError } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';

const COPIED = 'Script copied to clipboard!';

/** The tag owners paste into their site. The origin is this page's: PUBLIC_URL when our server serves it. */
function embedScript(origin: string, businessId: string): string {
  return `<script src="${origin}/widget.js" data-business-id="${businessId}" async></script>`;
}

export function EmbedCodeSection() {
  useSignals();
  const details = useResource(
    () => client.dashboard.businessDetails(),
    (err) => (isNetworkError(err) ? (err as Error).message : 'Failed to fetch business details'),
  );
  const field = useRef<HTMLTextAreaElement>(null);
  const businessId = details.data.value?.businessId;
  const script = businessId ? embedScript(window.location.origin, businessId) : '';

  async function copy() {
    const ok = await copyText(script, field.current);
    showToast(
      ok ? COPIED : 'Could not copy the script. Select it in the box and copy it by hand.',
      ok ? 'success' : 'error',
    );
    // Ticks "Copy your embed code" on the overview's first-day checklist. The copy is done either
    // way; a failed note only leaves the item unticked until the next copy.
    if (ok) client.dashboard.checklistEmbedCopied().catch(() => {});
  }

  return (
    <section id="embed-code" className="card section" aria-labelledby="embed-heading">
      <h2 id="embed-heading">Embed Code</h2>
      <p className="section-intro">
        Paste this tag into your website, just before <code>&lt;/body&gt;</code>, to add the booking pop-up.
      </p>
      {details.error.value ? (
        <p className="notice notice--error" role="alert">
          {details.error.value}
        </p>
      ) : !businessId ? (
        <Skeleton shape="form" rows={1} />
      ) : (
        <>
          <textarea
            ref={field}
            className="input embed-code"
            aria-labelledby="embed-heading"
            readOnly
            rows={3}
            value={script}
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="row section-actions">
            <button type="button" className="btn btn--primary" onClick={copy}>
              Copy Script
            </button>
          </div>
        </>
      )}
    </section>
  );
}
