import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import type { BlockedUsersQuery, BlockedUsersQueryVariables } from '#client/__generated__/graphql.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useBlockUserMutation } from '#client/features/safety/useBlockUserMutation.ts';

export const BLOCKED_USERS_QUERY: TypedDocumentNode<BlockedUsersQuery, BlockedUsersQueryVariables> = gql`
  query BlockedUsersQuery {
    blockedUsers {
      createdAt
      user {
        id
        displayName
        username
        avatarUrl(size: SMALL)
      }
    }
  }
`;

// Settings: the people the viewer blocked, each with Unblock (no confirmation: it is undone by
// blocking again).
export function BlockedUsersList() {
  const { t, fmt } = useI18n();
  const toast = useToast();
  const { data, loading } = useQuery(BLOCKED_USERS_QUERY);
  const { toggle } = useBlockUserMutation();
  const [busy, setBusy] = useState<string | null>(null);

  const unblock = async (user: { id: string; displayName: string }) => {
    setBusy(user.id);
    try {
      await toggle(user.id, true);
      toast.success(t('safety.unblock.done', { name: user.displayName }));
    } catch (error) {
      toast.error(userFacingMessage(error, t('safety.unblock.failed')));
    } finally {
      setBusy(null);
    }
  };

  if (loading && !data) return <Spinner />;
  const blocked = data?.blockedUsers ?? [];
  if (blocked.length === 0) return <p className="text-sm text-ink-300">{t('settings.blocked.empty')}</p>;
  return (
    <ul className="flex flex-col divide-y divide-ink-700" data-testid="blocked-users">
      {blocked.map(({ user, createdAt }) => (
        <li key={user.id} className="flex items-center gap-3 py-3">
          <Avatar name={user.displayName} url={user.avatarUrl} className="size-9 text-xs" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-white">{user.displayName}</p>
            <p className="text-xs text-ink-300">
              {user.username ? `@${user.username} · ` : ''}
              {t('settings.blocked.since', { date: fmt.date(String(createdAt)) })}
            </p>
          </div>
          <Button variant="outline" size="sm" loading={busy === user.id} onClick={() => void unblock(user)}>
            {t('safety.unblock')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
