/**
 * Photos from the customer on a service (docs/decisions/053): whether the booking form asks for
 * photos with the request (a pile of junk, a pet-hair seat, a green pool), optional or required,
 * and in the owner's words. Saved on its own (PUT .../services/:id/photo-request).
 */
import { PHOTO_PROMPT_MAX, type PhotoAsk, type PhotoRequest } from '@slotwise/shared/api';
import { type FormEvent, useId, useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { serverDetail } from '../../../lib/errors.ts';

const ASKS: { value: PhotoAsk; label: string }[] = [
  { value: 'off', label: 'Do not ask for photos' },
  { value: 'optional', label: 'Ask for photos (the customer may skip them)' },
  { value: 'required', label: 'Require a photo to book' },
];

/** "Asks for a photo: A photo of the pile" under the service's name; null when it does not ask. */
export function photoRequestNote(request: PhotoRequest | undefined): string | null {
  if (!request || request.ask === 'off') return null;
  const how = request.ask === 'required' ? 'Requires a photo' : 'Asks for photos';
  return request.prompt ? `${how}: ${request.prompt}` : how;
}

export function ServicePhotoRequestEditor({
  serviceId,
  serviceName,
  request,
  onSaved,
  onClose,
}: {
  serviceId: string;
  serviceName: string;
  request: PhotoRequest | undefined;
  onSaved: (request: PhotoRequest) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [ask, setAsk] = useState<PhotoAsk>(request?.ask ?? 'off');
  const [prompt, setPrompt] = useState(request?.prompt ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const words = prompt.trim();
      const answer = await client.dashboard.servicePhotoRequest({
        params: { id: serviceId },
        body: { ask, prompt: words === '' ? null : words },
      });
      onSaved(answer);
      showToast(
        answer.ask === 'off' ? `${serviceName} asks for no photos now.` : `Saved: ${serviceName} asks for photos.`,
      );
      onClose();
    } catch (err) {
      setProblem(serverDetail(err) ?? 'Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="service-steps stack"
      noValidate
      onSubmit={save}
      aria-label={`Photos from the customer for ${serviceName}`}
    >
      {problem && (
        <Notice kind="error" detail={problem}>
          Failed to save the photo request
        </Notice>
      )}
      <fieldset className="field">
        <legend>Photos with the request</legend>
        {ASKS.map((a) => (
          <label key={a.value} className="service-steps-switch">
            <input
              type="radio"
              name={`${id}-ask`}
              value={a.value}
              checked={ask === a.value}
              onChange={() => setAsk(a.value)}
            />
            <span>{a.label}</span>
          </label>
        ))}
      </fieldset>
      {ask !== 'off' && (
        <div className="field">
          <label htmlFor={`${id}-prompt`}>What to photograph</label>
          <input
            id={`${id}-prompt`}
            className="input"
            maxLength={PHOTO_PROMPT_MAX}
            value={prompt}
            placeholder="A photo of the pile, from a step back"
            onChange={(e) => setPrompt(e.currentTarget.value)}
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className="hint">
            The booking form shows these words above its Add photo button. You see the photos with the request.
          </p>
        </div>
      )}
      <div className="row">
        <button type="submit" className="btn btn--primary btn--small" disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="btn btn--small" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
