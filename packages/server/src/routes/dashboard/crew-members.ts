/**
 * The owner's side of a crew's login (docs/decisions/024; Settings, Crews): invite someone by
 * e-mail, mail them a new link, remove their access. One login per crew; an e-mail has at most
 * one login anywhere, owner's or crew member's, because log-in finds the account by e-mail alone.
 */
import { randomUUID } from 'node:crypto';
import type { Crew } from '@slotwise/shared/api';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { newInvite, RESEND_GAP_MS } from '../../domain/crew-invite.ts';
import { AppError } from '../../errors.ts';
import { crewInvitationMail } from '../../mail/templates.ts';
import type { Business } from '../../repositories/businesses.ts';
import { type CrewMemberRow, memberOf } from '../../repositories/crew-members.ts';
import { type CrewRow, toCrewJson } from '../../repositories/crews.ts';
import { queueMail } from '../../repositories/mail-outbox.ts';
import type { Handlers } from '../register.ts';

const crewNotFound = () =>
  new AppError('CREW_NOT_FOUND', 'That crew is not among your crews. Reload the list and try again.');

const emailTaken = (email: string) =>
  new AppError(
    'CREW_EMAIL_TAKEN',
    `${email} already has a Slotwise login (an owner's or another crew's). Invite this crew member with another e-mail.`,
  );

const memberExists = (crew: CrewRow, has: string, asked: string) =>
  new AppError(
    'CREW_MEMBER_EXISTS',
    has === asked
      ? `${has} is already invited to ${crew.name}. Use Resend to mail a new link.`
      : `${crew.name} already has a login for ${has}. Remove that access first to invite someone else.`,
  );

export function crewMemberHandlers(
  ctx: AppContext,
): Handlers<'dashboard', 'inviteCrewMember' | 'resendCrewInvite' | 'removeCrewMember'> {
  const { crews, crewMembers, users } = ctx.repos;

  async function crewOf(business: Business, id: string, from?: Tx): Promise<CrewRow> {
    const crew = await crews.find(business.id, id, from);
    if (!crew) throw crewNotFound();
    return crew;
  }

  /** A new link for the login, mailed in the same transaction (the outbox sends it after commit). */
  async function mailInvite(trx: Tx, business: Business, crew: CrewRow, member: CrewMemberRow, now: number) {
    const invite = newInvite(ctx.config.publicUrl, now);
    const updated = await crewMembers.newInvite(member.id, invite, now, trx);
    const mail = crewInvitationMail(member.email, {
      businessName: business.name,
      crewName: crew.name,
      link: invite.link,
      newPassword: member.password_hash !== null,
    });
    await queueMail(trx, mail, now);
    return updated;
  }

  const answer = (crew: CrewRow, member: CrewMemberRow | undefined): Crew => toCrewJson(crew, memberOf(member));

  return {
    inviteCrewMember: async (req) => {
      const business = req.owner.business;
      const { email } = req.body;
      const now = ctx.now();
      // Owners' e-mails are refused here; two invitations racing for one e-mail, by the unique index.
      if (await users.findByEmail(email)) throw emailTaken(email);
      try {
        const { crew, member } = await inTransaction(ctx.store, async (trx) => {
          const crew = await crewOf(business, req.params.id, trx);
          const existing = await crewMembers.findByCrew(business.id, crew.id, trx);
          if (existing) throw memberExists(crew, existing.email, email);
          if (await crewMembers.findByEmail(email, trx)) throw emailTaken(email);
          const id = randomUUID();
          await crewMembers.insert(
            {
              id,
              crew_id: crew.id,
              business_id: business.id,
              email,
              password_hash: null,
              invite_token_hash: null,
              invite_expires_at: null,
              invite_used_at: null,
              invited_at: now,
              created_at: now,
              accepted_at: null,
            },
            trx,
          );
          const inserted = (await crewMembers.findById(id, trx))!;
          return { crew, member: await mailInvite(trx, business, crew, inserted, now) };
        });
        ctx.mail.kick();
        return answer(crew, member);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // Who won: another invitation to this crew, or this e-mail taken meanwhile.
        const crew = await crewOf(business, req.params.id);
        const winner = await crewMembers.findByCrew(business.id, crew.id);
        // The same invitation sent twice at once (a double tap): the first one's answer.
        if (winner?.email === email) return answer(crew, winner);
        if (winner) throw memberExists(crew, winner.email, email);
        throw emailTaken(email);
      }
    },

    resendCrewInvite: async (req) => {
      const business = req.owner.business;
      const now = ctx.now();
      const { crew, member } = await inTransaction(ctx.store, async (trx) => {
        const crew = await crewOf(business, req.params.id, trx);
        const member = await crewMembers.findByCrew(business.id, crew.id, trx);
        if (!member)
          throw new AppError(
            'CREW_MEMBER_NOT_FOUND',
            `Nobody has been invited to ${crew.name} yet. Invite someone by e-mail first.`,
          );
        const wait = member.invited_at + RESEND_GAP_MS - now;
        if (wait > 0)
          throw new AppError(
            'RATE_LIMITED',
            `An invitation went to ${member.email} less than a minute ago. Wait ${Math.ceil(wait / 1000)} seconds before sending another.`,
            { 'retry-after': String(Math.ceil(wait / 1000)) },
          );
        return { crew, member: await mailInvite(trx, business, crew, member, now) };
      });
      ctx.mail.kick();
      return answer(crew, member);
    },

    removeCrewMember: async (req) => {
      const business = req.owner.business;
      const crew = await crewOf(business, req.params.id);
      // Already without a login: the same answer (removing twice is harmless).
      await crewMembers.remove(business.id, crew.id);
      return answer(crew, undefined);
    },
  };
}
