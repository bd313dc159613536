/**
 * The one error type of the server: a refusal a person can act on, with a stable
 * code from the shared list (shared/src/errors.ts). Anything can throw it — routes,
 * the booking rules, repositories — and none of them knows HTTP: the error handler
 * (plugins/errors.ts) turns the code into the answer's status, in one place.
 */
import type { ErrorCode } from '@slotwise/shared/errors';

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Extra answer headers, such as Retry-After. */
  readonly headers: Readonly<Record<string, string>>;
  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.headers = headers;
  }
}
