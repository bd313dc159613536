import { driveMinutes } from '@slotwise/shared/travel';
import { describe, expect, it } from 'vitest';
import { type DayJob, projectDay, roundArrival, shouldTellLate } from './projected-day.ts';

const MIN = 60_000;
const T0 = Date.parse('2026-12-02T16:00:00Z');
const at = (minutes: number) => T0 + minutes * MIN;
const SANTA_MONICA = { lat: 34.0195, lng: -118.4912 };
const PASADENA = { lat: 34.1478, lng: -118.1445 };
const HERE = { lat: 34.05, lng: -118.25 };

/** A job booked `from`..`to` minutes after T0. */
function job(id: string, from: number, to: number, over: Partial<DayJob> = {}): DayJob {
  return { id, startMs: at(from), endMs: at(to), location: HERE, startedAt: null, completedAt: null, ...over };
}

describe('projectDay', () => {
  it('knows nothing before the crew starts a job: everything is on time', () => {
    expect(projectDay({ jobs: [job('a', 0, 60), job('b', 120, 180)], now: at(30), speedMph: 30 }).size).toBe(0);
  });

  it('cascades a late start through every later job, each as long as booked', () => {
    const jobs = [job('a', 0, 60, { startedAt: at(40) }), job('b', 60, 120), job('c', 120, 150), job('d', 240, 300)];
    const p = projectDay({ jobs, now: at(40), speedMph: 30 });
    expect(p.get('a')).toBeUndefined();
    expect(p.get('b')).toBe(at(100));
    expect(p.get('c')).toBe(at(160));
    // The crew waits for a job booked after its projected arrival.
    expect(p.get('d')).toBe(at(240));
  });

  it('adds the drive between the places at the business speed', () => {
    const drive = driveMinutes(SANTA_MONICA, PASADENA, 30);
    expect(drive).toBeGreaterThan(20);
    const jobs = [
      job('a', 0, 60, { location: SANTA_MONICA, startedAt: at(0), completedAt: at(90) }),
      job('b', 100, 160, { location: PASADENA }),
      job('c', 160, 200, { location: PASADENA }),
    ];
    const p = projectDay({ jobs, now: at(90), speedMph: 30 });
    expect(p.get('b')).toBe(at(90 + drive));
    expect(p.get('c')).toBe(at(90 + drive + 60));
    // Twice the speed, half the drive (rounded up to whole minutes).
    expect(projectDay({ jobs, now: at(90), speedMph: 60 }).get('b')).toBe(
      at(90 + driveMinutes(SANTA_MONICA, PASADENA, 60)),
    );
  });

  it('runs long: a started job not completed ends no earlier than now', () => {
    const jobs = [job('a', 0, 60, { startedAt: at(0) }), job('b', 90, 120)];
    expect(projectDay({ jobs, now: at(30), speedMph: 30 }).get('b')).toBe(at(90));
    expect(projectDay({ jobs, now: at(130), speedMph: 30 }).get('b')).toBe(at(130));
  });

  it('anchors on the latest job tapped: an earlier job never started says nothing', () => {
    const jobs = [job('skipped', 0, 60), job('a', 60, 120, { startedAt: at(80) }), job('b', 120, 180)];
    const p = projectDay({ jobs, now: at(80), speedMph: 30 });
    expect(p.has('skipped')).toBe(false);
    expect(p.get('b')).toBe(at(140));
  });

  it('a job with no place costs no drive', () => {
    const jobs = [job('a', 0, 60, { location: null, completedAt: at(75), startedAt: at(0) }), job('b', 60, 90)];
    expect(projectDay({ jobs, now: at(75), speedMph: 30 }).get('b')).toBe(at(75));
  });
});

describe('roundArrival', () => {
  it('rounds up to 5 minutes and keeps a round time', () => {
    expect(roundArrival(at(41))).toBe(at(45));
    expect(roundArrival(at(40))).toBe(at(40));
  });
});

describe('shouldTellLate', () => {
  it('tells a delay of more than the threshold, once', () => {
    expect(shouldTellLate(at(0), at(20), null, 20)).toBe(false);
    expect(shouldTellLate(at(0), at(25), null, 20)).toBe(true);
    expect(shouldTellLate(at(0), at(25), at(25), 20)).toBe(false);
    expect(shouldTellLate(at(0), at(45), at(25), 20)).toBe(false);
  });
  it('tells again when the arrival moves by more than the threshold, later or earlier', () => {
    expect(shouldTellLate(at(0), at(50), at(25), 20)).toBe(true);
    expect(shouldTellLate(at(0), at(60), at(90), 20)).toBe(true);
  });
  it('follows the owner threshold', () => {
    expect(shouldTellLate(at(0), at(15), null, 10)).toBe(true);
    expect(shouldTellLate(at(0), at(15), null, 30)).toBe(false);
  });
});
