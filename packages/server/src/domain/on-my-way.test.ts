import { driveMinutes } from '@slotwise/shared/travel';
import { describe, expect, it } from 'vitest';
import { arrivalClock, arrivalOf, onMyWayRefusal, onMyWayWords } from './on-my-way.ts';

const LA = 'America/Los_Angeles';
/** 2026-12-02 12:01 in Los Angeles. */
const NOW = Date.parse('2026-12-02T20:01:00Z');
const HOUR = 3_600_000;
const HOME = { lat: 34.0736, lng: -118.4004 }; // Beverly Hills
const SANTA_MONICA = { lat: 34.0195, lng: -118.4912 };
const PASADENA = { lat: 34.1478, lng: -118.1445 };
const job = { id: 'job', startMs: NOW + 2 * HOUR, endMs: NOW + 3 * HOUR, location: PASADENA };
const stop = (id: string, startMs: number, location: typeof HOME | null) => ({
  id,
  startMs,
  endMs: startMs + HOUR,
  location,
});

describe('the arrival', () => {
  it('drives from the crew job before this one that day, at the business speed, rounded up to 5 minutes', () => {
    const dayJobs = [
      stop('early', NOW - 4 * HOUR, HOME),
      stop('before', NOW - 2 * HOUR, SANTA_MONICA),
      job,
      stop('later', NOW + 4 * HOUR, HOME),
    ];
    const drive = driveMinutes(SANTA_MONICA, PASADENA, 30);
    expect(drive).toBeGreaterThan(20);
    const arrival = arrivalOf({ now: NOW, job, dayJobs, home: HOME, speedMph: 30 });
    expect(arrival).toMatchObject({ fromId: 'before', driveMinutes: drive });
    const exact = NOW + drive * 60_000;
    expect(arrival!.atMs).toBeGreaterThanOrEqual(exact);
    expect(arrival!.atMs - exact).toBeLessThan(5 * 60_000);
    expect(arrival!.atMs % (5 * 60_000)).toBe(0);
    // Twice the speed, about half the drive.
    const faster = arrivalOf({ now: NOW, job, dayJobs, home: HOME, speedMph: 60 });
    expect(faster!.driveMinutes).toBe(driveMinutes(SANTA_MONICA, PASADENA, 60));
    expect(faster!.driveMinutes).toBeLessThan(drive);
  });

  it("drives from the crew's start place when it has no job before this one", () => {
    const arrival = arrivalOf({
      now: NOW,
      job,
      dayJobs: [job, stop('later', NOW + 4 * HOUR, SANTA_MONICA)],
      home: HOME,
      speedMph: 30,
    });
    expect(arrival).toMatchObject({ fromId: null, driveMinutes: driveMinutes(HOME, PASADENA, 30) });
  });

  it('is unknown, not wrong, when a place is not on the map', () => {
    expect(arrivalOf({ now: NOW, job: { ...job, location: null }, dayJobs: [], home: HOME, speedMph: 30 })).toBeNull();
    expect(arrivalOf({ now: NOW, job, dayJobs: [], home: null, speedMph: 30 })).toBeNull();
    const unplaced = [stop('before', NOW - HOUR, null)];
    expect(arrivalOf({ now: NOW, job, dayJobs: unplaced, home: HOME, speedMph: 30 })).toBeNull();
  });

  it('is now, rounded up, when the crew is there already', () => {
    const here = arrivalOf({
      now: NOW,
      job,
      dayJobs: [stop('before', NOW - HOUR, PASADENA)],
      home: HOME,
      speedMph: 30,
    });
    expect(here).toEqual({ fromId: 'before', driveMinutes: 0, atMs: Date.parse('2026-12-02T20:05:00Z') });
  });

  it("reads on the business's clock", () => {
    const at = Date.parse('2026-12-02T22:40:00Z');
    expect(arrivalClock(at, LA, '12h')).toBe('2:40 PM');
    expect(arrivalClock(at, LA, '24h')).toBe('14:40');
    expect(arrivalClock(at, 'America/New_York', '12h')).toBe('5:40 PM');
  });
});

describe('the words', () => {
  it('name who comes and when, or only that they come', () => {
    expect(onMyWayWords('Shiny Cars', 'Sam', '2:40 PM')).toBe(
      'Sam from Shiny Cars is on the way, arriving about 2:40 PM.',
    );
    expect(onMyWayWords('Shiny Cars', null, '2:40 PM')).toBe('Shiny Cars: we are on the way, arriving about 2:40 PM.');
    expect(onMyWayWords('Shiny Cars', 'Sam', null)).toBe('Sam from Shiny Cars is on the way to you now.');
  });
});

describe('when it may be sent', () => {
  const row = { status: 'approved', end_ms: NOW + 3 * HOUR, day: '2026-12-02', on_my_way_at: null };
  const refusal = (over: Partial<typeof row> | { on_my_way_at: number }, startedAt: number | null = null) =>
    onMyWayRefusal({ ...row, ...over }, startedAt, '2026-12-02', NOW, LA, '12h');

  it("on today's booked job not started and not told", () => {
    expect(refusal({})).toBeNull();
    expect(refusal({ status: 'pending' })).toBeNull();
  });

  it('once', () => {
    expect(refusal({ on_my_way_at: Date.parse('2026-12-02T19:31:00Z') })).toEqual({
      code: 'ON_MY_WAY_ALREADY_SENT',
      error: 'The customer was told you are on the way at 11:31 AM: it is sent once per job.',
    });
  });

  it('not on another day, nor once started, done, cancelled or declined', () => {
    expect(refusal({ day: '2026-12-03' })?.code).toBe('JOB_NOT_TODAY');
    expect(refusal({}, NOW - HOUR)?.code).toBe('JOB_ALREADY_STARTED');
    expect(refusal({ status: 'completed' })?.code).toBe('JOB_ALREADY_STARTED');
    expect(refusal({ status: 'cancelled' })).toEqual({
      code: 'JOB_NOT_ACTIVE',
      error: 'This job is cancelled, so the customer is not told you are on the way. Refresh the jobs.',
    });
    expect(refusal({ status: 'declined' })?.code).toBe('JOB_NOT_ACTIVE');
  });
});
