import { eq } from 'drizzle-orm';
import { events } from '#db/schema/index.ts';
import { buildOnlineEventInput, buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import type { TestApp, TestUser } from './test-app.ts';

// The everyday steps tests go through, over the real API.

export async function createEventAs(
  app: TestApp,
  host: TestUser,
  options: { online?: boolean; overrides?: Record<string, unknown> } = {},
): Promise<string> {
  const input = options.online
    ? buildOnlineEventInput(options.overrides)
    : buildPhysicalEventInput(options.overrides);
  const res = await app.gql(CREATE_EVENT, { input }, { token: host.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.createEvent.event.id as string;
}

export async function requestToJoin(app: TestApp, eventId: string, guest: TestUser): Promise<string> {
  const asked = await app.gql(
    'mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { id status } } }',
    { input: { eventId, message: 'Selam, ben de gelmek isterim!' } },
    { token: guest.token },
  );
  if (asked.errors) throw new Error(JSON.stringify(asked.errors));
  return asked.data.requestToJoin.joinRequest.id as string;
}

// Request, then the host accepts.
export async function joinEvent(app: TestApp, eventId: string, host: TestUser, guest: TestUser) {
  const requestId = await requestToJoin(app, eventId, guest);
  const accepted = await app.gql(
    'mutation($id: ID!) { acceptRequest(input: {id: $id}) { joinRequest { status } } }',
    { id: requestId },
    { token: host.token },
  );
  if (accepted.errors) throw new Error(JSON.stringify(accepted.errors));
}

// Moves an event so that it ended `endedAgoMs` ago (negative: still to come), lasting 90 minutes.
export async function moveEventEnd(app: TestApp, eventId: string, endedAgoMs: number) {
  const endsAt = new Date(Date.now() - endedAgoMs);
  await app.database.db
    .update(events)
    .set({ startsAt: new Date(endsAt.getTime() - 90 * 60_000), endsAt })
    .where(eq(events.id, eventId));
}
