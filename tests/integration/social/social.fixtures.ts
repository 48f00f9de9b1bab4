import type { TestApp, TestUser } from '#tests/helpers/test-app.ts';
import { createEventAs, joinEvent } from '#tests/helpers/flows.ts';

// Documents and steps shared by the friends and inbox tests (ADR 042).
export const DOCS = {
  send: `mutation($input: FriendUserInput!) { sendFriendRequest(input: $input) { user { id friendship } } }`,
  respond: `mutation($input: RespondToFriendRequestInput!) { respondToFriendRequest(input: $input) { user { id friendship } } }`,
  cancel: `mutation($input: FriendUserInput!) { cancelFriendRequest(input: $input) { user { id friendship } } }`,
  remove: `mutation($input: FriendUserInput!) { removeFriend(input: $input) { user { id friendship } } }`,
  friends: `{ friends(first: 50) { nodes { since mutualCount user { id } } pageInfo { hasNextPage } } }`,
  requests: `{ friendRequests { incoming { user { id } mutualCount } outgoing { user { id } } } }`,
  user: `query($id: ID!) { user(id: $id) { id friendship mutualFriendCount friendCount viewerCanMessage } }`,
  start: `mutation($input: StartDirectConversationInput!) { startDirectConversation(input: $input) { conversation { id kind } } }`,
  chat: `mutation($input: SendChatMessageInput!) { sendChatMessage(input: $input) { message { id body held } conversation { id } } }`,
  conversation: `query($id: ID!) { conversationById(id: $id) { id kind title viewerIsMember viewerCanPost viewerIsHost unreadCount
    members { user { id } isHost active } lastMessage { id body }
    pinnedMessages { id }
    messagePage(first: 50) { nodes { id body held removed pinned heldReasons { code } readBy { id } sender { id } } } } }`,
  inbox: `{ conversations(first: 50) { nodes { id kind title unreadCount lastMessage { body } } } unreadMessageCount }`,
  unread: `{ unreadMessageCount }`,
  read: `mutation($input: MarkConversationReadInput!) { markConversationRead(input: $input) { unreadMessageCount conversation { id unreadCount } } }`,
  reveal: `mutation($input: MessageRefInput!) { revealMessage(input: $input) { message { id body held } } }`,
  pin: `mutation($input: PinMessageInput!) { pinMessage(input: $input) { message { id pinned } } }`,
  removeMessage: `mutation($input: MessageRefInput!) { removeChatMessage(input: $input) { message { id body removed } } }`,
  removeMember: `mutation($input: RemoveChatMemberInput!) { removeChatMember(input: $input) { conversation { id members { user { id } active } } } }`,
  leave: `mutation($id: ID!) { leaveEvent(input: {eventId: $id}) { event { id } } }`,
  notifications: `{ notifications(first: 20) { nodes { type text link } } }`,
};

export function ok<T = any>(res: { data: T; errors?: unknown[] }): T {
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data;
}

export async function befriend(app: TestApp, a: TestUser, b: TestUser) {
  ok(await app.gql(DOCS.send, { input: { userId: b.id } }, { token: a.token }));
  ok(await app.gql(DOCS.respond, { input: { userId: a.id, accept: true } }, { token: b.token }));
}

// An event with accepted participants, and its group chat's id.
export async function groupOf(app: TestApp, host: TestUser, guests: TestUser[]) {
  const eventId = await createEventAs(app, host);
  for (const guest of guests) await joinEvent(app, eventId, host, guest);
  const inbox = ok(await app.gql(DOCS.inbox, undefined, { token: host.token }));
  const group = (inbox.conversations.nodes as { id: string; kind: string }[]).find(
    (c) => c.kind === 'EVENT_GROUP',
  );
  if (!group) throw new Error('no group chat');
  return { eventId, groupId: group.id };
}

export const chat = (app: TestApp, who: TestUser, conversationId: string, body: string) =>
  app.gql(DOCS.chat, { input: { conversationId, body } }, { token: who.token });
