/** A status message that disappears by itself (docs/product.md#limits: after 3 seconds). */
import { MESSAGE_TIMEOUT_MS } from '@slotwise/shared/domain';
import { useCallback, useEffect, useState } from 'react';

export interface Flash {
  kind: 'success' | 'error';
  text: string;
  /** The server's reason, shown under the fixed text. */
  detail?: string | null;
}

export function useFlash(timeoutMs: number = MESSAGE_TIMEOUT_MS) {
  const [message, setMessage] = useState<Flash | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), timeoutMs);
    return () => clearTimeout(timer);
  }, [message, timeoutMs]);
  // A fresh object every time, so the same text shown twice restarts the clock.
  const show = useCallback((flash: Flash) => setMessage({ ...flash }), []);
  const clear = useCallback(() => setMessage(null), []);
  return { message, show, clear };
}
