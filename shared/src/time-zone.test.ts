import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  canonicalZone,
  isTimeZone,
  localDateTime,
  localToUtcMs,
  longDate,
  offsetAt,
  shortDate,
  todayIn,
  US_TIME_ZONES,
  utcMsToLocal,
  wallClockAt,
  wallTimeExists,
  wallTimeRepeats,
  zoneAbbreviation,
  zoneIfRepeated,
  zoneLabel,
  zoneShortName,
} from './time-zone.ts';

const NY = 'America/New_York';
const LONDON = 'Europe/London';
const LA = 'America/Los_Angeles';
const utc = (iso: string) => Date.parse(iso);
/** A Tuesday in winter, New York (UTC-5). */
const DAY = '2026-12-01';
/** Zones with half-hour and 45-minute offsets, a half-hour daylight-saving change, and the southern summer. */
const ZONES = [NY, LONDON, LA, 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC'];

/** The zone's offset as the runtime prints it ("GMT-05:00"): an independent reading to check offsetAt against. */
function printedOffset(zone: string, ms: number): number {
  const printed = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).format(ms);
  const m = /GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(printed);
  if (!m) throw new Error(`Unexpected offset: ${printed}`);
  return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

describe('wall time and UTC', () => {
  it('converts both ways in several zones', () => {
    expect(localToUtcMs('2026-07-01', '09:30', NY)).toBe(utc('2026-07-01T13:30:00Z'));
    expect(localToUtcMs('2026-01-01', '09:30', NY)).toBe(utc('2026-01-01T14:30:00Z'));
    expect(localToUtcMs('2026-07-01', '09:30', 'Asia/Kolkata')).toBe(utc('2026-07-01T04:00:00Z'));
    expect(localToUtcMs('2026-07-01', '00:15', 'Asia/Kathmandu')).toBe(utc('2026-06-30T18:30:00Z'));
    expect(utcMsToLocal(utc('2026-07-01T03:30:00Z'), NY)).toEqual({ day: '2026-06-30', time: '23:30' });
    expect(utcMsToLocal(utc('2026-12-31T23:30:00Z'), 'Pacific/Auckland')).toEqual({ day: '2027-01-01', time: '12:30' });
  });

  it('maps a skipped wall time to the moment the clocks jump past it', () => {
    expect(localToUtcMs('2026-03-08', '02:30', NY)).toBe(utc('2026-03-08T07:00:00Z'));
    expect(localToUtcMs('2026-03-08', '02:00', NY)).toBe(utc('2026-03-08T07:00:00Z'));
    expect(localToUtcMs('2026-03-29', '01:45', LONDON)).toBe(utc('2026-03-29T01:00:00Z'));
  });

  it('gives the first occurrence of a wall time the fall-back repeats, and reads both occurrences back', () => {
    expect(localToUtcMs('2026-11-01', '01:30', NY)).toBe(utc('2026-11-01T05:30:00Z'));
    expect(localToUtcMs('2026-11-01', '02:00', NY)).toBe(utc('2026-11-01T07:00:00Z'));
    expect(utcMsToLocal(utc('2026-11-01T05:30:00Z'), NY)).toEqual({ day: '2026-11-01', time: '01:30' });
    expect(utcMsToLocal(utc('2026-11-01T06:30:00Z'), NY)).toEqual({ day: '2026-11-01', time: '01:30' });
    expect(wallTimeExists('2026-11-01', '01:30', NY)).toBe(true);
  });

  it('knows which wall times a gap skips', () => {
    expect(wallTimeExists('2026-03-08', '02:30', NY)).toBe(false);
    expect(wallTimeExists('2026-03-08', '03:00', NY)).toBe(true);
    expect(wallTimeExists('2026-03-29', '01:00', LONDON)).toBe(false);
    expect(wallTimeExists('2026-10-25', '01:30', LONDON)).toBe(true);
  });

  it('round-trips every existing wall time (property)', () => {
    const zones = [NY, LONDON, 'America/Los_Angeles', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        fc.constantFrom(...zones),
        (date, minute, zone) => {
          const day = date.toISOString().slice(0, 10);
          const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
          const ms = localToUtcMs(day, time, zone);
          if (wallTimeExists(day, time, zone)) expect(utcMsToLocal(ms, zone)).toEqual({ day, time });
          else expect(utcMsToLocal(ms, zone).time > time || utcMsToLocal(ms, zone).day > day).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('throws on an unknown time zone rather than guessing', () => {
    expect(() => localToUtcMs(DAY, '10:00', 'Mars/Olympus')).toThrow(/time zone/);
    expect(() => utcMsToLocal(utc('2026-12-01T10:00:00Z'), 'Mars/Olympus')).toThrow(RangeError);
    expect(() => wallTimeExists(DAY, '10:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('offsets', () => {
  it('reads whole-hour, half-hour and 45-minute offsets', () => {
    expect(offsetAt(NY, utc('2026-01-15T12:00:00Z'))).toBe(-300);
    expect(offsetAt(NY, utc('2026-07-15T12:00:00Z'))).toBe(-240);
    expect(offsetAt('Asia/Kolkata', utc('2026-07-15T12:00:00Z'))).toBe(330);
    expect(offsetAt('Asia/Kathmandu', utc('2026-07-15T12:00:00Z'))).toBe(345);
    expect(offsetAt('Pacific/Chatham', utc('2026-01-15T12:00:00Z'))).toBe(825);
    expect(offsetAt('UTC', utc('2026-07-15T12:00:00Z'))).toBe(0);
  });

  it('changes at the very minute the clocks do, both ways (New York, 2026-03-08 and 2026-11-01)', () => {
    expect(offsetAt(NY, utc('2026-03-08T06:59:00Z'))).toBe(-300);
    expect(offsetAt(NY, utc('2026-03-08T07:00:00Z'))).toBe(-240);
    expect(offsetAt(NY, utc('2026-11-01T05:59:00Z'))).toBe(-240);
    expect(offsetAt(NY, utc('2026-11-01T06:00:00Z'))).toBe(-300);
  });

  it('agrees with the offset the runtime prints, in any zone at any instant (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: utc('2020-01-01T00:00:00Z'), max: utc('2035-12-31T00:00:00Z') }),
        fc.constantFrom(...ZONES),
        (ms, zone) => {
          expect(offsetAt(zone, ms)).toBe(printedOffset(zone, Math.floor(ms / 60_000) * 60_000));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('throws on an unknown time zone', () => {
    expect(() => offsetAt('Mars/Olympus', 0)).toThrow('Unknown time zone: Mars/Olympus');
  });
});

describe('wall clocks of instants', () => {
  it('reads the business zone, not the runtime one', () => {
    const ms = Date.parse('2026-12-02T03:30:00Z');
    expect(wallClockAt(ms, NY)).toEqual({ day: '2026-12-01', time: '22:30' });
    expect(wallClockAt(ms, LONDON)).toEqual({ day: '2026-12-02', time: '03:30' });
    expect(todayIn(LA, ms)).toBe('2026-12-01');
    expect(localDateTime(ms, NY)).toBe('2026-12-01 22:30');
  });

  it('jumps with the clocks on both daylight-saving days (New York)', () => {
    expect(wallClockAt(utc('2026-03-08T06:59:00Z'), NY)).toEqual({ day: '2026-03-08', time: '01:59' });
    expect(wallClockAt(utc('2026-03-08T07:00:00Z'), NY)).toEqual({ day: '2026-03-08', time: '03:00' });
    expect(wallClockAt(utc('2026-11-01T05:59:00Z'), NY)).toEqual({ day: '2026-11-01', time: '01:59' });
    expect(wallClockAt(utc('2026-11-01T06:00:00Z'), NY)).toEqual({ day: '2026-11-01', time: '01:00' });
    // Both 01:30s of the repeated hour print alike, as the clocks on the wall read them.
    expect(localDateTime(utc('2026-11-01T05:30:00Z'), NY)).toBe('2026-11-01 01:30');
    expect(localDateTime(utc('2026-11-01T06:30:00Z'), NY)).toBe('2026-11-01 01:30');
    expect(localDateTime(utc('2026-03-08T07:00:00Z'), NY)).toBe('2026-03-08 03:00');
  });

  it("starts the business's today at its midnight, on the 23-hour and the 25-hour day", () => {
    // 2026-03-08 in New York: from 05:00Z (midnight EST) to 04:00Z next day (midnight EDT).
    expect(todayIn(NY, utc('2026-03-08T04:59:59Z'))).toBe('2026-03-07');
    expect(todayIn(NY, utc('2026-03-08T05:00:00Z'))).toBe('2026-03-08');
    expect(todayIn(NY, utc('2026-03-09T03:59:59Z'))).toBe('2026-03-08');
    expect(todayIn(NY, utc('2026-03-09T04:00:00Z'))).toBe('2026-03-09');
    // 2026-11-01: from 04:00Z (midnight EDT) to 05:00Z next day (midnight EST).
    expect(todayIn(NY, utc('2026-11-01T03:59:59Z'))).toBe('2026-10-31');
    expect(todayIn(NY, utc('2026-11-01T04:00:00Z'))).toBe('2026-11-01');
    expect(todayIn(NY, utc('2026-11-02T04:59:59Z'))).toBe('2026-11-01');
    expect(todayIn(NY, utc('2026-11-02T05:00:00Z'))).toBe('2026-11-02');
  });

  it('reads today from the clock when no instant is given', () => {
    vi.useFakeTimers({ now: utc('2026-12-02T03:30:00Z') });
    try {
      expect(todayIn(NY)).toBe('2026-12-01');
      expect(todayIn(LONDON)).toBe('2026-12-02');
      expect(todayIn('Pacific/Auckland')).toBe('2026-12-02');
    } finally {
      vi.useRealTimers();
    }
  });

  it('agrees with utcMsToLocal across both daylight-saving changes, every 15 minutes', () => {
    for (const start of ['2026-03-08T04:00:00Z', '2026-11-01T04:00:00Z']) {
      for (let ms = Date.parse(start); ms < Date.parse(start) + 8 * 3600_000; ms += 15 * 60_000)
        expect(wallClockAt(ms, NY)).toEqual(utcMsToLocal(ms, NY));
    }
  });

  it('gives each zone its own answer when zones alternate (one cached formatter per zone)', () => {
    const ms = Date.parse('2026-07-01T12:00:00Z');
    for (let i = 0; i < 3; i++) {
      expect(wallClockAt(ms, NY).time).toBe('08:00');
      expect(wallClockAt(ms, LONDON).time).toBe('13:00');
      expect(wallClockAt(ms, LA).time).toBe('05:00');
    }
  });

  it('gives the answers of a freshly built formatter, with zones in any order (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: utc('2020-01-01T00:00:00Z'), max: utc('2035-12-31T00:00:00Z') }),
            fc.constantFrom(...ZONES),
          ),
          { minLength: 1, maxLength: 20 },
        ),
        (readings) => {
          for (const [ms, zone] of readings) {
            const p = Object.fromEntries(
              new Intl.DateTimeFormat('en-US', {
                timeZone: zone,
                year: 'numeric',
                month: '2-digit',
                day: '2-digit',
                hour: '2-digit',
                minute: '2-digit',
                hourCycle: 'h23',
              })
                .formatToParts(ms)
                .map((part) => [part.type, part.value]),
            );
            const day = `${p.year}-${p.month}-${p.day}`;
            expect(wallClockAt(ms, zone)).toEqual({ day, time: `${p.hour}:${p.minute}` });
            expect(todayIn(zone, ms)).toBe(day);
            expect(localDateTime(ms, zone)).toBe(`${day} ${p.hour}:${p.minute}`);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads an unknown zone as UTC instead of failing the page', () => {
    const ms = Date.parse('2026-12-02T03:30:00Z');
    expect(wallClockAt(ms, 'Not/AZone')).toEqual({ day: '2026-12-02', time: '03:30' });
    expect(todayIn('Not/AZone', ms)).toBe('2026-12-02');
    expect(localDateTime(ms, 'Not/AZone')).toBe('2026-12-02 03:30');
    // A known zone asked after the unknown one still gets its own answer.
    expect(todayIn(NY, ms)).toBe('2026-12-01');
  });
});

describe('the formatter cache', () => {
  const realFormat = Intl.DateTimeFormat;
  afterEach(() => {
    Object.defineProperty(Intl, 'DateTimeFormat', { value: realFormat, writable: true, configurable: true });
    vi.resetModules();
  });

  it('builds one formatter per zone, however often and in whatever order the zones are asked', async () => {
    const built: string[] = [];
    const counting = new Proxy(realFormat, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        built.push(args[1]?.timeZone ?? '(runtime)');
        return Reflect.construct(target, args);
      },
    });
    Object.defineProperty(Intl, 'DateTimeFormat', { value: counting, writable: true, configurable: true });
    vi.resetModules();
    const tz = await import('./time-zone.ts');
    const atImport = built.length;
    const ms = utc('2026-07-01T12:00:00Z');
    for (let i = 0; i < 50; i++) {
      for (const zone of [NY, LONDON, LA]) {
        tz.wallClockAt(ms + i * 3_600_000, zone);
        tz.todayIn(zone, ms + i * 3_600_000);
        tz.localDateTime(ms, zone);
        tz.offsetAt(zone, ms + i * 3_600_000);
      }
      tz.longDate('2026-12-02');
      tz.shortDate('2026-03-05');
      tz.todayIn('Not/AZone', ms);
    }
    expect(built.slice(atImport).sort()).toEqual([LA, NY, 'Not/AZone', 'UTC', LONDON].sort());
  });
});

describe('dates as people read them', () => {
  it('writes long and short dates of a calendar day', () => {
    expect(longDate('2026-12-02')).toBe('Wednesday, December 2, 2026');
    expect(shortDate('2026-03-05')).toBe('Thu, Mar 5, 2026');
    expect(longDate('2026-01-01')).toBe('Thursday, January 1, 2026');
    expect(longDate('2026-03-08')).toBe('Sunday, March 8, 2026');
    expect(shortDate('2026-11-01')).toBe('Sun, Nov 1, 2026');
  });

  it('writes the same date whatever zone the runtime is in', async () => {
    const runtimeZone = process.env.TZ;
    try {
      for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', NY]) {
        // Node follows TZ at once; a fresh module builds its formatters under it.
        process.env.TZ = zone;
        vi.resetModules();
        const fresh = await import('./time-zone.ts');
        expect(fresh.longDate('2026-11-01')).toBe('Sunday, November 1, 2026');
        expect(fresh.shortDate('2026-03-08')).toBe('Sun, Mar 8, 2026');
      }
    } finally {
      if (runtimeZone === undefined) delete process.env.TZ;
      else process.env.TZ = runtimeZone;
      vi.resetModules();
    }
  });

  it('returns what is not a date as it is', () => {
    expect(longDate('soon')).toBe('soon');
    expect(shortDate('')).toBe('');
  });
});

describe('zone names', () => {
  it('knows IANA names and refuses offsets and junk', () => {
    expect(isTimeZone(NY)).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('+05:00')).toBe(false);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('stores the canonical casing but never swaps an alias for another zone', () => {
    expect(canonicalZone('america/new_york')).toBe(NY);
    expect(canonicalZone('EST')).toBe('EST');
  });

  it('throws on an unknown zone in canonicalZone (isTimeZone screens what the owner typed first)', () => {
    expect(() => canonicalZone('Mars/Olympus')).toThrow(RangeError);
  });
});

describe('the repeated hour of the autumn change (issue 20, item 9)', () => {
  it('knows which wall times occur twice: 01:00 and 01:30 in New York on 2026-11-01, nothing else', () => {
    expect(wallTimeRepeats('2026-11-01', '01:00', NY)).toBe(true);
    expect(wallTimeRepeats('2026-11-01', '01:59', NY)).toBe(true);
    expect(wallTimeRepeats('2026-11-01', '00:59', NY)).toBe(false);
    expect(wallTimeRepeats('2026-11-01', '02:00', NY)).toBe(false);
    expect(wallTimeRepeats('2026-03-08', '02:30', NY)).toBe(false);
    expect(wallTimeRepeats(DAY, '01:00', NY)).toBe(false);
    expect(wallTimeRepeats('2026-10-25', '01:30', LONDON)).toBe(true);
    expect(wallTimeRepeats('2026-04-05', '01:45', 'Australia/Lord_Howe')).toBe(true);
    expect(wallTimeRepeats('2026-11-01', '01:00', 'UTC')).toBe(false);
  });

  it('names the zone only where the wall time is ambiguous: 01:00 for 60 minutes reads 01:00 EDT - 01:00 EST', () => {
    const start = localToUtcMs('2026-11-01', '01:00', NY);
    const end = start + 60 * 60_000;
    expect(start).toBe(utc('2026-11-01T05:00:00Z'));
    expect(utcMsToLocal(end, NY)).toEqual({ day: '2026-11-01', time: '01:00' });
    expect([zoneIfRepeated(start, NY), zoneIfRepeated(end, NY)]).toEqual(['EDT', 'EST']);
    expect(zoneIfRepeated(utc('2026-11-01T07:00:00Z'), NY)).toBeUndefined(); // 02:00 EST
    expect(zoneIfRepeated(utc('2026-12-01T15:00:00Z'), NY)).toBeUndefined();
    expect(zoneAbbreviation(utc('2026-07-01T12:00:00Z'), NY)).toBe('EDT');
    expect(zoneAbbreviation(utc('2026-07-01T12:00:00Z'), 'UTC')).toBe('UTC');
  });
});

describe('zones by their friendly names', () => {
  it.each([
    ['America/Los_Angeles', 'Pacific Time, Los Angeles'],
    ['America/Denver', 'Mountain Time, Denver'],
    ['America/Phoenix', 'Mountain Standard Time, Phoenix'],
    ['America/New_York', 'Eastern Time, New York'],
    ['America/Chicago', 'Central Time, Chicago'],
    ['Pacific/Honolulu', 'Hawaii-Aleutian Standard Time, Honolulu'],
    ['America/Indiana/Indianapolis', 'Eastern Time, Indianapolis'],
    ['Europe/London', 'United Kingdom Time, London'],
    ['Asia/Tokyo', 'Japan Standard Time, Tokyo'],
  ])('%s reads "%s"', (zone, label) => {
    expect(zoneLabel(zone)).toBe(label);
  });

  it('leaves the city out when the name says it, and zones without a city are their name', () => {
    expect(zoneLabel('Asia/Hong_Kong')).toBe('Hong Kong Standard Time');
    expect(zoneLabel('UTC')).toBe('Coordinated Universal Time (UTC)');
    expect(zoneLabel('Etc/GMT+5')).toBe('GMT-05:00');
  });

  it('shows a zone the runtime does not know as its id', () => {
    expect(zoneLabel('Mars/Olympus_Mons')).toBe('Mars/Olympus_Mons');
  });

  it('lists the US zones a picker puts first, each a zone the runtime knows', () => {
    expect(US_TIME_ZONES.length).toBeGreaterThan(5);
    for (const zone of US_TIME_ZONES) expect(isTimeZone(zone)).toBe(true);
  });
});

describe('zoneShortName', () => {
  it('is the generic name without "Time", and the id for a zone the runtime does not know', () => {
    expect(zoneShortName('America/Los_Angeles')).toBe('Pacific');
    expect(zoneShortName('America/New_York')).toBe('Eastern');
    expect(zoneShortName('Europe/Paris')).toBe('Central European');
    expect(zoneShortName('Not/AZone')).toBe('Not/AZone');
  });
});
