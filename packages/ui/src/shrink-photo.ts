/**
 * A photo shrunk in the browser before it is sent (docs/decisions/053): at most PHOTO_LONG_SIDE
 * pixels on its long side, encoded as JPEG, the camera's orientation applied. A phone's 12 MB
 * photo becomes a few hundred KB, so a crew on a weak signal sends it in seconds; the canvas keeps
 * pixels only, so the place it was taken is not sent at all (the server strips it again).
 * Used by the dashboard (crew and owner) and the widget; no React.
 */
import { PHOTO_LONG_SIDE } from '@slotwise/shared/photo-limits';

export async function shrinkPhoto(file: Blob, longSide = PHOTO_LONG_SIDE): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // A format this browser cannot open (HEIC outside Safari): sent as it is, and the server's
    // answer says what to do.
    return file;
  }
  const scale = Math.min(1, longSide / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return file;
  }
  // JPEG has no transparency: a PNG's shows on white, as the server does it.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob ?? file), 'image/jpeg', 0.85));
}
