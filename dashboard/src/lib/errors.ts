/** Turning a failed call into the words a screen shows (docs/product.md#messages). */
import { ApiError } from '@slotwise/shared/client';

export const NETWORK_FAILURE = 'Something went wrong. Please try again.';

/** No answer, or none in time (TIMEOUT): to a person both read as a network failure. */
export function isNetworkError(err: unknown): boolean {
  return err instanceof ApiError && (err.code === 'NETWORK_ERROR' || err.code === 'TIMEOUT');
}

/** "The server error or {fallback}": the server's own {error} text when it sent one. */
export function serverErrorOr(err: unknown, fallback: string, networkText: string = fallback): string {
  if (isNetworkError(err)) return networkText;
  if (err instanceof ApiError && err.fromServer) return err.message;
  return fallback;
}

/** The server's own words for a failure, or null (for a detail line under a fixed message). */
export function serverDetail(err: unknown): string | null {
  if (isNetworkError(err)) return (err as ApiError).message;
  return err instanceof ApiError && err.fromServer ? err.message : null;
}
