import { describe, expect, it } from 'vitest';
import { QuoteQuestionsUpdate, ServiceInput } from './api.ts';
import { NICHES } from './domain.ts';
import { TRADE_TEMPLATES, templateFor } from './trade-templates.ts';

describe('trade templates', () => {
  it.each(NICHES.filter((n) => n !== 'other'))('%s has valid starting services and a valid question', (niche) => {
    const t = templateFor(niche);
    expect(t).not.toBeNull();
    expect(t!.services.length).toBeGreaterThanOrEqual(2);
    for (const s of t!.services) expect(ServiceInput.safeParse(s).success).toBe(true);
    expect(t!.questions.length).toBeGreaterThanOrEqual(1);
    expect(QuoteQuestionsUpdate.safeParse({ questions: t!.questions }).success).toBe(true);
  });

  it('covers every niche but other, and nothing for other or free text', () => {
    expect(Object.keys(TRADE_TEMPLATES).sort()).toEqual(NICHES.filter((n) => n !== 'other').sort());
    expect(templateFor('other')).toBeNull();
    expect(templateFor('Window washing')).toBeNull();
  });

  it('prices vehicle size and condition for detailers, pool size and a spa for pools, area per 1,000 sq ft for lawns', () => {
    expect(TRADE_TEMPLATES['car-detailing'].questions).toMatchObject([
      { type: 'dropdown', question: expect.stringMatching(/vehicle/) },
      { type: 'dropdown', question: expect.stringMatching(/condition/), required: false },
    ]);
    expect(TRADE_TEMPLATES['car-detailing'].services[2]?.addOns?.map((a) => a.name)).toContain('Pet hair removal');
    expect(TRADE_TEMPLATES['pool-cleaning'].questions).toMatchObject([
      { type: 'dropdown', question: expect.stringMatching(/pool/) },
      { type: 'yes_no', question: expect.stringMatching(/spa/), required: false },
    ]);
    expect(TRADE_TEMPLATES['lawn-care'].questions).toMatchObject([
      { type: 'rate', question: 'Lawn area', unit: 'per 1,000 sq ft' },
    ]);
    expect(TRADE_TEMPLATES['home-cleaning'].questions[0]).toMatchObject({
      type: 'dropdown',
      question: expect.stringMatching(/bedrooms/),
    });
  });
});
