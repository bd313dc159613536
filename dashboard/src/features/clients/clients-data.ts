/**
 * The clients feature's calls and words (docs/decisions/037): the list searched as the owner
 * types (the query and sort in the address, so Back returns to them), a client's page, and
 * what a merge moves, in the owner's words.
 */
import type { ClientDetail, ClientDuplicate, ClientSummary, ClientsQuery } from '@slotwise/shared/api';
import { formatUsd, toDollars } from '@slotwise/shared/money';
import { client } from '../../lib/api.ts';
import { formatDay } from '../../lib/format.ts';

export const SEARCH_PARAM = 'q';
export const SORT_PARAM = 'sort';

export type ClientSort = NonNullable<ClientsQuery['sort']>;

/** The sorts, as the list's control names them. */
export const SORTS: readonly { id: ClientSort; label: string }[] = [
  { id: 'recent', label: 'Last visit' },
  { id: 'next', label: 'Next visit' },
  { id: 'spent', label: 'Money spent' },
  { id: 'name', label: 'Name' },
];

export function parseSort(value: string | null): ClientSort {
  return SORTS.some((s) => s.id === value) ? (value as ClientSort) : 'recent';
}

/** Waits this long after the last key before asking: a search per pause, not per letter. */
export const SEARCH_DEBOUNCE_MS = 200;

export const LIST_FAILED = 'Failed to load your clients.';
export const CLIENT_FAILED = 'Failed to load this client.';
export const PAYMENTS_FAILED = "Failed to load this client's payments.";

export const loadClients = (q: string, sort: ClientSort) =>
  client.dashboard.clients({ query: { q, sort, limit: 100 } });
export const loadClient = (id: string) => client.dashboard.client({ params: { id } });
export const loadDuplicates = () => client.dashboard.clientDuplicates();
export const loadClientPayments = (id: string) => client.dashboard.clientPayments({ params: { id } });

export const money = (cents: number) => formatUsd(toDollars(cents));

/** "Ada Lovelace", or the e-mail or phone of a client with no name. */
export function clientName(c: Pick<ClientSummary, 'firstName' | 'lastName' | 'email' | 'phone'>): string {
  return `${c.firstName} ${c.lastName}`.trim() || c.email || c.phone || 'Unnamed client';
}

export function visitText(day: string | null): string {
  return day ? formatDay(day) : 'None';
}

/** What merging `from` into `into` moves, for the confirm (nothing is lost, one record stays). */
export function mergeSummary(from: ClientSummary, into: ClientSummary): string[] {
  const lines = [
    `${from.bookings === 1 ? '1 booking' : `${from.bookings} bookings`} of ${clientName(from)} ${from.bookings === 1 ? 'moves' : 'move'} to ${clientName(into)}, with their plans.`,
    'Their places, things served, notes and tags are added; consent given on either record is kept.',
  ];
  if (from.email && into.email && from.email !== into.email)
    lines.push(`${into.email} stays the e-mail; ${from.email} is kept in the notes.`);
  lines.push(`The record of ${clientName(from)} is then removed.`);
  return lines;
}

export const REASONS: Record<ClientDuplicate['reason'], string> = {
  same_phone: 'Same phone number',
  same_name_and_street: 'Same name and street',
};

export function mergeClient(fromId: string, intoId: string): Promise<ClientDetail> {
  return client.dashboard.mergeClient({ params: { id: fromId }, body: { intoId } });
}
