export function BookingsPage() {
  return (
    <section>
      <h1>Bookings Management</h1>
      <p className="muted">This page is being built.</p>
    </section>
  );
}
