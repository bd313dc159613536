import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The Skeleton a region shows while it loads (components/skeleton.tsx), as a person meets it:
 * grey blocks hidden from screen readers, "Loading..." for screen readers only, the region busy.
 */
export function loadingSkeleton(scope: Pick<typeof screen, 'getByText'> = screen): HTMLElement {
  const words = scope.getByText('Loading...');
  expect(words).toHaveClass('visually-hidden');
  const region = words.closest<HTMLElement>('[aria-busy="true"]');
  expect(region).not.toBeNull();
  expect(region?.querySelector('.skeleton-block')?.closest('[aria-hidden="true"]')).not.toBeNull();
  return region as HTMLElement;
}
