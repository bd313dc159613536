/**
 * A coloured booking-status pill (docs/product.md#booking-statuses): pending amber, approved green,
 * completed blue, cancelled red, anything else grey, compared case-insensitively.
 * Plain React API only: the widget renders this on preact/compat too. Apps import
 * status-badge.css (or adopt it into a shadow root with `?inline`).
 */

export type BadgeColor = 'amber' | 'green' | 'blue' | 'red' | 'grey';

const COLORS: Record<string, BadgeColor> = {
  pending: 'amber',
  approved: 'green',
  completed: 'blue',
  cancelled: 'red',
};

export function statusColor(status: string | null | undefined): BadgeColor {
  return COLORS[(status ?? '').trim().toLowerCase()] ?? 'grey';
}

function label(status: string): string {
  const s = status.trim().toLowerCase();
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : 'Unknown';
}

export function StatusBadge({ status }: { status: string | null | undefined }) {
  const color = statusColor(status);
  return (
    <span className={`sw-badge sw-badge--${color}`} data-color={color}>
      {label(status ?? '')}
    </span>
  );
}
