/**
 * Where photos' bytes live (docs/decisions/053): files under DATA_DIR/photos by default, or an
 * S3-compatible bucket when instances are scaled out (PHOTOS_S3_BUCKET; photos/s3-store.ts).
 * Keys are `<business id>/<random photo id>.jpg`: never guessed, and every read goes through a
 * call that checks who asks (routes/photos.ts), never a public address.
 */
import type { Config } from '../config.ts';
import { fileStore } from './file-store.ts';
import { s3Store } from './s3-store.ts';

export interface PhotoStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Deletes the object; deleting one that is not there succeeds (a retried removal). */
  remove(key: string): Promise<void>;
}

export function createPhotoStore(config: Config): PhotoStore {
  return config.photos.s3 ? s3Store(config.photos.s3) : fileStore(config.photos.dir);
}

/** A photo's key: its business, then its random id. */
export function photoKey(businessId: string, photoId: string): string {
  return `${businessId}/${photoId}.jpg`;
}
