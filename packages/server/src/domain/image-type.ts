/**
 * What an uploaded image is, by its first bytes (a file name or a declared Content-Type proves
 * nothing): the one sniff for logos (domain/branding.ts) and photos (photos/image.ts). SVG,
 * HTML and everything else is null, whatever it was called.
 */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

const at = (bytes: Uint8Array, i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);

export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (at(bytes, 0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(bytes, 0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(bytes, 0, 0x52, 0x49, 0x46, 0x46) && at(bytes, 8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

/** HEIF brands (ISO/IEC 23008-12) an iPhone's "High Efficiency" photo carries after `ftyp`. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

/** An Apple HEIC (HEIF) photo: `ftyp` at byte 4, then a HEIF brand. */
export function isHeic(bytes: Uint8Array): boolean {
  if (!at(bytes, 4, 0x66, 0x74, 0x79, 0x70)) return false;
  return HEIF_BRANDS.has(String.fromCharCode(...bytes.subarray(8, 12)));
}
