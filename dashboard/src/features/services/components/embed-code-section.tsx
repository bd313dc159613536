import { useSignals } from '@preact/signals-react/runtime';
import { useRef, useState } from 'react';
import { Skeleton } from '../../../components/skeleton.tsx';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { copyText } from '../../../lib/copy-text.ts';
import { type EmbedKind, embedScript } from '../../../lib/embed-script.ts';
import { isNetworkError } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';

const COPIED = 'Script copied to clipboard!';

const KINDS: { kind: EmbedKind; label: string; hint: string }[] = [
  { kind: 'popup', label: 'Pop-up button', hint: 'a "Book now" button in the corner of every page' },
  { kind: 'inline', label: 'Inline form', hint: 'the booking steps inside your page, where you paste it' },
];

export function EmbedCodeSection() {
  useSignals();
  const details = useResource(
    () => client.dashboard.businessDetails(),
    (err) => (isNetworkError(err) ? (err as Error).message : 'Failed to fetch business details'),
  );
  const field = useRef<HTMLTextAreaElement>(null);
  const businessId = details.data.value?.businessId;
  const [kind, setKind] = useState<EmbedKind>('popup');
  const script = businessId ? embedScript(window.location.origin, businessId, kind) : '';

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
        {kind === 'popup' ? (
          <>
            Paste this tag into your website, just before <code>&lt;/body&gt;</code>, to add the booking pop-up.
          </>
        ) : (
          <>Paste these lines where the booking form should appear on your page.</>
        )}
      </p>
      <fieldset className="embed-kinds">
        <legend className="visually-hidden">Kind of embed</legend>
        {KINDS.map((k) => (
          <label key={k.kind} className="embed-kind">
            <input
              type="radio"
              name="embed-kind"
              value={k.kind}
              checked={kind === k.kind}
              onChange={() => setKind(k.kind)}
            />{' '}
            <strong>{k.label}</strong> <span className="muted">{k.hint}</span>
          </label>
        ))}
      </fieldset>
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
            rows={kind === 'popup' ? 3 : 4}
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
