/** What a crashed page shows (docs/product.md#screens): the words of react-router's default errorElement. */
export function ErrorView({ error }: { error: unknown }) {
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
