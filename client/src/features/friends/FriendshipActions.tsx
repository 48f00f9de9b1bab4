import { useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery } from '@apollo/client/react';
import type {
  FriendshipActionsQuery,
  FriendshipActionsQueryVariables,
} from '#client/__generated__/graphql.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Menu } from '#client/components/ui/Menu.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import {
  useFriendshipActions,
  type FriendshipAction,
} from '#client/features/friends/useFriendshipMutations.ts';

export const FRIENDSHIP_ACTIONS_QUERY: TypedDocumentNode<
  FriendshipActionsQuery,
  FriendshipActionsQueryVariables
> = gql`
  query FriendshipActionsQuery($id: ID!) {
    user(id: $id) {
      id
      displayName
      friendship
    }
  }
`;

// The friendship buttons of another user's profile: 'Arkadaş Ekle'; once sent 'İstek gönderildi' with
// 'Geri al'; 'Kabul et' / 'Reddet' when they asked; 'Arkadaşsınız ✓' with removal in its menu (asked
// twice). Refusals (a rate limit, a block) show the server's reason.
export function FriendshipActions({ userId }: { userId: string }) {
  const { t } = useI18n();
  const toast = useToast();
  const { data } = useQuery(FRIENDSHIP_ACTIONS_QUERY, { variables: { id: userId } });
  const { run, loading } = useFriendshipActions();
  const [pending, setPending] = useState<FriendshipAction | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const user = data?.user;
  if (!user) return null;

  const act = async (action: FriendshipAction) => {
    setPending(action);
    try {
      await run(action, user.id);
      const done: Record<FriendshipAction, string> = {
        send: t('friends.toast.sent', { name: user.displayName }),
        accept: t('friends.toast.accepted', { name: user.displayName }),
        decline: t('friends.toast.declined'),
        cancel: t('friends.toast.cancelled'),
        remove: t('friends.toast.removed', { name: user.displayName }),
      };
      toast.success(done[action]);
      setConfirmRemove(false);
    } catch (error) {
      toast.error(userFacingMessage(error, t('friends.failed')));
    } finally {
      setPending(null);
    }
  };

  const busy = (action: FriendshipAction) => loading && pending === action;

  switch (user.friendship) {
    case 'NONE':
      return (
        <Button
          variant="outline"
          size="sm"
          loading={busy('send')}
          onClick={() => void act('send')}
          data-testid="friend-add"
        >
          <span aria-hidden="true">➕</span> {t('friends.add')}
        </Button>
      );
    case 'REQUEST_SENT':
      return (
        <span className="flex items-center gap-1.5" data-testid="friend-state" data-state="REQUEST_SENT">
          <span className="text-sm text-ink-300">✉️ {t('friends.requestSent')}</span>
          <Button
            variant="ghost"
            size="sm"
            loading={busy('cancel')}
            onClick={() => void act('cancel')}
            data-testid="friend-cancel"
          >
            {t('friends.cancel')}
          </Button>
        </span>
      );
    case 'REQUEST_RECEIVED':
      return (
        <span className="flex items-center gap-1.5" data-testid="friend-state" data-state="REQUEST_RECEIVED">
          <Button
            size="sm"
            loading={busy('accept')}
            disabled={loading}
            onClick={() => void act('accept')}
            data-testid="friend-accept"
          >
            {t('friends.accept')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            loading={busy('decline')}
            disabled={loading}
            onClick={() => void act('decline')}
            data-testid="friend-decline"
          >
            {t('friends.decline')}
          </Button>
        </span>
      );
    case 'FRIENDS':
      return confirmRemove ? (
        <span className="flex flex-wrap items-center gap-1.5" data-testid="friend-remove-confirm">
          <span className="text-sm text-ink-200">{t('friends.remove.ask', { name: user.displayName })}</span>
          <Button
            variant="danger"
            size="sm"
            loading={busy('remove')}
            onClick={() => void act('remove')}
            data-testid="friend-remove-yes"
          >
            {t('friends.remove.confirm')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirmRemove(false)}>
            {t('common.cancel')}
          </Button>
        </span>
      ) : (
        <Menu
          label={t('friends.menu')}
          align="left"
          triggerClassName="rounded-lg border border-emerald-400/30 bg-emerald-500/10 px-3 py-1.5 text-sm font-semibold text-emerald-200 hover:bg-emerald-500/20 hover:text-emerald-100"
          trigger={
            <span data-testid="friend-state" data-state="FRIENDS">
              {t('friends.areFriends')}
            </span>
          }
          items={[
            {
              id: 'remove',
              label: `💔 ${t('friends.remove')}`,
              danger: true,
              onSelect: () => setConfirmRemove(true),
            },
          ]}
        />
      );
  }
}
