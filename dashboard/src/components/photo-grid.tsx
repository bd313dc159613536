/**
 * A job's photos (docs/decisions/053): before and after photos from the crew or the owner, and
 * the customer's with the request, each with what it shows, who added it and when. The same grid
 * on the crew's phone (features/crew/components/crew-job-photos.tsx) and in the owner's booking
 * (photos-button.tsx); each passes its own calls. Photos are read through those calls (never a
 * public address) and shown from the bytes; each is shrunk in the browser before it is sent.
 */
import type { Photo, PhotoKind, Photos } from '@slotwise/shared/api';
import { formatClock, type TimeFormat } from '@slotwise/shared/clock';
import { utcMsToLocal } from '@slotwise/shared/time-zone';
import { shrinkPhoto } from '@slotwise/ui/shrink-photo.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { serverErrorOr } from '../lib/errors.ts';
import './photo-grid.css';

const KIND_WORDS: Record<PhotoKind, string> = { before: 'Before', after: 'After', request: 'With the request' };

/** "Before, Sam at 11:31 AM"; a customer's: "With the request, from the customer at 9:02 PM". */
function captionOf(photo: Photo, timeZone: string, timeFormat: TimeFormat): string {
  const at = formatClock(utcMsToLocal(Date.parse(photo.addedAt), timeZone).time, timeFormat);
  const who = photo.kind === 'request' ? 'from the customer' : photo.addedBy;
  return `${KIND_WORDS[photo.kind]}, ${who} at ${at}`;
}

/** One photo, read through its call and shown from its bytes; the address is let go when it leaves. */
function PhotoImage({ photo, file, alt }: { photo: Photo; file: (id: string) => Promise<Blob>; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a photo's bytes never change; its id is the key.
  useEffect(() => {
    let gone = false;
    let made: string | null = null;
    file(photo._id).then(
      (blob) => {
        if (gone) return;
        try {
          made = URL.createObjectURL(blob);
          setUrl(made);
        } catch {
          setFailed(true);
        }
      },
      () => !gone && setFailed(true),
    );
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [photo._id]);
  if (failed) return <span className="photo-missing">Could not load this photo.</span>;
  if (!url) return <span className="photo-loading" aria-hidden="true" />;
  return <img src={url} alt={alt} width={photo.width} height={photo.height} />;
}

export function PhotoGrid({
  load,
  file,
  add,
  remove,
  deletable = () => true,
  timeZone,
  timeFormat,
  empty,
}: {
  load: () => Promise<Photos>;
  file: (id: string) => Promise<Blob>;
  add: (kind: 'before' | 'after', photo: Blob) => Promise<Photos>;
  remove: (id: string) => Promise<Photos>;
  /** Which photos this screen may delete (the crew: not the customer's); all when left out. */
  deletable?: (photo: Photo) => boolean;
  timeZone: string;
  timeFormat: TimeFormat;
  empty: string;
}) {
  const id = useId();
  const [photos, setPhotos] = useState<Photos | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const kind = useRef<'before' | 'after'>('before');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first load's function is the one wanted.
  useEffect(() => {
    let gone = false;
    load().then(
      (answer) => !gone && setPhotos(answer),
      (err) => !gone && setError(`Could not load the photos. ${serverErrorOr(err, 'Please try again.')}`),
    );
    return () => {
      gone = true;
    };
  }, []);

  function choose(which: 'before' | 'after') {
    kind.current = which;
    input.current?.click();
  }

  async function send(files: FileList | null) {
    const chosen = files ? [...files] : [];
    if (input.current) input.current.value = '';
    for (const f of chosen) {
      setBusy(`Adding the ${kind.current} photo...`);
      setError(null);
      try {
        setPhotos(await add(kind.current, await shrinkPhoto(f)));
      } catch (err) {
        setError(
          `Could not add ${f.name}. ${serverErrorOr(err, 'Please try again.', 'Check your connection and try again.')}`,
        );
        break;
      } finally {
        setBusy(null);
      }
    }
  }

  async function drop(photo: Photo, caption: string) {
    if (!window.confirm(`Delete this photo (${caption})?`)) return;
    setError(null);
    try {
      setPhotos(await remove(photo._id));
    } catch (err) {
      setError(`Could not delete the photo. ${serverErrorOr(err, 'Please try again.')}`);
    }
  }

  const full = photos !== null && photos.photos.length >= photos.max;
  return (
    <div className="photo-grid-box">
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {photos === null ? (
        !error && <p className="hint">Loading photos...</p>
      ) : photos.photos.length === 0 ? (
        <p className="hint">{empty}</p>
      ) : (
        <ul className="photo-grid" aria-label="Photos">
          {photos.photos.map((p) => {
            const caption = captionOf(p, timeZone, timeFormat);
            return (
              <li key={p._id}>
                <figure>
                  <PhotoImage photo={p} file={file} alt={caption} />
                  <figcaption>{caption}</figcaption>
                </figure>
                {deletable(p) && (
                  <button type="button" className="btn btn--small" onClick={() => void drop(p, caption)}>
                    Delete <span className="visually-hidden">{caption}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="hint" aria-live="polite" id={`${id}-status`}>
        {busy ?? (full ? `This job has ${photos?.max} photos, the most it may hold. Delete one to add another.` : '')}
      </p>
      <div className="row photo-grid-add">
        <button type="button" className="btn" disabled={busy !== null || full} onClick={() => choose('before')}>
          Add before photo
        </button>
        <button type="button" className="btn" disabled={busy !== null || full} onClick={() => choose('after')}>
          Add after photo
        </button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-label="Photo file"
          onChange={(e) => void send(e.currentTarget.files)}
        />
      </div>
    </div>
  );
}
