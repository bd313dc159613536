/** A Settings section whose data could not be read: the reason, and Try again (each section reads its own). */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn--small feed-retry" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
