/**
 * A page opened from a mailed link that sets a password: the owner's reset link
 * (/reset-password) and a crew member's invitation (/crew/join). The one rule of both: the link's
 * token is checked first, then a password typed twice is sent with it and the session the server
 * answers logs the person in. A link that went stale meanwhile (used in another tab, a newer one
 * sent, expired) turns the page to its reason rather than to a form that cannot succeed.
 */
import { ApiError } from '@slotwise/shared/client';
import { PASSWORD_MIN_LENGTH } from '@slotwise/shared/domain';
import type { ErrorCode } from '@slotwise/shared/errors';
import { type FormEvent, useEffect, useState } from 'react';
import { login } from './session.ts';

const PASSWORDS_DIFFER = 'The two passwords do not match.';
const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;

export type LinkState<S> = { kind: 'checking' } | ({ kind: 'valid' } & S) | { kind: 'invalid'; message: string };

export function useLinkedPassword<S extends object>(options: {
  token: string;
  /** What the page says when it was opened without a token. */
  missing: string;
  /** What the link is for (who, which crew); refused when the link is not valid. */
  check: (token: string) => Promise<S>;
  /** Sets the password; answers the new session. */
  save: (token: string, password: string) => Promise<{ token: string }>;
  /** What a refusal or a failed connection says. */
  failure: (err: unknown) => string;
  /** The refusals of a link that went stale. */
  stale: readonly ErrorCode[];
}) {
  const { token, missing, check, save, failure, stale } = options;
  const [link, setLink] = useState<LinkState<S>>(token ? { kind: 'checking' } : { kind: 'invalid', message: missing });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is checked once per token; check and failure are the page's own, the same on every render in effect.
  useEffect(() => {
    if (!token) return;
    let live = true;
    check(token).then(
      (s) => live && setLink({ kind: 'valid', ...s }),
      (err: unknown) => live && setLink({ kind: 'invalid', message: failure(err) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (password.length < PASSWORD_MIN_LENGTH) return setError(PASSWORD_TOO_SHORT);
    if (password !== confirm) return setError(PASSWORDS_DIFFER);
    setSubmitting(true);
    try {
      login((await save(token, password)).token);
    } catch (err) {
      const message = failure(err);
      if (err instanceof ApiError && stale.includes(err.code)) setLink({ kind: 'invalid', message });
      else setError(message);
      setSubmitting(false);
    }
  }

  return { link, password, setPassword, confirm, setConfirm, error, submitting, submit };
}
