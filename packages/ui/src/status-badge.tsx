/**
 * A coloured booking-status pill (docs/product.md#booking-statuses): pending, awaiting payment and
 * a plan's visit that needs a time amber, approved green, completed blue, cancelled red, anything
 * else grey (declined, expired, skipped), compared case-insensitively. The word is the status with
 * underscores read as spaces ("awaiting_payment" -> "Awaiting payment"), unless it has words of
 * its own ("needs_time" -> "Needs a time").
 * Plain React API only: the widget renders this on preact/compat too. Apps import
 * status-badge.css (or adopt it into a shadow root with `?inline`).
 */

export type BadgeColor = 'amber' | 'green' | 'blue' | 'red' | 'grey';

const COLORS: Record<string, BadgeColor> = {
  pending: 'amber',
  awaiting_payment: 'amber',
  // A plan's visit whose day was taken: it waits for the owner to give it a time.
  needs_time: 'amber',
  approved: 'green',
  completed: 'blue',
  cancelled: 'red',
};

/** Statuses whose words are not the status read aloud. */
const LABELS: Record<string, string> = {
  needs_time: 'Needs a time',
};

const normal = (status: string | null | undefined) => (status ?? '').trim().toLowerCase();

export function statusColor(status: string | null | undefined): BadgeColor {
  return COLORS[normal(status)] ?? 'grey';
}

/** "awaiting_payment" -> "Awaiting payment", "needs_time" -> "Needs a time"; nothing -> "Unknown". */
export function statusLabel(status: string | null | undefined): string {
  const label = LABELS[normal(status)];
  if (label) return label;
  const s = normal(status).replace(/_+/g, ' ').trim();
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : 'Unknown';
}

export function StatusBadge({ status }: { status: string | null | undefined }) {
  const color = statusColor(status);
  return (
    <span className={`sw-badge sw-badge--${color}`} data-color={color}>
      {statusLabel(status)}
    </span>
  );
}
