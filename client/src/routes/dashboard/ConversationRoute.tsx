import { useCallback, useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useApolloClient, useReadQuery, type QueryRef } from '@apollo/client/react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type {
  ConversationRouteQuery,
  ConversationRouteQueryVariables,
} from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { buttonClasses } from '#client/components/ui/Button.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import {
  CONVERSATION_THREAD_FRAGMENT,
  ConversationThread,
} from '#client/features/messages/ConversationThread.tsx';
import { MESSAGE_BUBBLE_FRAGMENT } from '#client/features/messages/MessageBubble.tsx';
import { SocialProfileDialog } from '#client/routes/dashboard/SocialProfileDialog.tsx';

export const CONVERSATION_ROUTE_QUERY: TypedDocumentNode<
  ConversationRouteQuery,
  ConversationRouteQueryVariables
> = gql`
  query ConversationRouteQuery($id: ID!, $before: String) {
    me {
      id
    }
    conversationById(id: $id) {
      id
      ...ConversationThread_conversation
      messagePage(first: 30, before: $before) {
        nodes {
          id
          ...MessageBubble_message
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
  ${CONVERSATION_THREAD_FRAGMENT}
  ${MESSAGE_BUBBLE_FRAGMENT}
`;

// Shown from the cache at once when it was open before, and read fresh behind it.
export function loader({ params }: LoaderFunctionArgs) {
  return {
    queryRef: getPreloader()(CONVERSATION_ROUTE_QUERY, {
      variables: { id: params.conversationId ?? '' },
      fetchPolicy: 'cache-and-network',
    }),
  };
}

export function ConversationRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <Conversation queryRef={queryRef} />;
}

// The right pane of the inbox (or the whole screen on a phone): one conversation, with the profile
// dialog of anyone in it.
function Conversation({ queryRef }: { queryRef: QueryRef<ConversationRouteQuery> }) {
  const { t } = useI18n();
  const client = useApolloClient();
  const { data } = useReadQuery(queryRef);
  const conversation = data.conversationById;
  useDocumentTitle(conversation?.title ?? t('inbox.title'));
  const [profileId, setProfileId] = useState<string | null>(null);
  const conversationId = conversation?.id ?? null;

  // Older pages and fresh first pages go through the client, outside Suspense: the cache's field
  // policy joins them to the one cached list the thread reads.
  const readPage = useCallback(
    (before: string | null) =>
      conversationId
        ? client.query({
            query: CONVERSATION_ROUTE_QUERY,
            variables: { id: conversationId, before },
            fetchPolicy: 'network-only',
          })
        : Promise.resolve(null),
    [client, conversationId],
  );

  if (!conversation) {
    return (
      <div className="flex h-full items-center justify-center p-6">
        <EmptyState
          emoji="🔍"
          title={t('inbox.notFound')}
          text={t('inbox.notFoundText')}
          action={
            <Link to="/dashboard/inbox" className={buttonClasses('outline', 'md')}>
              {t('inbox.back')}
            </Link>
          }
        />
      </div>
    );
  }
  const page = conversation.messagePage;
  return (
    <>
      <ConversationThread
        key={conversation.id}
        conversation={conversation}
        messages={page.nodes}
        viewerId={data.me.id}
        hasOlder={page.pageInfo.hasNextPage}
        onLoadOlder={() => readPage(page.pageInfo.endCursor)}
        onRefresh={() => void readPage(null).catch(() => undefined)}
        onOpenProfile={setProfileId}
      />
      <SocialProfileDialog
        userId={profileId}
        eventId={conversation.event?.id ?? null}
        onClose={() => setProfileId(null)}
      />
    </>
  );
}
