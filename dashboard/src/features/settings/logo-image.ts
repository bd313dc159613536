/**
 * An owner's logo as the server takes it (shared/src/api.ts LogoUpload): any image the browser
 * can open, scaled in the browser to fit 256 x 256 and encoded as PNG (transparency kept), as
 * base64. A phone photo of several megabytes becomes a few kilobytes before it leaves the page.
 */
import { LOGO_MAX_BYTES } from '@slotwise/shared/api';

const MAX_SIDE = 256;

const LOGO_UNREADABLE = 'That file is not an image this browser can open. Choose a PNG, JPEG or WebP image.';
const LOGO_TOO_DETAILED = 'That logo is still larger than 40 KB once scaled down. Choose a simpler image.';

/** Width and height that fit `max` on the longer side, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** Throws Error(LOGO_UNREADABLE or LOGO_TOO_DETAILED) with a sentence for the owner. */
export async function shrinkLogo(file: Blob): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(LOGO_UNREADABLE);
  }
  const size = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!png) throw new Error(LOGO_UNREADABLE);
  if (png.size > LOGO_MAX_BYTES) throw new Error(LOGO_TOO_DETAILED);
  return base64Of(png);
}
