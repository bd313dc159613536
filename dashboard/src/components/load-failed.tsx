/**
 * A section whose data could not be read: the reason, and Try again. Each section of a page that
 * reads its own data fails on its own with this (Settings' payments, notifications and calendars;
 * the Insights page's funnel, money and missed work).
 */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn--small load-failed-retry" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
