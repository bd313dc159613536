import { describe, expect, it } from 'vitest';
import { ServiceInput, SpecificQuestionUpdate } from './api.ts';
import { NICHES } from './domain.ts';
import { TRADE_TEMPLATES, templateFor } from './trade-templates.ts';

describe('trade templates', () => {
  it.each(NICHES.filter((n) => n !== 'other'))('%s has valid starting services and a valid question', (niche) => {
    const t = templateFor(niche);
    expect(t).not.toBeNull();
    expect(t!.services.length).toBeGreaterThanOrEqual(2);
    for (const s of t!.services) expect(ServiceInput.safeParse(s).success).toBe(true);
    const q = t!.question;
    const update = q.type === 'dropdown' ? { ...q, rate: null } : { ...q, options: [] };
    expect(SpecificQuestionUpdate.safeParse(update).success).toBe(true);
  });

  it('covers every niche but other, and nothing for other or free text', () => {
    expect(Object.keys(TRADE_TEMPLATES).sort()).toEqual(NICHES.filter((n) => n !== 'other').sort());
    expect(templateFor('other')).toBeNull();
    expect(templateFor('Window washing')).toBeNull();
  });

  it('prices vehicle size for detailers, pool size for pools, a rate per 1,000 sq ft for lawns, bedrooms for cleaners', () => {
    expect(TRADE_TEMPLATES['car-detailing'].question).toMatchObject({
      type: 'dropdown',
      question: expect.stringMatching(/vehicle/),
    });
    expect(TRADE_TEMPLATES['pool-cleaning'].question).toMatchObject({
      type: 'dropdown',
      question: expect.stringMatching(/pool/),
    });
    expect(TRADE_TEMPLATES['lawn-care'].question).toMatchObject({
      type: 'rate',
      question: expect.stringMatching(/1,000 sq ft/),
    });
    expect(TRADE_TEMPLATES['home-cleaning'].question).toMatchObject({
      type: 'dropdown',
      question: expect.stringMatching(/bedrooms/),
    });
  });
});
