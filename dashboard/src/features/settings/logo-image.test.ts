import { describe, expect, it } from 'vitest';
import { fitWithin } from './logo-image.ts';

describe('fitWithin', () => {
  it('scales the longer side down to 256 and keeps the shape', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 256, height: 192 });
    expect(fitWithin(300, 1200)).toEqual({ width: 64, height: 256 });
  });

  it('never enlarges a small image, nor rounds a side to nothing', () => {
    expect(fitWithin(120, 40)).toEqual({ width: 120, height: 40 });
    expect(fitWithin(5000, 2)).toEqual({ width: 256, height: 1 });
  });
});
