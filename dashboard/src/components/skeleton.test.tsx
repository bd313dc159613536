import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadingSkeleton } from '../testing/skeleton.ts';
import { Skeleton } from './skeleton.tsx';

describe('Skeleton', () => {
  it('says "Loading..." to screen readers only, in a busy region, with the blocks hidden from them', () => {
    render(<Skeleton />);
    const region = loadingSkeleton();
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading...')).toHaveClass('visually-hidden');
    for (const block of region.querySelectorAll('.skeleton-block'))
      expect(block.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it.each([
    ['text', 3, 3],
    ['form', 2, 2 * 2 + 1],
    ['list', 4, 4 * 2],
    ['tiles', 11, 11],
    ['page', 3, 3],
    ['bars', 4, 4 * 2],
    ['chart', 12, 12],
  ] as const)('draws a %s of %i rows as %i blocks', (shape, rows, blocks) => {
    const { container } = render(<Skeleton shape={shape} rows={rows} />);
    expect(container.querySelector(`.skeleton--${shape}`)).not.toBeNull();
    expect(container.querySelectorAll('.skeleton-block')).toHaveLength(blocks);
  });
});
