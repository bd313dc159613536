/**
 * Text a person sends (security review, issue 20): control characters and text-direction
 * controls are refused at the schema, with a sentence naming the field; multi-line text
 * keeps its newlines and tabs.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AddOnInput,
  Answer,
  BlockedTimeRequest,
  BookRequest,
  DeclineRequest,
  FeedbackRequest,
  PlacesQuery,
  QuestionOption,
  QuoteQuestionInput,
  ServiceInput,
  SignupRequest,
  SlotsQuery,
  Step1Request,
  Step2Request,
  Step3Request,
} from './api.ts';

const ID = '6f1f2b4e-8a0a-4c1e-9d8e-2b7c1d5e9f10';
const book = {
  businessId: ID,
  serviceId: ID,
  answer: { option: 'SUV' },
  address: '5, Santa Monica, CA 90401, USA',
  date: '2026-12-02',
  time: '10:00',
  firstName: 'Ada',
  lastName: 'Lovelace',
  customerEmail: 'ada@example.com',
  phoneNumber: '+1 5551234567',
};
const block = { reason: 'lunch', startTime: '2026-12-02T10:00:00Z', endTime: '2026-12-02T11:00:00Z' };

/** Each single-line text field: its schema, a valid body, the field, and the name its sentences use. */
const SINGLE_LINE: [string, z.ZodType, Record<string, unknown>, string, string][] = [
  ['business name', Step1Request, { name: 'Shiny Cars' }, 'name', 'Business name'],
  ['niche', Step2Request, { niche: 'car-detailing' }, 'niche', 'Niche'],
  ['business address', Step3Request, { address: '12, Beverly Hills, CA' }, 'address', 'Address'],
  ['search text', PlacesQuery, { input: 'Main Street' }, 'input', 'Search text'],
  [
    'service name',
    ServiceInput,
    { serviceName: 'Full Detail', duration: 60, price: 10 },
    'serviceName',
    'Service name',
  ],
  ['option text', QuestionOption, { text: 'SUV', value: 10 }, 'text', 'Option text'],
  ['add-on name', AddOnInput, { name: 'Pet hair', price: 30 }, 'name', 'Add-on name'],
  [
    'question',
    QuoteQuestionInput,
    { question: 'Vehicle size', type: 'dropdown', options: [{ text: 'SUV', value: 1 }] },
    'question',
    'Question',
  ],
  ['block title', BlockedTimeRequest, { ...block, title: 'Lunch' }, 'title', 'Title'],
  ['slots address', SlotsQuery, { businessId: ID, date: '2026-12-02', address: '5, Main St' }, 'address', 'address'],
  ['answer option', Answer, { option: 'SUV' }, 'option', 'Answer'],
  ['first name', BookRequest, book, 'firstName', 'First name'],
  ['last name', BookRequest, book, 'lastName', 'Last name'],
  ['customer address', BookRequest, book, 'address', 'Address'],
  ['phone number', BookRequest, book, 'phoneNumber', 'Phone number'],
  [
    'owner phone number',
    SignupRequest,
    { email: 'a@example.com', password: 'x'.repeat(12), phoneNumber: '+1 5551234567' },
    'phoneNumber',
    'Phone number',
  ],
];

const CONTROLS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u009b',
  '\u009f',
];
const DIRECTION = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

const messages = (schema: z.ZodType, body: unknown) => {
  const r = schema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};
const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`;

describe.each(SINGLE_LINE)('the %s', (_name, schema, valid, field, what) => {
  const withText = (inserted: string) => {
    const text = String(valid[field]);
    return { ...valid, [field]: `${text.slice(0, 2)}${inserted}${text.slice(2)}` };
  };

  it('accepts the valid body and right-to-left marks', () => {
    expect(messages(schema, valid)).toEqual([]);
    if (field !== 'phoneNumber') expect(messages(schema, withText('\u200f'))).toEqual([]);
  });

  it.each(CONTROLS.map((c) => [hex(c), c]))('refuses the control character %s', (_hex, c) => {
    expect(messages(schema, withText(c))).toContain(
      `${what} contains a character that is not allowed (a control character).`,
    );
  });

  it.each(DIRECTION.map((c) => [hex(c), c]))('refuses the text-direction control %s', (_hex, c) => {
    expect(messages(schema, withText(c))).toContain(
      `${what} contains a character that is not allowed (a text-direction control).`,
    );
  });
});

describe('the feedback description (multi-line)', () => {
  const feedback = (description: string) => ({ type: 'Bug Report', where: 'Pop-up', description });

  it('keeps newlines, carriage returns and tabs', () => {
    const r = FeedbackRequest.safeParse(feedback('Steps:\n\t1. open\r\n\t2. book'));
    expect(r.success && r.data.description).toBe('Steps:\n\t1. open\r\n\t2. book');
  });

  it.each(
    CONTROLS.filter((c) => !'\t\n\r'.includes(c))
      .concat(DIRECTION)
      .map((c) => [hex(c), c]),
  )('refuses %s', (_hex, c) => {
    expect(messages(FeedbackRequest, feedback(`It broke${c} here`))).toHaveLength(1);
  });
});

describe('a person name', () => {
  it('still refuses markup with its own sentence', () => {
    expect(messages(BookRequest, { ...book, lastName: '<script>' })).toEqual([
      'Last name contains characters that are not allowed.',
    ]);
  });
});

describe("the owner's reason for declining", () => {
  it('may be left out, body and all, and is trimmed', () => {
    expect(DeclineRequest.safeParse(undefined)).toEqual({ success: true, data: undefined });
    expect(DeclineRequest.safeParse({})).toEqual({ success: true, data: {} });
    expect(DeclineRequest.parse({ reason: '  Fully booked.\nSorry!  ' })).toEqual({ reason: 'Fully booked.\nSorry!' });
    expect(DeclineRequest.parse({ reason: ' \n ' })).toEqual({ reason: '' });
  });

  it('is at most 500 characters (after trimming), and says how long the one sent is', () => {
    expect(messages(DeclineRequest, { reason: ` ${'x'.repeat(500)} ` })).toEqual([]);
    expect(messages(DeclineRequest, { reason: 'x'.repeat(501) })).toEqual([
      'The reason is 501 characters long; it can be at most 500. Shorten it and decline again.',
    ]);
  });

  it('refuses control and text-direction characters but keeps lines', () => {
    expect(messages(DeclineRequest, { reason: 'a\u0000b' })).toEqual([
      'Reason contains a character that is not allowed (a control character).',
    ]);
    expect(messages(DeclineRequest, { reason: 'a\u202eb' })).toEqual([
      'Reason contains a character that is not allowed (a text-direction control).',
    ]);
    expect(messages(DeclineRequest, { reason: 42 })).toEqual([
      'reason must be text: a note to the customer, or leave it out.',
    ]);
  });
});
