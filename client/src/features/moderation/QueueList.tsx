import { useState, type ReactNode } from 'react';
import type { OperationVariables } from '@apollo/client';
import type { useQuery } from '@apollo/client/react';
import { Button } from '#client/components/ui/Button.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

type PageInfo = { hasNextPage: boolean; endCursor: string | null };
type Page<N> = { nodes: readonly N[]; pageInfo: PageInfo };

// A console queue: spinner, error with retry, empty state, the items, and "show more" (the next page
// appended with fetchMore). `field`: the query's connection field.
export function QueueList<
  K extends string,
  Q extends { [key in K]: Page<unknown> },
  V extends OperationVariables,
>({
  query,
  field,
  render,
  empty,
  emoji,
  testId,
}: {
  query: useQuery.Result<Q, V>;
  field: K;
  render: (node: Q[K]['nodes'][number]) => ReactNode;
  empty: string;
  emoji: string;
  testId: string;
}) {
  const { t } = useI18n();
  const [more, setMore] = useState(false);
  // Complete data only (no returnPartialData): the connection as the query asked for it.
  const connection = (query.data as Q | undefined)?.[field];
  const nodes = connection?.nodes;
  const pageInfo = connection?.pageInfo;
  const merge = (previous: Q, next: Q): Q => ({
    ...previous,
    [field]: { ...next[field], nodes: [...previous[field].nodes, ...next[field].nodes] },
  });
  if (query.loading && !nodes) return <Spinner />;
  if (query.error && !nodes)
    return (
      <div className="flex items-center gap-3 text-sm text-rose-300">
        {t('moderation.failed')}
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  if (!nodes || nodes.length === 0)
    return <EmptyState emoji={emoji} title={empty} text={t('moderation.empty.text')} />;
  return (
    <div className="flex flex-col gap-3" data-testid={testId}>
      {nodes.map(render)}
      {pageInfo?.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          loading={more}
          onClick={async () => {
            setMore(true);
            try {
              await query.fetchMore({
                variables: { after: pageInfo.endCursor } as unknown as Partial<V>,
                updateQuery: (previous, { fetchMoreResult }) => merge(previous, fetchMoreResult),
              });
            } finally {
              setMore(false);
            }
          }}
        >
          {t('moderation.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
