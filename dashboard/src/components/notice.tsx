/** A coloured message box. Errors are announced at once (role alert), successes politely (role status). */
import type { ReactNode } from 'react';

export function Notice({
  kind,
  children,
  detail,
}: {
  kind: 'error' | 'success' | 'warning';
  children: ReactNode;
  /** A second, smaller line: the server's reason under a fixed message. */
  detail?: string | null;
}) {
  return (
    <div className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <p>{children}</p>
      {detail && <p className="notice-detail">{detail}</p>}
    </div>
  );
}
