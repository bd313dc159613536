/**
 * A photo someone sent, made safe to keep and to show (docs/decisions/053): sniffed by its first
 * bytes (JPEG, PNG or WebP; HEIC refused with what to do; SVG, HTML and anything else refused
 * whatever its name or Content-Type), then decoded and encoded again as a plain JPEG by sharp
 * (libvips). The new file is made of pixels only: no EXIF, GPS, XMP, ICC comment or trailing
 * bytes survive, so a polyglot (a JPEG that is also HTML or a ZIP) comes out a picture and nothing
 * else. Decoding is bounded: at most PIXEL_LIMIT pixels (read from the header before any pixel is
 * decoded, so a decompression bomb costs nothing), failing on damaged or cut-short data, and
 * stopped after TIME_LIMIT_S. sharp does its work on libuv's thread pool, never on the event loop.
 */
import { PHOTO_LONG_SIDE } from '@slotwise/shared/api';
import sharp from 'sharp';
import { imageTypeOf, isHeic } from '../domain/image-type.ts';
import { AppError } from '../errors.ts';

/** 50 megapixels: any phone's camera (a 48 MP iPhone photo is 8064 x 6048), and no bomb. */
const PIXEL_LIMIT = 50_000_000;
/** A photo of the largest kind takes well under a second here; more is a hostile file. */
const TIME_LIMIT_S = 10;

// libvips' cache holds decoded images for reuse: photos are read once, so it only holds memory.
sharp.cache(false);

export interface SafePhoto {
  /** The re-encoded JPEG. */
  bytes: Buffer;
  width: number;
  height: number;
}

export async function safePhoto(input: Buffer): Promise<SafePhoto> {
  if (isHeic(input))
    throw new AppError(
      'PHOTO_HEIC',
      "This photo is in Apple's HEIC format, which can't be used here. On the iPhone, choose Settings > Camera > Formats > Most Compatible, or share the photo as JPEG, and add it again.",
    );
  if (!imageTypeOf(input))
    throw new AppError(
      'PHOTO_NOT_AN_IMAGE',
      'This file is not a photo: choose a JPEG, PNG or WebP image (a picture from the camera or the gallery).',
    );
  try {
    const { data, info } = await sharp(input, { limitInputPixels: PIXEL_LIMIT, failOn: 'error' })
      // The camera's orientation applied to the pixels, as its EXIF tag goes with the rest.
      .rotate()
      .resize(PHOTO_LONG_SIDE, PHOTO_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      // A PNG's or WebP's transparency on white, as JPEG has none.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .timeout({ seconds: TIME_LIMIT_S })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(detail))
      throw new AppError(
        'PHOTO_UNREADABLE',
        'This photo is too large in pixels (over 50 megapixels). Take a screenshot of it or shrink it, and add it again.',
      );
    throw new AppError(
      'PHOTO_UNREADABLE',
      'This photo could not be read: it may be damaged or only partly sent. Take it again or choose another.',
    );
  }
}
