import { describe, expect, it } from 'vitest';
import { areaOf, servicePrice, tradeLabel } from './view.ts';

describe('areaOf', () => {
  it.each([
    ['100, Beverly Hills, CA 90210, USA', 'Beverly Hills', 'CA', '90210'],
    ['1100 Congress Ave, Austin, TX 78701, USA', 'Austin', 'TX', '78701'],
    ['1100 Congress Ave, Suite 4, Austin, TX 78701-1234', 'Austin', 'TX', '78701-1234'],
  ])('%s -> the town only', (address, locality, region, postalCode) => {
    const area = areaOf(address, 30.27456, -97.74031, null);
    expect(area).toMatchObject({ locality, region, postalCode, label: `${locality}, ${region} ${postalCode}` });
    expect(area.label).not.toMatch(/Congress|100,/);
    expect(area.geo).toEqual({ lat: 30.27, lng: -97.74 });
  });

  it('shows no town for an address it cannot read, or none', () => {
    expect(areaOf('somewhere', null, null, 10)).toMatchObject({ locality: null, label: null, geo: null, miles: 10 });
    expect(areaOf(null, null, null, null).label).toBeNull();
  });
});

const asked = {
  id: 'q',
  question: 'Size',
  unit: null,
  minQuantity: null,
  maxQuantity: null,
  required: true,
  serviceIds: null,
};

describe('servicePrice', () => {
  const dropdown = (...cents: number[]) => ({
    ...asked,
    type: 'dropdown' as const,
    options: cents.map((valueCents, i) => ({ text: `o${i}`, valueCents, extraMinutes: 0 })),
    rateCents: null,
  });
  it('adds the cheapest answer, and says "from" when an answer or the distance can cost more', () => {
    expect(servicePrice(5000, [dropdown(0, 2500)], false)).toEqual({ fromCents: 5000, varies: true });
    expect(servicePrice(5000, [dropdown(1000, 1000)], false)).toEqual({ fromCents: 6000, varies: false });
    expect(servicePrice(5000, [], false)).toEqual({ fromCents: 5000, varies: false });
    expect(servicePrice(5000, [], true)).toEqual({ fromCents: 5000, varies: true });
    expect(
      servicePrice(5000, [{ ...asked, question: 'Sq ft?', type: 'rate', options: [], rateCents: 600 }], false),
    ).toEqual({
      fromCents: 5000,
      varies: true,
    });
  });

  it('adds the cheapest answer of each required question, none of an optional one, and a rate at its least', () => {
    const optional = { ...dropdown(500, 900), required: false };
    const rate = { ...asked, type: 'rate' as const, options: [], rateCents: 600, minQuantity: 2 };
    expect(servicePrice(5000, [dropdown(1000, 1000), optional, rate], false)).toEqual({
      fromCents: 5000 + 1000 + 1200,
      varies: true,
    });
  });
});

describe('tradeLabel', () => {
  it('reads a trade as a phrase, and none for "other"', () => {
    expect(tradeLabel('car-detailing')).toBe('Car detailing');
    expect(tradeLabel('other')).toBeNull();
    expect(tradeLabel(null)).toBeNull();
  });
});
