/** Placeholder: the calendar issue replaces this module. It is loaded lazily, in its own chunk. */
export function CalendarPage() {
  return (
    <section>
      <h1>Calendar</h1>
      <p className="muted">The calendar is coming soon.</p>
    </section>
  );
}
