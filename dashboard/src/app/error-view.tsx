/** What a crashed page shows (docs/product.md#screens): the words of react-router's default errorElement. */

/**
 * A page's code that did not arrive: offline, a bad connection, or a deploy that replaced the
 * chunk. Each browser words it differently (Chrome, Firefox, Safari, and Vite's CSS preload).
 */
const CHUNK_FAILED = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILED.test(error.message);
}

export function ErrorView({ error }: { error: unknown }) {
  if (isChunkLoadError(error)) {
    // A person's sentence, never the chunk's internal address; Retry reloads, since a browser keeps a failed import.
    return (
      <main className="center-screen">
        <div className="center-card">
          <div className="card" role="alert">
            <h1>This page could not be loaded</h1>
            <p>Check your connection and try again.</p>
            <div className="row">
              <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
                Retry
              </button>
            </div>
          </div>
        </div>
      </main>
    );
  }
  const detail = error instanceof Error ? error.message : null;
  return (
    <main className="center-screen">
      <div className="center-card">
        <div className="card" role="alert">
          <h1>Unexpected Application Error!</h1>
          {detail && <p className="muted">{detail}</p>}
          <p>Reload the page to try again. If it keeps happening, tell us with the Feedback button.</p>
          <div className="row">
            <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
              Reload
            </button>
            <a className="btn" href="/dashboard">
              Go to dashboard
            </a>
          </div>
        </div>
      </div>
    </main>
  );
}
