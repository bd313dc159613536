/**
 * A coloured booking-status pill (docs/product.md#booking-statuses): pending and awaiting payment
 * amber, approved green, completed blue, cancelled red, anything else grey (declined, expired),
 * compared case-insensitively. The word is the status with underscores read as spaces
 * ("awaiting_payment" -> "Awaiting payment").
 * Plain React API only: the widget renders this on preact/compat too. Apps import
 * status-badge.css (or adopt it into a shadow root with `?inline`).
 */

export type BadgeColor = 'amber' | 'green' | 'blue' | 'red' | 'grey';

const COLORS: Record<string, BadgeColor> = {
  pending: 'amber',
  awaiting_payment: 'amber',
  approved: 'green',
  completed: 'blue',
  cancelled: 'red',
};

const normal = (status: string | null | undefined) => (status ?? '').trim().toLowerCase();

export function statusColor(status: string | null | undefined): BadgeColor {
  return COLORS[normal(status)] ?? 'grey';
}

/** "awaiting_payment" -> "Awaiting payment"; nothing -> "Unknown". */
export function statusLabel(status: string | null | undefined): string {
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
