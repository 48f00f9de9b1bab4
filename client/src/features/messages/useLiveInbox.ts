import { useEffect, useRef } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import type {
  InboxChatUpdatedSubscription,
  InboxChatUpdatedSubscriptionVariables,
  InboxCountQuery,
  InboxCountQueryVariables,
  InboxMessageAddedSubscription,
  InboxMessageAddedSubscriptionVariables,
} from '#client/__generated__/graphql.ts';
import { evictRootFields } from '#client/apollo/cacheEvictions.ts';
import { useSocketConnected, useSocketReconnected } from '#client/apollo/socketEvents.ts';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { CONVERSATION_LIST_ITEM_FRAGMENT } from '#client/features/messages/ConversationListItem.tsx';
import { isWatching } from '#client/features/messages/activeConversation.ts';
import { moveConversationToTop } from '#client/features/messages/inboxCache.ts';
import { previewOf } from '#client/features/messages/messageView.ts';

export const INBOX_COUNT_QUERY: TypedDocumentNode<InboxCountQuery, InboxCountQueryVariables> = gql`
  query InboxCountQuery {
    unreadMessageCount
  }
`;

export const INBOX_MESSAGE_ADDED_SUBSCRIPTION: TypedDocumentNode<
  InboxMessageAddedSubscription,
  InboxMessageAddedSubscriptionVariables
> = gql`
  subscription InboxMessageAddedSubscription {
    messageAdded {
      id
      body
      held
      removed
      createdAt
      sender {
        id
        displayName
      }
      conversation {
        id
        ...ConversationListItem_conversation
      }
    }
  }
  ${CONVERSATION_LIST_ITEM_FRAGMENT}
`;

export const INBOX_CHAT_UPDATED_SUBSCRIPTION: TypedDocumentNode<
  InboxChatUpdatedSubscription,
  InboxChatUpdatedSubscriptionVariables
> = gql`
  subscription InboxChatUpdatedSubscription {
    chatUpdated {
      id
      unreadCount
      viewerIsMember
      viewerCanPost
    }
  }
`;

// The exact count follows a change pushed by chatUpdated (read in another tab, a member removed).
const RECOUNT_AFTER_MS = 400;

// Subscribed once, by the dashboard shell once the account is known: the inbox badge (the count in the
// cache, which the shell's query reads), the inbox list's order and its rows, and a toast for a message
// in a conversation the user is not looking at (a click opens it). The count is read again once the
// socket is up (the first connection too: a message sent before the subscription listened counts), the
// list after a reconnect (what the socket missed while down).
export function useLiveInbox(viewerId: string): void {
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const client = useApolloClient();
  const { refetch } = useQuery(INBOX_COUNT_QUERY);

  const recountTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const recountSoon = () => {
    if (recountTimer.current) clearTimeout(recountTimer.current);
    recountTimer.current = setTimeout(() => {
      recountTimer.current = null;
      void refetch().catch(() => undefined);
    }, RECOUNT_AFTER_MS);
  };
  useEffect(
    () => () => {
      if (recountTimer.current) clearTimeout(recountTimer.current);
    },
    [],
  );

  useSubscription(INBOX_MESSAGE_ADDED_SUBSCRIPTION, {
    onData: ({ client: apollo, data: result }) => {
      const message = result.data?.messageAdded;
      if (!message) return;
      const conversation = message.conversation;
      moveConversationToTop(apollo.cache, conversation.id);
      if (message.sender.id === viewerId || isWatching(conversation.id)) return;
      apollo.cache.updateQuery({ query: INBOX_COUNT_QUERY }, (previous) =>
        previous ? { ...previous, unreadMessageCount: previous.unreadMessageCount + 1 } : previous,
      );
      const preview = previewOf(message, viewerId, conversation.kind);
      const text =
        preview.kind === 'text'
          ? conversation.kind === 'EVENT_GROUP'
            ? t('inbox.toast.group', {
                name: message.sender.displayName,
                title: conversation.title,
                text: preview.text,
              })
            : t('inbox.toast.direct', { name: message.sender.displayName, text: preview.text })
          : t('inbox.toast.held', { name: message.sender.displayName });
      toast.info(text, {
        id: `message-${conversation.id}`,
        durationMs: 6000,
        onClick: () => void navigate(`/dashboard/inbox/${conversation.id}`),
      });
    },
  });

  useSubscription(INBOX_CHAT_UPDATED_SUBSCRIPTION, {
    onData: () => recountSoon(),
  });

  useSocketConnected(() => void refetch().catch(() => undefined));
  useSocketReconnected(() => evictRootFields(client.cache, ['conversations']));
}
