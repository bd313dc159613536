/**
 * Settings > Booking Button and Branding (docs/product.md#branding): the accent colour, the
 * booking button's text and corner, the "Report a problem" link, and the logo, with a preview
 * that follows every change before it is saved. The colours readable on the accent come from
 * the same rule the widget gets them from (shared/src/brand.ts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { Branding, BrandingUpdate } from '@slotwise/shared/api';
import { BUTTON_POSITIONS, type ButtonPosition, brandColours } from '@slotwise/shared/brand';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { businessProfile } from '../../../lib/business.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { type Resource, useResource, useSharedResource } from '../../../lib/resource.ts';
import { type Flash, useFlash } from '../../../lib/use-flash.ts';
import { shrinkLogo } from '../logo-image.ts';

const LOAD_FAILED = 'Failed to load your branding.';
const SAVE_FAILED = 'Failed to save your branding. Please try again.';
const SAVED = 'Branding saved. Your booking button and pop-up show it within a minute.';
const LOGO_SAVED = 'Logo saved.';
const LOGO_FAILED = 'Failed to save the logo.';
const LOGO_REMOVED = 'Logo removed.';
const HEX = /^#[0-9a-f]{6}$/i;

const CORNERS: Record<ButtonPosition, string> = { 'bottom-right': 'Bottom right', 'bottom-left': 'Bottom left' };

/** The button on a page, and the pop-up's header, as customers will see them. */
function Preview({ form, logoUrl, name }: { form: BrandingUpdate; logoUrl: string | null; name: string }) {
  const colours = brandColours(HEX.test(form.accentColor) ? form.accentColor : '#4338ca');
  return (
    <figure className="brand-preview" aria-label="Preview">
      <div className="brand-preview__page">
        <div className="brand-preview__popup">
          <div className="brand-preview__head">
            {logoUrl && <img src={logoUrl} alt="" className="brand-preview__logo" />}
            <strong>{name || 'Your business'}</strong>
          </div>
          <span className="brand-preview__action" style={{ background: colours.accent, color: colours.onAccent }}>
            Next
          </span>
        </div>
        <span
          className={`brand-preview__button brand-preview__button--${form.buttonPosition}`}
          style={{ background: colours.accent, color: colours.onAccent }}
        >
          {form.buttonText.trim() || 'Book now'}
        </span>
      </div>
      <figcaption className="hint">Preview: your website with the booking button, and the pop-up's top.</figcaption>
    </figure>
  );
}

function LogoField({ branding, flash }: { branding: Resource<Branding>; flash: (f: Flash) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const logoUrl = branding.data.value?.logoUrl ?? null;

  /** Sends a logo change and says how it went; a shrinkLogo refusal is its own sentence. */
  async function change(send: () => Promise<Branding>, done: string) {
    setBusy(true);
    try {
      branding.set(await send());
      flash({ kind: 'success', text: done });
    } catch (err) {
      const text = err instanceof Error && !('code' in err) ? err.message : LOGO_FAILED;
      flash({ kind: 'error', text, detail: serverDetail(err) });
    } finally {
      setBusy(false);
    }
  }

  function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file)
      void change(async () => client.dashboard.uploadLogo({ body: { image: await shrinkLogo(file) } }), LOGO_SAVED);
  }

  return (
    <div className="field brand-logo-field">
      <span className="field-label">Logo</span>
      <div className="brand-logo">
        {logoUrl ? <img src={logoUrl} alt="Your logo" className="brand-logo__image" /> : <span>No logo yet.</span>}
        <label htmlFor={`${id}-logo`} className="btn">
          {busy ? 'Saving...' : logoUrl ? 'Replace Logo' : 'Upload Logo'}
        </label>
        <input
          id={`${id}-logo`}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="visually-hidden"
          disabled={busy}
          onChange={upload}
        />
        {logoUrl && (
          <button
            type="button"
            className="btn btn--danger"
            disabled={busy}
            onClick={() => void change(() => client.dashboard.removeLogo(), LOGO_REMOVED)}
          >
            Remove Logo
          </button>
        )}
      </div>
      <p className="hint">PNG, JPEG or WebP; it is scaled down to 256 pixels before it is sent.</p>
    </div>
  );
}

function BrandingForm({
  branding,
  current,
  name,
  flash,
}: {
  branding: Resource<Branding>;
  current: Branding;
  name: string;
  flash: (f: Flash) => void;
}) {
  const id = useId();
  const [form, setForm] = useState<BrandingUpdate>({
    accentColor: current.accentColor,
    buttonText: current.buttonText,
    buttonPosition: current.buttonPosition,
    reportProblem: current.reportProblem,
  });
  const [saving, setSaving] = useState(false);
  const change = (part: Partial<BrandingUpdate>) => setForm((f) => ({ ...f, ...part }));
  const colourOk = HEX.test(form.accentColor);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      branding.set(await client.dashboard.updateBranding({ body: form }));
      flash({ kind: 'success', text: SAVED });
    } catch (err) {
      flash({ kind: 'error', text: SAVE_FAILED, detail: serverDetail(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="brand-layout">
      <form onSubmit={save} className="brand-form" noValidate>
        <div className="field field--narrow">
          <label htmlFor={`${id}-hex`}>Accent colour</label>
          <div className="brand-colour">
            <input
              type="color"
              aria-label="Pick the accent colour"
              value={colourOk ? form.accentColor.toLowerCase() : '#4338ca'}
              onChange={(e) => change({ accentColor: e.currentTarget.value })}
            />
            <input
              id={`${id}-hex`}
              className="input"
              value={form.accentColor}
              maxLength={7}
              aria-invalid={!colourOk}
              aria-describedby={`${id}-hex-hint`}
              onChange={(e) => change({ accentColor: e.currentTarget.value.trim() })}
            />
          </div>
          <p id={`${id}-hex-hint`} className={colourOk ? 'hint' : 'field-error'}>
            {colourOk
              ? 'Buttons, the chosen day and time. Text on it is black or white, whichever reads better.'
              : 'Enter a hex colour like #4338ca.'}
          </p>
        </div>
        <div className="field field--narrow">
          <label htmlFor={`${id}-text`}>Button text</label>
          <input
            id={`${id}-text`}
            className="input"
            value={form.buttonText}
            maxLength={30}
            onChange={(e) => change({ buttonText: e.currentTarget.value })}
          />
        </div>
        <fieldset className="field brand-corner">
          <legend className="field-label">Button position</legend>
          {BUTTON_POSITIONS.map((p) => (
            <label key={p} className="clock-option">
              <input
                type="radio"
                name={`${id}-corner`}
                checked={form.buttonPosition === p}
                onChange={() => change({ buttonPosition: p })}
              />
              {CORNERS[p]}
            </label>
          ))}
        </fieldset>
        <label className="clock-option">
          <input
            type="checkbox"
            checked={form.reportProblem}
            onChange={(e) => change({ reportProblem: e.currentTarget.checked })}
          />
          Show a "Report a problem" link in the pop-up (customers' reports reach Slotwise)
        </label>
        <button type="submit" className="btn btn--primary" disabled={saving || !colourOk || !form.buttonText.trim()}>
          {saving ? 'Saving...' : 'Save Branding'}
        </button>
      </form>
      <Preview form={form} logoUrl={branding.data.value?.logoUrl ?? null} name={name} />
    </div>
  );
}

export function BrandingSection() {
  useSignals();
  const branding = useResource(
    () => client.dashboard.branding(),
    () => LOAD_FAILED,
  );
  const profile = useSharedResource(businessProfile);
  const flash = useFlash();
  const data = branding.data.value;
  return (
    <section id="branding" className="card section" aria-labelledby="branding-heading">
      <h2 id="branding-heading">Booking Button and Branding</h2>
      <p className="section-intro">
        How your booking button, pop-up, booking page and customers' reschedule and cancel pages look: your colour, your
        words, your logo.
      </p>
      <FlashMessage message={flash.message} />
      {branding.error.value ? (
        <p className="notice notice--error" role="alert">
          {branding.error.value}
        </p>
      ) : !data ? (
        <Skeleton shape="form" rows={3} />
      ) : (
        <>
          <BrandingForm branding={branding} current={data} name={profile.data.value?.name ?? ''} flash={flash.show} />
          <LogoField branding={branding} flash={flash.show} />
        </>
      )}
    </section>
  );
}
