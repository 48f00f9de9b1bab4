import { useState } from 'react';
import { gql } from '#client/apollo/gql.ts';
import type { FriendRequestsList_RequestsFragment } from '#client/__generated__/graphql.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { timeAgo } from '#client/lib/i18n/timeAgo.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import {
  useFriendshipActions,
  type FriendshipAction,
} from '#client/features/friends/useFriendshipMutations.ts';

export const FRIEND_REQUESTS_LIST_FRAGMENT = gql`
  fragment FriendRequestsList_requests on FriendRequests {
    incoming {
      mutualCount
      createdAt
      user {
        id
        displayName
        avatarUrl
      }
    }
    outgoing {
      mutualCount
      createdAt
      user {
        id
        displayName
        avatarUrl
      }
    }
  }
`;

type Request = FriendRequestsList_RequestsFragment['incoming'][number];

// The requests tab: those waiting for the viewer (Kabul et / Reddet), then those the viewer sent
// (Geri al).
export function FriendRequestsList({
  requests,
  onOpenProfile,
}: {
  requests: FriendRequestsList_RequestsFragment;
  onOpenProfile: (userId: string) => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const { run } = useFriendshipActions();
  const [busy, setBusy] = useState<{ userId: string; action: FriendshipAction } | null>(null);

  const act = async (action: FriendshipAction, request: Request) => {
    setBusy({ userId: request.user.id, action });
    try {
      await run(action, request.user.id);
      if (action === 'accept') toast.success(t('friends.toast.accepted', { name: request.user.displayName }));
      else if (action === 'decline') toast.success(t('friends.toast.declined'));
      else toast.success(t('friends.toast.cancelled'));
    } catch (error) {
      toast.error(userFacingMessage(error, t('friends.failed')));
    } finally {
      setBusy(null);
    }
  };
  const isBusy = (r: Request, action: FriendshipAction) =>
    busy?.userId === r.user.id && busy.action === action;

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="incoming-title" className="flex flex-col gap-3">
        <h2 id="incoming-title" className="text-sm font-bold tracking-wide text-ink-300 uppercase">
          {t('friends.requests.incoming', { count: requests.incoming.length })}
        </h2>
        {requests.incoming.length === 0 ? (
          <p className="text-sm text-ink-300">{t('friends.requests.noIncoming')}</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="incoming-requests">
            {requests.incoming.map((r) => (
              <RequestRow key={r.user.id} request={r} onOpenProfile={onOpenProfile}>
                <Button
                  size="sm"
                  loading={isBusy(r, 'accept')}
                  disabled={busy?.userId === r.user.id}
                  onClick={() => void act('accept', r)}
                  data-testid="request-accept"
                >
                  {t('friends.accept')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  loading={isBusy(r, 'decline')}
                  disabled={busy?.userId === r.user.id}
                  onClick={() => void act('decline', r)}
                  data-testid="request-decline"
                >
                  {t('friends.decline')}
                </Button>
              </RequestRow>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="outgoing-title" className="flex flex-col gap-3">
        <h2 id="outgoing-title" className="text-sm font-bold tracking-wide text-ink-300 uppercase">
          {t('friends.requests.outgoing', { count: requests.outgoing.length })}
        </h2>
        {requests.outgoing.length === 0 ? (
          <p className="text-sm text-ink-300">{t('friends.requests.noOutgoing')}</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="outgoing-requests">
            {requests.outgoing.map((r) => (
              <RequestRow key={r.user.id} request={r} onOpenProfile={onOpenProfile}>
                <Button
                  size="sm"
                  variant="ghost"
                  loading={isBusy(r, 'cancel')}
                  onClick={() => void act('cancel', r)}
                  data-testid="request-cancel"
                >
                  {t('friends.cancel')}
                </Button>
              </RequestRow>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function RequestRow({
  request,
  onOpenProfile,
  children,
}: {
  request: Request;
  onOpenProfile: (userId: string) => void;
  children: React.ReactNode;
}) {
  const { t, fmt, locale } = useI18n();
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-ink-700 bg-ink-850/80 p-3"
      data-testid="friend-request-row"
    >
      <button
        type="button"
        className="flex min-w-0 flex-1 items-center gap-3 text-left"
        onClick={() => onOpenProfile(request.user.id)}
      >
        <Avatar name={request.user.displayName} url={request.user.avatarUrl} className="size-11" />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-white">{request.user.displayName}</span>
          <span className="block truncate text-xs text-ink-300">
            {request.mutualCount > 0
              ? `${t('friends.mutual', { count: fmt.number(request.mutualCount) })} · `
              : ''}
            {timeAgo(request.createdAt, locale)}
          </span>
        </span>
      </button>
      <span className="flex items-center gap-1.5">{children}</span>
    </li>
  );
}
