export function OverviewPage() {
  return (
    <section>
      <h1>My Dashboard</h1>
      <p className="muted">Today's bookings and figures will appear here.</p>
    </section>
  );
}
