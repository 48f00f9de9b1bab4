import { Suspense, useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery, useReadQuery, type QueryRef } from '@apollo/client/react';
import { Link, Outlet, useLoaderData, useParams } from 'react-router-dom';
import type {
  InboxListQuery,
  InboxListQueryVariables,
  InboxRouteQuery,
  InboxRouteQueryVariables,
} from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { LoadingState } from '#client/app/LoadingState.tsx';
import { Button, buttonClasses } from '#client/components/ui/Button.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import {
  CONVERSATION_LIST_ITEM_FRAGMENT,
  ConversationListItem,
} from '#client/features/messages/ConversationListItem.tsx';

export const INBOX_ROUTE_QUERY: TypedDocumentNode<InboxRouteQuery, InboxRouteQueryVariables> = gql`
  query InboxRouteQuery {
    me {
      id
    }
  }
`;

// The list is read through useQuery (the loader starts it): a conversation that is not listed yet
// evicts the list, which is then read again while the rows on screen stay.
export const INBOX_LIST_QUERY: TypedDocumentNode<InboxListQuery, InboxListQueryVariables> = gql`
  query InboxListQuery($after: String) {
    conversations(first: 20, after: $after) {
      nodes {
        id
        ...ConversationListItem_conversation
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
  ${CONVERSATION_LIST_ITEM_FRAGMENT}
`;

export function loader() {
  const preload = getPreloader();
  preload(INBOX_LIST_QUERY, { fetchPolicy: 'cache-and-network' });
  return { queryRef: preload(INBOX_ROUTE_QUERY) };
}

export function InboxRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <Inbox queryRef={queryRef} />;
}

// /dashboard/inbox and /dashboard/inbox/:conversationId: on wide screens (≥1024 px) the list on the
// left and the open conversation on the right; on phones one of the two, the thread with a back
// button. The page fills the space under the header (the shell's padding is taken back).
function Inbox({ queryRef }: { queryRef: QueryRef<InboxRouteQuery> }) {
  const { t } = useI18n();
  useDocumentTitle(t('inbox.title'));
  const { me } = useReadQuery(queryRef).data;
  const { conversationId } = useParams();
  return (
    <div
      className="-mx-4 -my-6 flex h-[calc(100dvh-122px)] sm:-mx-6 md:h-[calc(100dvh-65px)] lg:-mx-8"
      data-testid="inbox"
    >
      <aside
        className={cn(
          'flex w-full min-w-0 flex-col border-ink-700/70 lg:w-96 lg:shrink-0 lg:border-r',
          conversationId && 'max-lg:hidden',
        )}
        aria-label={t('inbox.title')}
      >
        <div className="border-b border-ink-700/70 px-4 py-4">
          <h1 className="text-xl font-extrabold text-white">{t('inbox.title')}</h1>
          <p className="text-xs text-ink-300">{t('inbox.subtitle')}</p>
        </div>
        <ConversationList viewerId={me.id} />
      </aside>
      <div className={cn('min-w-0 flex-1', !conversationId && 'max-lg:hidden')}>
        <Suspense
          fallback={<LoadingState className="flex h-full items-center justify-center gap-2 text-ink-300" />}
        >
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}

function ConversationList({ viewerId }: { viewerId: string }) {
  const { t } = useI18n();
  const { data, previousData, error, refetch, fetchMore } = useQuery(INBOX_LIST_QUERY, {
    fetchPolicy: 'cache-first',
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const shown = data ?? previousData;
  if (!shown) {
    return error ? (
      <div className="p-4 text-sm text-ink-300">
        <p>{t('inbox.loadFailed')}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    ) : (
      <p className="flex items-center gap-2 p-4 text-sm text-ink-300">
        <Spinner /> {t('common.loading')}
      </p>
    );
  }
  const { nodes, pageInfo } = shown.conversations;
  if (nodes.length === 0) {
    return (
      <div className="p-4">
        <EmptyState
          emoji="💬"
          title={t('inbox.empty')}
          text={t('inbox.emptyText')}
          action={
            <Link to="/dashboard/physical" className={buttonClasses('primary', 'md')}>
              {t('inbox.findEvents')}
            </Link>
          }
        />
      </div>
    );
  }
  const loadMore = async () => {
    if (!pageInfo.endCursor) return;
    setLoadingMore(true);
    try {
      // The cache's field policy appends the page to the one cached list.
      await fetchMore({ variables: { after: pageInfo.endCursor } });
    } finally {
      setLoadingMore(false);
    }
  };
  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-2">
      <ul className="flex flex-col gap-0.5" data-testid="conversation-list">
        {nodes.map((c) => (
          <li key={c.id}>
            <ConversationListItem conversation={c} viewerId={viewerId} />
          </li>
        ))}
      </ul>
      {pageInfo.hasNextPage ? (
        <div className="flex justify-center py-3">
          <Button
            variant="outline"
            size="sm"
            loading={loadingMore}
            onClick={() => void loadMore()}
            data-testid="inbox-older"
          >
            {t('inbox.older')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

// /dashboard/inbox on a wide screen: the right pane before a conversation is chosen.
export function InboxIndexRoute() {
  const { t } = useI18n();
  return (
    <div className="flex h-full items-center justify-center p-6">
      <EmptyState emoji="💬" title={t('inbox.pick')} text={t('inbox.pickText')} />
    </div>
  );
}
