/**
 * Photos' numbers (docs/decisions/053), without zod, so the widget can read them: the long side a
 * photo is shrunk to in the browser before it is sent, and the server's limits.
 */

/** The long side the apps shrink a photo to before sending it; the server keeps at most this too. */
export const PHOTO_LONG_SIDE = 2048;
/**
 * The largest photo the server reads: the apps shrink a photo to 2048 px on its long side before
 * sending it (a few hundred KB), so this leaves room for a photo a browser could not shrink.
 */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** The most photos a job holds (before and after together, and the customer's), and a request. */
export const JOB_PHOTOS_MAX = 20;
export const QUOTE_PHOTOS_MAX = 5;
