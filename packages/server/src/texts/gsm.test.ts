import { describe, expect, it } from 'vitest';
import { gsmSafe, textLength } from './gsm.ts';
import { testText, textFor, withOptOutLine } from './templates.ts';

describe('GSM-7', () => {
  it('replaces look-alikes and drops accents GSM-7 lacks, keeping the ones it has', () => {
    expect(gsmSafe('Zoë’s “Shiny” Cars — José… 🚗')).toBe('Zoe\'s "Shiny" Cars - José... ');
  });

  it('counts segments as carriers do: 160/153 in GSM-7, 70/67 in UCS-2, extension characters twice', () => {
    expect(textLength('a'.repeat(160))).toEqual({ characters: 160, segments: 1, encoding: 'GSM-7' });
    expect(textLength('a'.repeat(161))).toEqual({ characters: 161, segments: 2, encoding: 'GSM-7' });
    expect(textLength('€'.repeat(80))).toEqual({ characters: 160, segments: 1, encoding: 'GSM-7' });
    expect(textLength(`${'a'.repeat(69)}ë`)).toEqual({ characters: 70, segments: 1, encoding: 'UCS-2' });
    expect(textLength(`${'a'.repeat(70)}ë`)).toEqual({ characters: 71, segments: 2, encoding: 'UCS-2' });
  });

  it('keeps every booking text to one GSM-7 segment for a usual business, the STOP line included', () => {
    const b = {
      businessName: 'Shiny Cars Mobile Detailing',
      serviceName: 'Full Detail',
      day: '2026-12-05',
      startTime: '10:00',
      timeFormat: '12h' as const,
      totalCents: 21_900,
    };
    const link = 'https://book.example.com/s/Ab3dE6gH9k';
    for (const kind of CUSTOMER_KINDS) {
      const text = withOptOutLine(textFor(kind, b, link));
      expect(textLength(text), `${kind}: ${text}`).toMatchObject({ segments: 1, encoding: 'GSM-7' });
    }
    expect(textFor('ownerNew', b, link)).toBe(`New booking to approve: Sat 10:00 AM, Full Detail, $219.00 ${link}`);
    // Confirmed automatically (Settings, Confirming bookings): nothing to approve.
    expect(textFor('ownerNew', { ...b, confirmed: true }, link)).toBe(
      `New booking, confirmed: Sat 10:00 AM, Full Detail, $219.00 ${link}`,
    );
  });

  // Issue 39: a 28-character name made the first text two segments, twice the cost. The words give way, not the name.
  it.each(['12h', '24h'] as const)(
    'keeps the first text of a business with a 40-character name to one GSM-7 segment (%s clock, the longest date)',
    (timeFormat) => {
      const businessName = 'Shiny Cars Mobile Detailing and Ceramics';
      expect(businessName).toHaveLength(40);
      const b = {
        businessName,
        serviceName: 'Full Detail',
        day: '2026-12-30',
        startTime: '10:30',
        timeFormat,
        totalCents: 21_900,
      };
      const link = 'https://book.example.com/s/Ab3dE6gH9k';
      for (const kind of CUSTOMER_KINDS) {
        const text = withOptOutLine(textFor(kind, b, link));
        expect(text.startsWith(`${businessName}: `), text).toBe(true);
        expect(text.endsWith(' Reply STOP to opt out.'), text).toBe(true);
        expect(textLength(text), `${kind} (${text.length}): ${text}`).toMatchObject({ segments: 1, encoding: 'GSM-7' });
      }
      // The owner's texts carry no STOP line.
      for (const text of [textFor('ownerNew', b, link), testText(businessName)])
        expect(textLength(text), text).toMatchObject({ segments: 1, encoding: 'GSM-7' });
    },
  );
});

const CUSTOMER_KINDS = [
  'received',
  'approved',
  'moved',
  'declined',
  'cancelled',
  'reminder',
  'reminder2h',
  'review',
] as const;
