/**
 * The owner's crews (Settings, Crews; docs/decisions/023): list, add, edit, remove, and whether
 * customer mails name the crew. A business keeps at least one active crew; a crew with jobs
 * from today on is paused rather than removed, so no booking loses its crew.
 */
import { randomUUID } from 'node:crypto';
import type { CrewRequest } from '@slotwise/shared/api';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BUSINESS_ADDRESS_WORDS, locateStreet } from '../../domain/places.ts';
import { AppError } from '../../errors.ts';
import type { Business } from '../../repositories/businesses.ts';
import { memberOf } from '../../repositories/crew-members.ts';
import { type CrewRow, toCrewJson } from '../../repositories/crews.ts';
import type { Handlers } from '../register.ts';

/** Enough for a real fleet; each crew costs every slots answer a grid. */
const MAX_CREWS = 30;

const crewNotFound = () =>
  new AppError('CREW_NOT_FOUND', 'That crew is not among your crews. Reload the list and try again.');

export function crewHandlers(
  ctx: AppContext,
): Handlers<'dashboard', 'crews' | 'createCrew' | 'editCrew' | 'deleteCrew' | 'crewMails'> {
  const { crews, businesses, services, crewMembers } = ctx.repos;

  async function answer(business: Business) {
    const [rows, members] = await Promise.all([crews.list(business.id), crewMembers.listByBusiness(business.id)]);
    const loginOf = new Map(members.map((m) => [m.crew_id, m]));
    return {
      crews: rows.map((r) => toCrewJson(r, memberOf(loginOf.get(r.id)))),
      nameCrewInMails: business.crew_in_mails === 1,
      lateThresholdMinutes: business.late_threshold_min,
    };
  }

  /** The row's columns from a request: the start place located, the services checked as the owner's. */
  async function columnsOf(business: Business, body: z.output<typeof CrewRequest>, log: FastifyBaseLogger) {
    if (body.serviceIds) {
      const own = new Set((await services.list(business.id)).map((s) => s.id));
      const stranger = body.serviceIds.find((id) => !own.has(id));
      if (stranger)
        throw new AppError(
          'SERVICE_NOT_FOUND',
          `Service ${stranger} is not one of your services. Reload the page and choose the crew's services again.`,
        );
    }
    const place = body.startAddress ? await locateStreet(ctx, body.startAddress, log, BUSINESS_ADDRESS_WORDS) : null;
    return {
      name: body.name,
      color: body.color.toLowerCase(),
      active: body.active ? 1 : 0,
      hours: body.hours ? JSON.stringify(body.hours) : null,
      start_address: place ? body.startAddress : null,
      start_lat: place ? place.lat : null,
      start_lng: place ? place.lng : null,
      service_ids: body.serviceIds ? JSON.stringify([...new Set(body.serviceIds)]) : null,
    };
  }

  /** Refuses leaving the business without an active crew. */
  function assertOneActiveLeft(all: readonly CrewRow[], changing: string) {
    if (!all.some((c) => c.id !== changing && c.active === 1))
      throw new AppError(
        'LAST_CREW',
        'This is your only active crew: add another crew before you remove or pause this one.',
      );
  }

  return {
    crews: async (req) => answer(req.owner.business),

    createCrew: async (req) => {
      const business = req.owner.business;
      const columns = await columnsOf(business, req.body, req.log);
      const row = await inTransaction(ctx.store, async (trx) => {
        const all = await crews.list(business.id, trx);
        if (all.length >= MAX_CREWS)
          throw new AppError(
            'VALIDATION_FAILED',
            `You already have ${MAX_CREWS} crews, the most allowed. Remove one you no longer use to add another.`,
          );
        const id = randomUUID();
        await crews.insert(
          {
            id,
            business_id: business.id,
            ...columns,
            position: Math.max(-1, ...all.map((c) => c.position)) + 1,
            created_at: ctx.now(),
          },
          trx,
        );
        return (await crews.find(business.id, id, trx))!;
      });
      return toCrewJson(row);
    },

    editCrew: async (req) => {
      const business = req.owner.business;
      const columns = await columnsOf(business, req.body, req.log);
      const row = await inTransaction(ctx.store, async (trx) => {
        const all = await crews.list(business.id, trx);
        if (!all.some((c) => c.id === req.params.id)) throw crewNotFound();
        if (columns.active === 0) assertOneActiveLeft(all, req.params.id);
        return (await crews.update(business.id, req.params.id, columns, trx))!;
      });
      return toCrewJson(row, memberOf(await crewMembers.findByCrew(business.id, row.id)));
    },

    deleteCrew: async (req) => {
      const business = req.owner.business;
      await inTransaction(ctx.store, async (trx) => {
        const all = await crews.list(business.id, trx);
        if (!all.some((c) => c.id === req.params.id)) throw crewNotFound();
        assertOneActiveLeft(all, req.params.id);
        if ((await crews.activeBookingsSince(req.params.id, ctx.now(), trx)) > 0)
          throw new AppError(
            'CREW_HAS_BOOKINGS',
            'This crew has jobs from today on. Drag them to another crew on the calendar first, or pause the crew instead.',
          );
        await crews.remove(business.id, req.params.id, trx);
      });
      return answer(business);
    },

    crewMails: async (req) => {
      const business = await businesses.update(req.owner.business.id, {
        crew_in_mails: req.body.nameCrewInMails ? 1 : 0,
        ...(req.body.lateThresholdMinutes === undefined ? {} : { late_threshold_min: req.body.lateThresholdMinutes }),
      });
      return answer(business);
    },
  };
}
