import { describe, expect, it, vi } from 'vitest';
import { startEarly, takeEarly } from './early-loads.ts';

describe('early loads', () => {
  it('hands the early call to its first taker only; later takers call again', async () => {
    const early = vi.fn(async () => 'early');
    const late = vi.fn(async () => 'late');
    startEarly('today', early);
    expect(await takeEarly('today', late)).toBe('early');
    expect(await takeEarly('today', late)).toBe('late');
    expect(early).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('passes an early failure to the taker, and none goes unhandled before', async () => {
    startEarly('today', async () => {
      throw new Error('offline');
    });
    await new Promise((r) => setTimeout(r, 0));
    await expect(takeEarly('today', async () => 'late')).rejects.toThrow('offline');
  });
});
