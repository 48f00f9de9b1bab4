import type { EventRow } from '#db/schema/index.ts';
import { notFound } from '#server/errors/app-error.ts';
import type { MessageKey } from '#server/lib/i18n.ts';
import type { ViewerRole } from '#server/modules/enum-values.ts';

// Who may do what to an event (HOUSE-STYLE 7). Every service, resolver and the REST shim asks here
// instead of comparing ids itself, so "the host", "a participant", "the owner" and "may see it" mean
// one thing everywhere. Refusals mask existence: what a viewer may not touch is NOT_FOUND.

export type { ViewerRole };
// The viewer's relation to an event it does not host (the viewerStanding loader).
export type Relation = 'participant' | 'requester' | undefined;
type Who = { id: string } | string;

const idOf = (who: Who) => (typeof who === 'string' ? who : who.id);

export const isHost = (who: Who, event: Pick<EventRow, 'hostId'>): boolean => event.hostId === idOf(who);

// The viewer is this user (private profile fields).
export const isSelf = (who: Who | null | undefined, user: { id: string }): boolean =>
  who !== null && who !== undefined && idOf(who) === user.id;

// The owner of a row that belongs to one user (a join request, a rating, a notification).
export const isOwner = (who: Who, row: { userId: string }): boolean => row.userId === idOf(who);

// host, then accepted participant, then pending requester, else none.
export function roleOf(who: Who, event: Pick<EventRow, 'hostId'>, relation: Relation): ViewerRole {
  if (isHost(who, event)) return 'host';
  return relation ?? 'none';
}

// The exact place of a physical event: its host and accepted participants only (ADR 005).
export const seesExactPlace = (role: ViewerRole): boolean => role === 'host' || role === 'participant';

// The event, if the viewer hosts it; otherwise NOT_FOUND with `key` (someone else's event looks like
// no event at all).
export function requireHost<E extends Pick<EventRow, 'hostId'>>(
  who: Who,
  event: E | null | undefined,
  key: MessageKey = 'error.eventNotFound',
): E {
  if (!event || !isHost(who, event)) throw notFound(key);
  return event;
}

// The row, if the viewer owns it; otherwise NOT_FOUND with `key`.
export function requireOwner<R extends { userId: string }>(
  who: Who,
  row: R | null | undefined,
  key: MessageKey = 'error.notFound',
): R {
  if (!row || !isOwner(who, row)) throw notFound(key);
  return row;
}

// Who may open an event (GraphQL `event(id)`, `eventChanged`, REST `GET /private/event/:id`, ratings):
// everyone, except across a block with its host, unless they already take part (a block does not
// unjoin). Lists apply the same block rule inside their SQL (safety's hiddenByBlocks).
export async function visibleEvent<E extends Pick<EventRow, 'id' | 'hostId'>>(
  event: E | null | undefined,
  who: Who,
  check: {
    blockedBetween(a: string, b: string): Promise<boolean>;
    relation(eventId: string): Promise<Relation>;
  },
): Promise<E | null> {
  if (!event) return null;
  const viewerId = idOf(who);
  if (isHost(viewerId, event) || !(await check.blockedBetween(viewerId, event.hostId))) return event;
  return (await check.relation(event.id)) === 'participant' ? event : null;
}
