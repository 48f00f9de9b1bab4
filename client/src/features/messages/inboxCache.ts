import type { ApolloCache, Reference } from '@apollo/client';
import { refId, withNodeFirst, type CursorPage } from '#client/apollo/pagination.ts';

// The inbox's cached lists, kept by id: a conversation with new activity moves to the top of the
// inbox (one that is not in the cached list yet makes the list read again), and a new message joins
// its conversation's cached messages.

export function moveConversationToTop(cache: ApolloCache, conversationId: string): void {
  const ref = cache.identify({ __typename: 'Conversation', id: conversationId });
  if (!ref) return;
  cache.modify<{ conversations: CursorPage<Reference> }>({
    id: 'ROOT_QUERY',
    fields: {
      conversations(existing, { DELETE, toReference }) {
        if (!existing || typeof existing !== 'object' || !('nodes' in existing)) return existing;
        const listed = existing.nodes.some((node) => refId(node) === ref);
        if (!listed) return DELETE;
        const node = toReference(ref);
        return node ? withNodeFirst(existing, node, refId) : existing;
      },
    },
  });
}

// A conversation the viewer just opened (startDirectConversation): listed already, or the list is
// read again.
export function ensureConversationListed(cache: ApolloCache, conversationId: string): void {
  const ref = cache.identify({ __typename: 'Conversation', id: conversationId });
  if (!ref) return;
  cache.modify<{ conversations: CursorPage<Reference> }>({
    id: 'ROOT_QUERY',
    fields: {
      conversations(existing, { DELETE }) {
        if (!existing || typeof existing !== 'object' || !('nodes' in existing)) return existing;
        return existing.nodes.some((node) => refId(node) === ref) ? existing : DELETE;
      },
    },
  });
}

export function addMessageToConversation(cache: ApolloCache, conversationId: string, messageId: string) {
  const id = cache.identify({ __typename: 'Conversation', id: conversationId });
  const messageRef = cache.identify({ __typename: 'Message', id: messageId });
  if (!id || !messageRef) return;
  cache.modify<{ messagePage: CursorPage<Reference> }>({
    id,
    fields: {
      messagePage(existing, { toReference }) {
        if (!existing || typeof existing !== 'object' || !('nodes' in existing)) return existing;
        const node = toReference(messageRef);
        return node ? withNodeFirst(existing, node, refId) : existing;
      },
    },
  });
}

// The inbox badge, as the server counted it (markConversationRead's answer).
export function setUnreadMessageCount(cache: ApolloCache, count: number): void {
  cache.modify({ id: 'ROOT_QUERY', fields: { unreadMessageCount: () => count } });
}
