import type { EventRow } from '#db/schema/index.ts';

// Who may open an event (GraphQL `event(id)` and REST `GET /private/event/:id` alike): everyone,
// except across a block with its host, unless they already take part (a block does not unjoin).
export async function visibleEvent(
  event: EventRow | null | undefined,
  viewerId: string,
  check: {
    blockedBetween(a: string, b: string): Promise<boolean>;
    relation(eventId: string): Promise<'participant' | 'requester' | undefined>;
  },
): Promise<EventRow | null> {
  if (!event) return null;
  if (event.hostId === viewerId || !(await check.blockedBetween(viewerId, event.hostId))) return event;
  return (await check.relation(event.id)) === 'participant' ? event : null;
}
