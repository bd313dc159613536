export function ServicesPage() {
  return (
    <section>
      <h1>Services</h1>
      <p className="muted">This page is being built.</p>
    </section>
  );
}
