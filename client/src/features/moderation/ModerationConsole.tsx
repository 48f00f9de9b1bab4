import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import type {
  ModerationQueueCountsQuery,
  ModerationQueueCountsQueryVariables,
} from '#client/__generated__/graphql.ts';
import { Tabs } from '#client/components/ui/Tabs.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { AppealsQueue } from './AppealsQueue.tsx';
import { AuditLog } from './AuditLog.tsx';
import { FlagsQueue } from './FlagsQueue.tsx';
import { ModerationActionDialog } from './ModerationActionDialog.tsx';
import { ReportsQueue } from './ReportsQueue.tsx';
import { UserHistoryDialog } from './UserHistoryDialog.tsx';
import type { ModerationVerb } from './useModerationAction.ts';

export const MODERATION_QUEUE_COUNTS_QUERY: TypedDocumentNode<
  ModerationQueueCountsQuery,
  ModerationQueueCountsQueryVariables
> = gql`
  query ModerationQueueCountsQuery {
    moderationQueueCounts {
      reports
      flags
      appeals
    }
  }
`;

type Tab = 'reports' | 'flags' | 'appeals' | 'log';

// The moderators' console: one tab per queue (with what waits in it) and the audit log; every action
// goes through one confirmation dialog, and any user opens their history.
export function ModerationConsole() {
  const { t, fmt } = useI18n();
  const [tab, setTab] = useState<Tab>('reports');
  const [pending, setPending] = useState<{ verb: ModerationVerb; name: string } | null>(null);
  const [person, setPerson] = useState<{ id: string; displayName: string } | null>(null);
  const counts = useQuery(MODERATION_QUEUE_COUNTS_QUERY).data?.moderationQueueCounts;
  const onAct = (verb: ModerationVerb, name: string) => setPending({ verb, name });
  const label = (key: 'reports' | 'flags' | 'appeals', text: string) => (
    <span className="flex items-center gap-2">
      {text}
      {counts && counts[key] > 0 ? (
        <span className="rounded-full bg-rose-500 px-2 py-0.5 text-[11px] font-bold text-white">
          {fmt.number(counts[key])}
        </span>
      ) : null}
    </span>
  );

  return (
    <>
      <Tabs
        label={t('moderation.tabs')}
        value={tab}
        onValueChange={(id) => setTab(id as Tab)}
        items={[
          {
            id: 'reports',
            label: label('reports', t('moderation.tab.reports')),
            content: <ReportsQueue onAct={onAct} onOpenUser={setPerson} />,
          },
          {
            id: 'flags',
            label: label('flags', t('moderation.tab.flags')),
            content: <FlagsQueue onAct={onAct} onOpenUser={setPerson} />,
          },
          {
            id: 'appeals',
            label: label('appeals', t('moderation.tab.appeals')),
            content: <AppealsQueue onAct={onAct} onOpenUser={setPerson} />,
          },
          { id: 'log', label: t('moderation.tab.log'), content: <AuditLog onOpenUser={setPerson} /> },
        ]}
      />
      <UserHistoryDialog user={person} onClose={() => setPerson(null)} onAct={onAct} />
      <ModerationActionDialog
        key={pending ? JSON.stringify(pending.verb) : 'none'}
        verb={pending?.verb ?? null}
        targetName={pending?.name ?? ''}
        onClose={() => setPending(null)}
      />
    </>
  );
}
