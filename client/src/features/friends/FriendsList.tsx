import { useState } from 'react';
import { gql } from '#client/apollo/gql.ts';
import type { FriendsList_FriendFragment } from '#client/__generated__/graphql.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { ConfirmDialog } from '#client/components/ui/Dialog.tsx';
import { Menu } from '#client/components/ui/Menu.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useFriendshipActions } from '#client/features/friends/useFriendshipMutations.ts';

export const FRIENDS_LIST_FRAGMENT = gql`
  fragment FriendsList_friend on Friend {
    since
    mutualCount
    user {
      id
      displayName
      username
      avatarUrl
    }
  }
`;

type Friend = FriendsList_FriendFragment;

// The friends tab: each friend with how many friends you share, 'Mesaj', and 'Arkadaşlıktan çıkar'
// (asked first) in the row's menu. A name opens the profile.
export function FriendsList({
  friends,
  onMessage,
  onOpenProfile,
  messaging,
}: {
  friends: readonly Friend[];
  onMessage: (userId: string) => void;
  onOpenProfile: (userId: string) => void;
  // The friend whose conversation is being opened.
  messaging: string | null;
}) {
  const { t, fmt } = useI18n();
  const toast = useToast();
  const { run, loading } = useFriendshipActions();
  const [confirm, setConfirm] = useState<Friend | null>(null);

  const remove = async (friend: Friend) => {
    try {
      await run('remove', friend.user.id);
      toast.success(t('friends.toast.removed', { name: friend.user.displayName }));
      setConfirm(null);
    } catch (error) {
      toast.error(userFacingMessage(error, t('friends.failed')));
    }
  };

  return (
    <>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="friends-list">
        {friends.map((f) => (
          <li
            key={f.user.id}
            className="flex items-center gap-3 rounded-2xl border border-ink-700 bg-ink-850/80 p-3"
            data-testid="friend-row"
          >
            <button
              type="button"
              className="flex min-w-0 flex-1 items-center gap-3 text-left"
              onClick={() => onOpenProfile(f.user.id)}
            >
              <Avatar name={f.user.displayName} url={f.user.avatarUrl} className="size-12" />
              <span className="min-w-0">
                <span className="block truncate font-semibold text-white">{f.user.displayName}</span>
                <span className="block truncate text-xs text-ink-300">
                  {f.user.username ? `@${f.user.username} · ` : ''}
                  {f.mutualCount > 0
                    ? t('friends.mutual', { count: fmt.number(f.mutualCount) })
                    : t('friends.since', { date: fmt.date(f.since) })}
                </span>
              </span>
            </button>
            <Button
              size="sm"
              variant="outline"
              loading={messaging === f.user.id}
              onClick={() => onMessage(f.user.id)}
              data-testid="friend-message"
            >
              💬 {t('friends.message')}
            </Button>
            <Menu
              label={t('friends.rowMenu', { name: f.user.displayName })}
              trigger={
                <span aria-hidden="true" className="px-1 text-lg">
                  ⋯
                </span>
              }
              items={[
                {
                  id: 'remove',
                  label: `💔 ${t('friends.remove')}`,
                  danger: true,
                  onSelect: () => setConfirm(f),
                },
              ]}
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirm !== null}
        onCancel={() => setConfirm(null)}
        onConfirm={() => (confirm ? void remove(confirm) : undefined)}
        title={confirm ? t('friends.remove.title', { name: confirm.user.displayName }) : ''}
        description={t('friends.remove.text')}
        confirmLabel={t('friends.remove.confirm')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        loading={loading}
        confirmTestId="friend-remove-yes"
      />
    </>
  );
}
