/**
 * The customer's answers on a booking (docs/decisions/026), one rule for every place that shows
 * them: the owner's booking, the CSV, the mails, the crew's jobs and calendar feeds, and a data export.
 */
import { type AnswerText, answersText } from '@slotwise/shared/quote';
import type { BookingsTable, BusinessesTable } from '../db/schema.ts';
import { questionsOf } from '../repositories/pricing.ts';

/**
 * The answers, question by question. A booking made before several questions kept only a
 * detailer's answer (car_body_type), shown under the business's first question as it was.
 */
export function bookingAnswers(
  row: Pick<BookingsTable, 'answers' | 'car_body_type'>,
  business: Partial<Pick<BusinessesTable, 'quote_questions'>> | undefined,
): AnswerText[] {
  if (row.answers) {
    try {
      const parsed: unknown = JSON.parse(row.answers);
      if (Array.isArray(parsed)) return parsed as AnswerText[];
    } catch {
      // Unreadable: fall back to what older rows kept.
    }
  }
  if (!row.car_body_type) return [];
  const first = business?.quote_questions
    ? questionsOf({ quote_questions: business.quote_questions })[0]?.question
    : undefined;
  return [{ question: first ?? 'Answer', answer: row.car_body_type }];
}

/** The quote's lines as stored on the booking (JSON); an unreadable column reads as none. */
export function linesOf(row: Pick<BookingsTable, 'quote_lines'>): { label: string; amountCents: number }[] {
  try {
    const parsed: unknown = JSON.parse(row.quote_lines);
    return Array.isArray(parsed) ? (parsed as { label: string; amountCents: number }[]) : [];
  } catch {
    return [];
  }
}

/** The answers as one line ("Vehicle size: SUV; Condition: Heavy"), or null when there are none. */
export function bookingAnswersLine(
  row: Pick<BookingsTable, 'answers' | 'car_body_type'>,
  business: Partial<Pick<BusinessesTable, 'quote_questions'>> | undefined,
): string | null {
  const answers = bookingAnswers(row, business);
  return answers.length === 0 ? null : answersText(answers);
}
