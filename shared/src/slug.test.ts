import { describe, expect, it } from 'vitest';
import { SLUG_MAX, slugCandidate, slugify, slugProblem } from './slug.ts';

describe('slugify', () => {
  it.each([
    ["Joe's Mobile Detailing!", 'joes-mobile-detailing'],
    ['Café Crème & Co', 'cafe-creme-and-co'],
    ['  ACME   Plumbing  ', 'acme-plumbing'],
    ['A1', 'a1-pro'],
    ['Admin', 'admin-pro'],
    ['!!!', 'my-business'],
    ['東京', 'my-business'],
  ])('%s -> %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
    expect(slugProblem(slug)).toBeNull();
  });

  it('cuts a long name between words, leaving room for a number', () => {
    const slug = slugify('The Very Best Mobile Car Detailing Service In All Of Greater Austin Texas');
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX - 4);
    expect(slug).toBe('the-very-best-mobile-car-detailing');
    expect(slugProblem(slugCandidate(slug, 99))).toBeNull();
  });

  it('numbers the candidates from 2', () => {
    expect([1, 2, 3].map((n) => slugCandidate('joes', n))).toEqual(['joes', 'joes-2', 'joes-3']);
  });
});

describe('slugProblem', () => {
  it.each([
    ['ab', 'malformed'],
    ['Joes', 'malformed'],
    ['joes--wash', 'malformed'],
    ['-joes', 'malformed'],
    ['joes-', 'malformed'],
    ['joe s', 'malformed'],
    ['a'.repeat(SLUG_MAX + 1), 'malformed'],
    ['dashboard', 'reserved'],
    ['api', 'reserved'],
  ])('%s is %s', (slug, problem) => {
    expect(slugProblem(slug)).toBe(problem);
  });

  it('accepts lowercase letters, digits and single hyphens', () => {
    expect(slugProblem('joes-wash-2')).toBeNull();
    expect(slugProblem('a'.repeat(SLUG_MAX))).toBeNull();
  });
});
