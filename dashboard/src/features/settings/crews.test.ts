import type { Crew, Service } from '@slotwise/shared/api';
import { describe, expect, it } from 'vitest';
import { CREW_COLOURS, colourWarning, draftFrom, nextCrewColour, servicesWords, toCrewRequest } from './crews.ts';

const crew = (over: Partial<Crew> = {}): Crew => ({
  _id: 'c1',
  name: 'Main crew',
  color: '#0f766e',
  active: true,
  hours: null,
  startAddress: null,
  serviceIds: null,
  member: null,
  ...over,
});
const WASH: Service = { _id: 's1', serviceName: 'Wash', duration: 60, price: 50 };
const DETAIL: Service = { _id: 's2', serviceName: 'Full Detail', duration: 120, price: 180 };

describe('nextCrewColour', () => {
  it('is the first colour no crew has, whatever its case', () => {
    expect(nextCrewColour([])).toBe('#0f766e');
    expect(nextCrewColour([crew({ color: '#0F766E' }), crew({ color: '#7e22ce' })])).toBe('#1d4ed8');
  });

  it('goes round the palette once every colour is taken', () => {
    const all = CREW_COLOURS.map((c) => crew({ color: c.hex }));
    expect(nextCrewColour(all)).toBe(CREW_COLOURS[0].hex);
  });
});

describe('toCrewRequest', () => {
  it("drops services the business no longer offers, and refuses when none of the crew's are left", () => {
    const d = { ...draftFrom(crew({ serviceIds: ['s1', 'gone'] }), []), name: 'Truck 2' };
    expect(toCrewRequest(d, [WASH, DETAIL])).toMatchObject({ ok: true, value: { serviceIds: ['s1'] } });
    expect(toCrewRequest(d, [DETAIL])).toEqual({
      ok: false,
      error: 'Tick at least one service the crew does, or choose "Every service".',
    });
  });

  it('refuses own hours with no working day', () => {
    const d = draftFrom(crew({ hours: [] }), []);
    const off = { ...d, rows: d.rows?.map((r) => ({ ...r, enabled: false })) ?? null };
    expect(toCrewRequest(off, [])).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Switch on at least one/),
    });
  });
});

describe("a crew's words", () => {
  it('names its services in the business order, or says every service', () => {
    expect(servicesWords(crew(), [WASH])).toBe('Every service');
    expect(servicesWords(crew({ serviceIds: ['s2', 's1'] }), [WASH, DETAIL])).toBe('Wash, Full Detail');
    expect(servicesWords(crew({ serviceIds: ['s2', 's1'] }), undefined)).toBe('2 services');
  });

  it('warns of a colour hard to see on white, not of the palette', () => {
    expect(colourWarning('#fde68a')).toMatch(/hard to see on white/);
    for (const c of CREW_COLOURS) expect(colourWarning(c.hex)).toBeNull();
  });
});
