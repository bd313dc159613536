import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge, statusColor } from './status-badge.tsx';

describe('StatusBadge', () => {
  it.each([
    ['pending', 'amber'],
    ['approved', 'green'],
    ['completed', 'blue'],
    ['cancelled', 'red'],
    ['PENDING', 'amber'],
    ['Approved', 'green'],
    ['declined', 'grey'],
    ['', 'grey'],
    [null, 'grey'],
  ] as const)('colours %s %s', (status, color) => {
    expect(statusColor(status)).toBe(color);
  });

  it('renders the status as a capitalised word with its colour class', () => {
    render(<StatusBadge status="CANCELLED" />);
    const badge = screen.getByText('Cancelled');
    expect(badge).toHaveClass('sw-badge', 'sw-badge--red');
    expect(badge).toHaveAttribute('data-color', 'red');
  });
});
