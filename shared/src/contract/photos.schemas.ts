/**
 * The contract of photos (issue 44 item 6; docs/decisions/053): a job's before and after photos,
 * added by its crew or the owner, and the photos a customer attaches to a request when the
 * service asks for them (calls: photos.calls.ts). The image itself travels as the raw bytes of
 * the request (a RouteDef's `upload`), never inside JSON; these schemas are the rest.
 */

import { z } from 'zod';
import { Id, IsoDateTime, trimmed } from './fields.schemas.ts';

export { JOB_PHOTOS_MAX, PHOTO_LONG_SIDE, PHOTO_MAX_BYTES, QUOTE_PHOTOS_MAX } from '../photo-limits.ts';

/** The longest prompt an owner writes for the customer ("A photo of the pile, from a step back"). */
export const PHOTO_PROMPT_MAX = 200;

export const PHOTO_KINDS = ['before', 'after', 'request'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

/** One photo: what it shows (before, after, or the customer's with the request), who added it and when. */
export const Photo = z.object({
  _id: Id,
  kind: z.enum(PHOTO_KINDS),
  /** The crew's name, "Owner" or "Customer", as shown when it was added. */
  addedBy: z.string(),
  addedAt: IsoDateTime,
  width: z.number().int(),
  height: z.number().int(),
  /**
   * In a crew's answer only: its own login added this photo, so it may delete it (the owner's, the
   * customer's and a former crew's stay). Absent in the owner's answers: the owner may delete any.
   */
  yours: z.boolean().optional(),
});
export type Photo = z.infer<typeof Photo>;

/** A job's photos, oldest first, and how many it may hold. */
export const Photos = z.object({ photos: z.array(Photo), max: z.number().int() });
export type Photos = z.infer<typeof Photos>;

/** What a job's photo shows: before the work, or after it (left out: before). */
export const JobPhotoQuery = z.object({
  kind: z.enum(['before', 'after'], { error: "kind must be 'before' or 'after'." }).default('before'),
});
export type JobPhotoQuery = z.infer<typeof JobPhotoQuery>;

export const PhotoParams = z.object({ photoId: z.string().uuid('That is not a photo id.') });
export const BookingPhotoParams = z.object({
  id: Id,
  photoId: z.string().uuid('That is not a photo id.'),
});

/** Whether a service asks the customer for photos with the request, and in the owner's words. */
export const PHOTO_ASKS = ['off', 'optional', 'required'] as const;
export type PhotoAsk = (typeof PHOTO_ASKS)[number];
export const PhotoRequest = z.object({
  ask: z.enum(PHOTO_ASKS),
  /** What the owner asks for ("A photo of the pile, from a step back"); null: the default words. */
  prompt: z.string().nullable(),
});
export type PhotoRequest = z.infer<typeof PhotoRequest>;
export const PhotoRequestUpdate = z.object({
  ask: z.enum(PHOTO_ASKS, { error: "ask must be 'off', 'optional' or 'required'." }),
  prompt: trimmed(PHOTO_PROMPT_MAX, 'Prompt').nullable().default(null),
});
export type PhotoRequestUpdate = z.input<typeof PhotoRequestUpdate>;

/** A customer's upload before the booking exists (docs/decisions/053): the booking claims it by its token. */
export const RequestPhotoParams = z.object({ businessId: Id });
export const RequestPhotoUploaded = z.object({
  /** Send it in book's photoTokens; it lapses unclaimed at expiresAt, and the photo is then deleted. */
  photoToken: z.string(),
  expiresAt: IsoDateTime,
  width: z.number().int(),
  height: z.number().int(),
});
export type RequestPhotoUploaded = z.infer<typeof RequestPhotoUploaded>;

/** A request photo's token as the customer's browser keeps it (32 random bytes, base64url). */
export const PhotoToken = z
  .string({ error: 'photoTokens must hold the tokens the photo upload answered.' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'photoTokens must hold the tokens the photo upload answered.');

/** The customer's photo calls: the manage link's token. */
export const ManagePhotoQuery = z.object({ token: z.string().min(1, 'The link has no token.').max(200) });
