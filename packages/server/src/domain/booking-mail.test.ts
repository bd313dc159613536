import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../mail/templates.ts';
import { type CustomerAndOwner, withNoticeFor } from './booking-mail.ts';

const mail = (to: string): MailMessage => ({ to, subject: `For ${to}`, text: '', html: '' });

describe('withNoticeFor', () => {
  it("composes the known owner's notice once, now, and any other owner's when asked", () => {
    const composed: string[] = [];
    const messages: CustomerAndOwner = {
      customer: mail('ada@example.com'),
      notice: (owner) => {
        composed.push(owner);
        return mail(owner);
      },
    };
    const early = withNoticeFor(messages, 'owner@example.com');
    expect(composed).toEqual(['owner@example.com']);
    expect(early.customer).toBe(messages.customer);
    expect(early.notice('owner@example.com')).toEqual(mail('owner@example.com'));
    expect(composed).toEqual(['owner@example.com']);
    // The parties read under the lock name another address (the owner changed it meanwhile).
    expect(early.notice('new@example.com')).toEqual(mail('new@example.com'));
    expect(composed).toEqual(['owner@example.com', 'new@example.com']);
  });
  it('composes nothing ahead for a business without an owner e-mail', () => {
    const messages: CustomerAndOwner = { customer: mail('ada@example.com'), notice: mail };
    expect(withNoticeFor(messages, null)).toBe(messages);
  });
});
