import { describe, expect, it } from 'vitest';
import { addedDriveMinutes, chooseCrew, crewsFor, unionOfGrids } from './crews.ts';
import type { DetailedSlot } from './slots.ts';

const slot = (startMs: number, available: boolean, refusal: DetailedSlot['refusal'] = null): DetailedSlot => ({
  time: `t${startMs}`,
  startMs,
  endMs: startMs + 1,
  available,
  refusal,
});

describe('crewsFor', () => {
  const crews = [
    { id: 'a', position: 0, active: true, serviceIds: null },
    { id: 'b', position: 1, active: true, serviceIds: ['wash'] },
    { id: 'c', position: 2, active: false, serviceIds: null },
  ];
  it('keeps the active crews that do the service; any service: every active crew', () => {
    expect(crewsFor(crews, 'detail').map((c) => c.id)).toEqual(['a']);
    expect(crewsFor(crews, 'wash').map((c) => c.id)).toEqual(['a', 'b']);
    expect(crewsFor(crews, null).map((c) => c.id)).toEqual(['a', 'b']);
  });
});

describe('unionOfGrids', () => {
  it('offers a time any crew has free, in time order, with the first refusal when none has', () => {
    const a = [slot(0, false, 'past'), slot(30, false, 'busy'), slot(60, true)];
    const b = [slot(15, true), slot(30, true)];
    expect(unionOfGrids([a, b]).map((s) => [s.startMs, s.available])).toEqual([
      [0, false],
      [15, true],
      [30, true],
      [60, true],
    ]);
    expect(unionOfGrids([a, b])[0]!.refusal).toBe('past');
    expect(unionOfGrids([a])).toEqual(a);
    expect(unionOfGrids([])).toEqual([]);
  });
});

describe('addedDriveMinutes', () => {
  const home = { lat: 34.07, lng: -118.4 };
  const far = { lat: 34.2, lng: -119.18 };
  const job = (startMs: number, endMs: number, location: typeof home | null) => ({
    id: `j${startMs}`,
    startMs,
    endMs,
    location,
  });
  it('is the detour: to the job and on to the next, less the drive it replaces', () => {
    const alone = addedDriveMinutes({ startMs: 100, endMs: 200, location: far }, [], home, 30);
    expect(alone).toBeGreaterThan(80);
    expect(addedDriveMinutes({ startMs: 100, endMs: 200, location: far }, [], far, 30)).toBe(0);
    // Between two jobs at the same far place the visit costs nothing extra.
    const between = addedDriveMinutes(
      { startMs: 100, endMs: 200, location: far },
      [job(0, 50, far), job(300, 400, far)],
      home,
      30,
    );
    expect(between).toBe(0);
    expect(addedDriveMinutes({ startMs: 100, endMs: 200, location: null }, [], home, 30)).toBe(0);
  });
});

describe('chooseCrew', () => {
  const o = (id: string, position: number, addedMinutes: number, jobsThatDay: number) => ({
    id,
    position,
    addedMinutes,
    jobsThatDay,
  });
  it('picks the least added drive, then the fewest jobs, then the order; a preferred free crew keeps the job', () => {
    expect(chooseCrew([o('a', 0, 20, 0), o('b', 1, 5, 3)])?.id).toBe('b');
    expect(chooseCrew([o('a', 0, 5, 2), o('b', 1, 5, 1)])?.id).toBe('b');
    expect(chooseCrew([o('a', 1, 5, 1), o('b', 0, 5, 1)])?.id).toBe('b');
    expect(chooseCrew([o('a', 0, 20, 0), o('b', 1, 5, 3)], 'a')?.id).toBe('a');
    expect(chooseCrew([o('a', 0, 20, 0)], 'gone')?.id).toBe('a');
    expect(chooseCrew([])).toBeNull();
  });
});
