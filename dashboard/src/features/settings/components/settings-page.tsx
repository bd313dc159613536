export function SettingsPage() {
  return (
    <section>
      <h1>Settings</h1>
      <p className="muted">This page is being built.</p>
    </section>
  );
}
