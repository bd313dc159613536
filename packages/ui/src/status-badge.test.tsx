import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge, statusColor, statusLabel } from './status-badge.tsx';

describe('StatusBadge', () => {
  it.each([
    ['pending', 'amber'],
    ['approved', 'green'],
    ['completed', 'blue'],
    ['cancelled', 'red'],
    ['awaiting_payment', 'amber'],
    ['expired', 'grey'],
    ['PENDING', 'amber'],
    ['Approved', 'green'],
    ['declined', 'grey'],
    ['needs_time', 'amber'],
    ['skipped', 'grey'],
    ['', 'grey'],
    [null, 'grey'],
  ] as const)('colours %s %s', (status, color) => {
    expect(statusColor(status)).toBe(color);
  });

  it.each([
    ['awaiting_payment', 'Awaiting payment'],
    ['expired', 'Expired'],
    ['PENDING', 'Pending'],
    ['needs_time', 'Needs a time'],
    ['NEEDS_TIME', 'Needs a time'],
    ['skipped', 'Skipped'],
    ['some__new_state', 'Some new state'],
    ['', 'Unknown'],
    [undefined, 'Unknown'],
  ] as const)('words %j as %j', (status, word) => {
    expect(statusLabel(status)).toBe(word);
  });

  it('renders the status as a capitalised word with its colour class', () => {
    render(<StatusBadge status="CANCELLED" />);
    const badge = screen.getByText('Cancelled');
    expect(badge).toHaveClass('sw-badge', 'sw-badge--red');
    expect(badge).toHaveAttribute('data-color', 'red');
  });

  it('says "Awaiting payment" in amber and "Expired" in grey', () => {
    render(
      <>
        <StatusBadge status="awaiting_payment" />
        <StatusBadge status="expired" />
      </>,
    );
    expect(screen.getByText('Awaiting payment')).toHaveAttribute('data-color', 'amber');
    expect(screen.getByText('Expired')).toHaveAttribute('data-color', 'grey');
  });

  it('says a plan\'s visit "Needs a time" in amber and "Skipped" in grey', () => {
    render(
      <>
        <StatusBadge status="needs_time" />
        <StatusBadge status="skipped" />
      </>,
    );
    expect(screen.getByText('Needs a time')).toHaveAttribute('data-color', 'amber');
    expect(screen.getByText('Skipped')).toHaveAttribute('data-color', 'grey');
  });
});
