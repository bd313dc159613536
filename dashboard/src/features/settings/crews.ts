/**
 * Settings > Crews as pure functions (issue 25): the colours offered, a crew's form as a draft
 * and back to the API's CrewRequest with the reason it cannot be sent, and the words a crew's
 * row is listed with.
 */
import type { Crew, CrewRequest, PlaceSuggestion, Service } from '@slotwise/shared/api';
import { contrast } from '@slotwise/shared/brand';
import type { Checked } from '../../lib/deposit-rule.ts';
import { type DayRow, firstBadDay, rowsFrom, toEntry } from './hours.ts';

/**
 * Eight colours a crew can be told apart by: each reads at 4.5:1 or more on white (as a dot, a
 * column's header, the stripe beside a booking), and the first is the first crew's.
 */
export const CREW_COLOURS = [
  { hex: '#0f766e', name: 'Teal' },
  { hex: '#1d4ed8', name: 'Blue' },
  { hex: '#7e22ce', name: 'Purple' },
  { hex: '#be185d', name: 'Pink' },
  { hex: '#c2410c', name: 'Orange' },
  { hex: '#854d0e', name: 'Brown' },
  { hex: '#4d7c0f', name: 'Olive' },
  { hex: '#334155', name: 'Slate' },
] as const;

/** A colour the API takes: "#rrggbb". */
export const HEX = /^#[0-9a-f]{6}$/i;

export interface CrewDraft {
  name: string;
  /** As typed in the hex box, or a palette colour. */
  color: string;
  active: boolean;
  /** False: the business hours. */
  ownHours: boolean;
  /** The crew's own week; null until it has one (the form seeds it from the business hours). */
  rows: DayRow[] | null;
  /** False: the day starts from the business address. */
  ownStart: boolean;
  start: PlaceSuggestion | null;
  everyService: boolean;
  serviceIds: string[];
}

/** A new crew's colour: the first of the palette no crew has yet. */
export function nextCrewColour(crews: readonly Pick<Crew, 'color'>[]): string {
  const taken = new Set(crews.map((c) => c.color.toLowerCase()));
  return (CREW_COLOURS.find((c) => !taken.has(c.hex)) ?? CREW_COLOURS[crews.length % CREW_COLOURS.length]!).hex;
}

export function draftFrom(crew: Crew | null, crews: readonly Crew[]): CrewDraft {
  if (!crew)
    return {
      name: '',
      color: nextCrewColour(crews),
      active: true,
      ownHours: false,
      rows: null,
      ownStart: false,
      start: null,
      everyService: true,
      serviceIds: [],
    };
  return {
    name: crew.name,
    color: crew.color,
    active: crew.active,
    ownHours: crew.hours !== null,
    rows: crew.hours ? rowsFrom(crew.hours) : null,
    ownStart: crew.startAddress !== null,
    // The stored address stands for a chosen suggestion: saving it again locates it again.
    start: crew.startAddress ? { description: crew.startAddress, placeId: crew.startAddress } : null,
    everyService: crew.serviceIds === null,
    serviceIds: crew.serviceIds ?? [],
  };
}

/**
 * The request for a draft, or what to fix first. Services no longer offered are dropped
 * (the server refuses ids that are not the business's).
 */
export function toCrewRequest(d: CrewDraft, services: readonly Pick<Service, '_id'>[]): Checked<CrewRequest> {
  const name = d.name.trim();
  if (!name) return { ok: false, error: 'Give the crew a name, like "Truck 2" or "Sam".' };
  const color = d.color.trim();
  if (!HEX.test(color))
    return { ok: false, error: 'Colour must be a hex colour like #0f766e, or pick one of the dots.' };
  let hours: CrewRequest['hours'] = null;
  if (d.ownHours) {
    if (!d.rows) return { ok: false, error: 'The business hours are still loading. Try again in a moment.' };
    const bad = firstBadDay(d.rows);
    if (bad) return { ok: false, error: `End time must be after start time on ${bad}.` };
    if (!d.rows.some((r) => r.enabled))
      return {
        ok: false,
        error:
          'Switch on at least one working day, or choose "Same as business hours". To stop its jobs, pause the crew.',
      };
    hours = d.rows.map((r) => toEntry(r));
  }
  if (d.ownStart && !d.start)
    return {
      ok: false,
      error: "Type the crew's start address and pick it from the list, or choose the business address.",
    };
  const offered = new Set(services.map((s) => s._id));
  const serviceIds = d.serviceIds.filter((id) => offered.has(id));
  if (!d.everyService && serviceIds.length === 0)
    return { ok: false, error: 'Tick at least one service the crew does, or choose "Every service".' };
  return {
    ok: true,
    value: {
      name,
      color: color.toLowerCase(),
      active: d.active,
      hours,
      startAddress: d.ownStart && d.start ? d.start.description : null,
      serviceIds: d.everyService ? null : serviceIds,
    },
  };
}

/** A warning for a colour hard to see on white (under 3:1, the bar for shapes), or null. */
export function colourWarning(color: string): string | null {
  if (!HEX.test(color.trim())) return null;
  return contrast(color.trim(), '#ffffff') < 3
    ? 'This colour is hard to see on white. Pick a darker one so the crew stands out on the calendar.'
    : null;
}

/** "Every service", or the names of the crew's services in the business's order. */
export function servicesWords(crew: Pick<Crew, 'serviceIds'>, services: readonly Service[] | undefined): string {
  if (crew.serviceIds === null) return 'Every service';
  const ids = new Set(crew.serviceIds);
  if (!services) return crew.serviceIds.length === 1 ? '1 service' : `${crew.serviceIds.length} services`;
  const names = services.filter((s) => ids.has(s._id)).map((s) => s.serviceName);
  return names.length > 0 ? names.join(', ') : 'No services (the ones it had were deleted)';
}

export function hoursWords(crew: Pick<Crew, 'hours'>): string {
  return crew.hours === null ? 'Business hours' : 'Own hours';
}

export function startWords(crew: Pick<Crew, 'startAddress'>): string {
  return crew.startAddress ?? 'Business address';
}
