import { describe, expect, it } from 'vitest';
import { brandColours, contrast, DEFAULT_ACCENT } from './brand.ts';

describe('contrast', () => {
  it('is 21 for black on white and 1 for a colour on itself, either way round', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#4338ca', '#4338ca')).toBe(1);
  });
});

describe('brandColours', () => {
  it('writes white on a dark accent, and uses the accent as ink on white', () => {
    expect(brandColours('#4338CA')).toEqual({ accent: '#4338ca', onAccent: '#ffffff', ink: '#4338ca' });
  });

  it('writes near-black on a light accent, and never uses it as ink on white', () => {
    expect(brandColours('#facc15')).toEqual({ accent: '#facc15', onAccent: '#000000', ink: '#000000' });
  });

  it('keeps every pair it chooses readable at 4.5:1 over a sweep of accents', () => {
    for (let v = 0; v < 0x1000000; v += 0x0f0f0f) {
      const hex = `#${v.toString(16).padStart(6, '0')}`;
      const c = brandColours(hex);
      expect(contrast(c.ink, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      // The better of white and black on any colour reads at 4.5:1 or more.
      expect(contrast(c.onAccent, c.accent)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('falls back to the default accent for anything that is not #rrggbb', () => {
    expect(brandColours('red').accent).toBe(DEFAULT_ACCENT);
  });
});
