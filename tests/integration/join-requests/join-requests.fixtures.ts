import { buildOnlineEventInput, buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import type { TestApp, TestUser } from '#tests/helpers/test-app.ts';

// Operations and steps the join-request test files share.

export const REQUEST = `mutation Request($input: RequestToJoinInput!) {
  requestToJoin(input: $input) { joinRequest { id status message declinedByCheck check { verdict reasons engine } } event { id } }
}`;
export const ACCEPT = `mutation Accept($id: ID!) { acceptRequest(input: {id: $id}) { joinRequest { id status } event { participantCount freeSlots } } }`;
export const DECLINE = `mutation Decline($id: ID!) { declineRequest(input: {id: $id}) { joinRequest { id status } } }`;
export const REQUESTS = `query Requests($id: ID!) { event(id: $id) { pendingRequestCount joinRequests { id status message user { id } check { verdict reasons } } viewerJoinRequest { id status } } }`;

// `app` is a getter: the files start their app in beforeAll.
export function joinRequestSteps(app: () => TestApp) {
  return {
    eventOf: async (host: TestUser, overrides: Record<string, unknown> = {}, online = false) => {
      const input = online ? buildOnlineEventInput(overrides) : buildPhysicalEventInput(overrides);
      const res = await app().gql(CREATE_EVENT, { input }, { token: host.token });
      if (res.errors) throw new Error(JSON.stringify(res.errors));
      return res.data.createEvent.event.id as string;
    },
    ask: (user: TestUser, eventId: string, message?: string | null) =>
      app().gql(REQUEST, { input: { eventId, message } }, { token: user.token }),
  };
}
