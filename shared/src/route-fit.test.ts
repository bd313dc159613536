import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeQuote, roundCentsHalfUp } from './quote.ts';
import {
  detourMiles,
  NEARBY_SHARES,
  nearbyLabel,
  type RouteFitInput,
  routeFitTravel,
  slotTotalCents,
  withRouteFit,
} from './route-fit.ts';
import type { Job } from './travel.ts';

const HOUR = 3_600_000;
const cents = fc.integer({ min: 0, max: 10_000_000 });
const input: fc.Arbitrary<RouteFitInput> = fc.record({
  baseTravelCents: cents,
  detourMiles: fc.option(fc.double({ min: 0, max: 5_000, noNaN: true }), { nil: null }),
  pricePerMileCents: fc.integer({ min: 0, max: 100_000 }),
  share: fc.constantFrom(...NEARBY_SHARES),
  floorCents: cents,
});

describe('routeFitTravel', () => {
  it('is whole cents, never above the base charge, never below the floor unless the base is, and saves base - travel', () => {
    fc.assert(
      fc.property(input, (i) => {
        const fit = routeFitTravel(i);
        expect(Number.isSafeInteger(fit.travelCents) && Number.isSafeInteger(fit.savingCents)).toBe(true);
        expect(fit.travelCents).toBeLessThanOrEqual(i.baseTravelCents);
        expect(fit.travelCents).toBeGreaterThanOrEqual(Math.min(i.floorCents, i.baseTravelCents));
        expect(fit.savingCents).toBe(i.baseTravelCents - fit.travelCents);
        expect(fit.savingCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('is deterministic, and the owner who keeps the saving changes no price', () => {
    fc.assert(
      fc.property(input, (i) => {
        expect(routeFitTravel(i)).toEqual(routeFitTravel({ ...i }));
        expect(routeFitTravel({ ...i, share: 'none' })).toEqual({ travelCents: i.baseTravelCents, savingCents: 0 });
      }),
    );
  });

  it('gives the customer all, half (rounded down) or none of the difference, down to the floor', () => {
    fc.assert(
      fc.property(input, (i) => {
        const all = routeFitTravel({ ...i, share: 'all' }).savingCents;
        const half = routeFitTravel({ ...i, share: 'half' }).savingCents;
        expect(half).toBeLessThanOrEqual(all);
        if (i.floorCents === 0 && i.detourMiles !== null) {
          const route = roundCentsHalfUp(i.pricePerMileCents * (Math.round(i.detourMiles * 10) / 10));
          const difference = Math.max(0, i.baseTravelCents - route);
          expect(all).toBe(difference);
          expect(half).toBe(Math.floor(difference / 2));
        }
      }),
    );
  });

  it('a job next door: $24.60 from the base, 0.2 mi added at $2/mi, all of it: $0.40, $24.20 less; floor $5: $5', () => {
    const i: RouteFitInput = {
      baseTravelCents: 2_460,
      detourMiles: 0.2,
      pricePerMileCents: 200,
      share: 'all',
      floorCents: 0,
    };
    expect(routeFitTravel(i)).toEqual({ travelCents: 40, savingCents: 2_420 });
    expect(routeFitTravel({ ...i, share: 'half' })).toEqual({ travelCents: 1_250, savingCents: 1_210 });
    expect(routeFitTravel({ ...i, floorCents: 500 })).toEqual({ travelCents: 500, savingCents: 1_960 });
    // A floor above the base charge never raises it; a longer detour never raises it either.
    expect(routeFitTravel({ ...i, floorCents: 9_000 })).toEqual({ travelCents: 2_460, savingCents: 0 });
    expect(routeFitTravel({ ...i, detourMiles: 40 })).toEqual({ travelCents: 2_460, savingCents: 0 });
  });

  it('refuses cents that are not whole', () => {
    expect(() =>
      routeFitTravel({
        ...({} as RouteFitInput),
        baseTravelCents: 1.5,
        pricePerMileCents: 1,
        floorCents: 0,
        share: 'all',
        detourMiles: 1,
      }),
    ).toThrow(RangeError);
  });
});

describe('detourMiles', () => {
  const home = { lat: 34.05, lng: -118.45 };
  const street = { lat: 34.1, lng: -118.4 };
  const job = (id: string, h: number, location = street): Job => ({
    id,
    startMs: h * HOUR,
    endMs: (h + 1) * HOUR,
    location,
  });

  it('first of the day: from the start place; last: no leg home; between: what it adds', () => {
    const at = (h: number) => ({ startMs: h * HOUR, endMs: (h + 1) * HOUR, location: street });
    // Alone: the miles from the start place, as the quote's distance.
    expect(detourMiles(at(10), [], home)).toBeGreaterThan(4);
    // After a job on the same street: nothing added.
    expect(detourMiles(at(12), [job('a', 10)], home)).toBe(0);
    // Before it: from the start place to here, then on to the same street: the drive from home, less nothing.
    expect(detourMiles(at(8), [job('a', 10)], home)).toBe(0);
    // Between two jobs on the street: nothing.
    expect(detourMiles(at(11), [job('a', 9), job('b', 13)], home)).toBe(0);
    // Unknown place before it: unknown.
    expect(detourMiles(at(12), [{ ...job('a', 10), location: null }], home)).toBeNull();
    expect(detourMiles(at(12), [], null)).toBeNull();
  });

  it('is never negative and never more than going there from the previous stop and back', () => {
    const place = fc.record({
      lat: fc.double({ min: 30, max: 40, noNaN: true }),
      lng: fc.double({ min: -120, max: -110, noNaN: true }),
    });
    fc.assert(
      fc.property(place, place, place, place, (h, a, c, b) => {
        const d = detourMiles({ startMs: 2 * HOUR, endMs: 3 * HOUR, location: c }, [job('a', 0, a), job('b', 5, b)], h);
        expect(d).not.toBeNull();
        expect(d!).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('withRouteFit and slotTotalCents: the server books what the widget shows', () => {
  it('the quote at a slot totals the quote less the slot saving, its distance line replaced', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.constantFrom(...NEARBY_SHARES),
        fc.integer({ min: 0, max: 100_000 }),
        (price, perMile, miles, detour, share, floor) => {
          const quote = computeQuote({
            service: { id: 's', name: 'Wash', priceCents: price, durationMin: 60 },
            questions: [],
            answers: {},
            addOns: [],
            chosenAddOns: [],
            pricePerMileCents: perMile,
            miles,
          });
          const base = quote.lines.at(-1)!.amountCents;
          const fit = routeFitTravel({
            baseTravelCents: base,
            detourMiles: detour,
            pricePerMileCents: perMile,
            share,
            floorCents: floor,
          });
          const booked = withRouteFit(quote, fit);
          expect(booked.totalCents).toBe(slotTotalCents(quote.totalCents, fit.savingCents));
          expect(booked.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(booked.totalCents);
          expect(booked.totalCents).toBeLessThanOrEqual(quote.totalCents);
          if (fit.savingCents > 0) expect(booked.lines.at(-1)!.label).toBe(nearbyLabel(fit.savingCents));
          else expect(booked).toBe(quote);
        },
      ),
    );
  });
});
