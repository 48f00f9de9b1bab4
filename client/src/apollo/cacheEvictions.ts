import type { ApolloCache } from '@apollo/client';

// Cached data that someone else's action (or a push missed while the socket was down) has made stale
// is evicted by schema field, never by operation name: every query on screen that reads an evicted
// field fetches it again by itself (keeping what it shows until the answer arrives), and any later
// query that needs it goes to the server.

// Fields of Query.
export type RootField =
  | 'accountStanding'
  | 'blockedUsers'
  | 'conversation'
  | 'earning'
  | 'events'
  | 'hostPendingRequestCount'
  | 'lobbyStats'
  | 'moderationAppeals'
  | 'moderationLog'
  | 'moderationQueueCounts'
  | 'moderationReports'
  | 'moderationUser'
  | 'contentFlags'
  | 'conversationById'
  | 'conversations'
  | 'friendRequests'
  | 'friends'
  | 'friendsEvents'
  | 'myEventCounts'
  | 'myEvents'
  | 'myEventDrafts'
  | 'notifications'
  | 'tokenLedger'
  | 'tokenPurchases'
  | 'unreadMessageCount';

// Fields of an Event that change without the event's own documents being told: the host's request
// lists, and what the viewer may see (the exact place, the participants) once their request is decided.
// Which of the viewer's friends go changes with a friendship, not with the event.
export type EventField = 'friendsGoing' | 'joinRequests' | 'location' | 'participants' | 'waitlist';

// Fields of a User that describe the viewer's relation to them (a friend request answered elsewhere).
export type UserField = 'friendship' | 'mutualFriendCount' | 'friendCount' | 'viewerCanMessage';

export function evictRootFields(cache: ApolloCache, fieldNames: readonly RootField[]): void {
  for (const fieldName of fieldNames) cache.evict({ id: 'ROOT_QUERY', fieldName });
  cache.gc();
}

// The whole event (edited or cancelled): every query that shows it, page or list, reads it again.
export function evictEvent(cache: ApolloCache, eventId: string): void {
  cache.evict({ id: cache.identify({ __typename: 'Event', id: eventId }) });
  cache.gc();
}

export function evictEventFields(
  cache: ApolloCache,
  eventId: string,
  fieldNames: readonly EventField[],
): void {
  const id = cache.identify({ __typename: 'Event', id: eventId });
  if (!id) return;
  for (const fieldName of fieldNames) cache.evict({ id, fieldName });
  cache.gc();
}

// The same fields of every cached event, when it is not known which events changed.
export function evictFieldsOfEveryEvent(cache: ApolloCache, fieldNames: readonly EventField[]): void {
  const normalized = cache.extract() as Record<string, { __typename?: string } | undefined>;
  for (const [id, value] of Object.entries(normalized)) {
    if (value?.__typename !== 'Event') continue;
    for (const fieldName of fieldNames) cache.evict({ id, fieldName });
  }
  cache.gc();
}

export function evictUserFields(cache: ApolloCache, userId: string, fieldNames: readonly UserField[]): void {
  const id = cache.identify({ __typename: 'User', id: userId });
  if (!id) return;
  for (const fieldName of fieldNames) cache.evict({ id, fieldName });
  cache.gc();
}
