import { gql, type TypedDocumentNode } from '@apollo/client';
import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import type { PublicProfileQuery, PublicProfileQueryVariables } from '#client/__generated__/graphql.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { ratingText } from '#client/lib/format.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { BlockUserDialog } from '#client/features/safety/BlockUserDialog.tsx';
import { ReportUserDialog } from '#client/features/safety/ReportUserDialog.tsx';
import { useBlockUserMutation } from '#client/features/safety/useBlockUserMutation.ts';

export const PUBLIC_PROFILE_QUERY: TypedDocumentNode<PublicProfileQuery, PublicProfileQueryVariables> = gql`
  query PublicProfileQuery($id: ID!) {
    me {
      id
    }
    user(id: $id) {
      id
      displayName
      username
      bio
      avatarUrl
      city
      district
      interests
      createdAt
      stats {
        eventsHosted
        eventsJoined
        averageRating
      }
      badges {
        id
        name
        icon
      }
      viewerHasBlocked
    }
  }
`;

// A participant's or requester's public profile: only what the API shows to others, nothing made up.
// Message appears when there is a conversation to have (the host looking at a request or participant);
// Report and Block for anyone but yourself (Block asks first, Unblock does not). Add Friend has no
// server yet and is left out rather than faked. The Report and Block dialogs are siblings of this
// one, not children, so Esc or a backdrop click closes only the top dialog.
export function UserProfileDialog({
  userId,
  eventId,
  onClose,
  onMessage,
}: {
  userId: string | null;
  // The event the profile was opened from; a report mentions it.
  eventId?: string | null;
  onClose: () => void;
  onMessage?: (user: { id: string; displayName: string }) => void;
}) {
  const { t, fmt } = useI18n();
  const toast = useToast();
  const { data, loading } = useQuery(PUBLIC_PROFILE_QUERY, {
    variables: { id: userId ?? '' },
    skip: !userId,
  });
  const [reportOpen, setReportOpen] = useState(false);
  const [blockOpen, setBlockOpen] = useState(false);
  const { toggle: toggleBlock, loading: unblocking } = useBlockUserMutation();
  const user = data?.user;
  const other = user && data.me.id !== user.id ? user : null;

  const unblock = async (target: { id: string; displayName: string }) => {
    try {
      await toggleBlock(target.id, true);
      toast.success(t('safety.unblock.done', { name: target.displayName }));
    } catch (error) {
      toast.error(userFacingMessage(error, t('safety.unblock.failed')));
    }
  };

  return (
    <>
      <Dialog
        open={userId !== null}
        onOpenChange={(open) => {
          if (open) return;
          setReportOpen(false);
          setBlockOpen(false);
          onClose();
        }}
        title={user?.displayName ?? t('details.profile.title')}
        closeLabel={t('common.close')}
      >
        {loading && !user ? (
          <p className="flex items-center gap-2 text-sm text-ink-300">
            <Spinner /> {t('details.profile.loading')}
          </p>
        ) : !user ? (
          <p className="text-sm text-ink-300">{t('details.profile.notFound')}</p>
        ) : (
          <div className="flex flex-col gap-4" data-testid="profile-dialog">
            <div className="flex items-center gap-4">
              <Avatar name={user.displayName} url={user.avatarUrl} className="size-16 text-lg" />
              <div className="min-w-0">
                <p className="truncate text-ink-300">{user.username ? `@${user.username}` : ''}</p>
                {user.city || user.district ? (
                  <p className="text-sm text-ink-300">
                    📍 {[user.district, user.city].filter(Boolean).join(', ')}
                  </p>
                ) : null}
                <p className="text-xs text-ink-300">
                  {t('details.profile.memberSince', { date: fmt.date(user.createdAt) })}
                </p>
              </div>
            </div>
            <p className="text-sm whitespace-pre-line text-ink-200">
              {user.bio || t('details.profile.noBio')}
            </p>
            <dl className="grid grid-cols-3 gap-2 text-center">
              {[
                [t('details.profile.hosted'), fmt.number(user.stats.eventsHosted)],
                [t('details.profile.joined'), fmt.number(user.stats.eventsJoined)],
                [t('details.profile.rating'), ratingText(user.stats.averageRating, fmt)],
              ].map(([label, value]) => (
                <div key={label} className="rounded-xl bg-ink-800 p-2">
                  <dd className="text-lg font-bold text-white">{value}</dd>
                  <dt className="text-xs text-ink-300">{label}</dt>
                </div>
              ))}
            </dl>
            {user.interests.length ? (
              <div>
                <h3 className="mb-1.5 text-xs font-semibold text-ink-300 uppercase">
                  {t('details.profile.interests')}
                </h3>
                <div className="flex flex-wrap gap-1.5">
                  {user.interests.map((i) => (
                    <Badge key={i} tone="accent">
                      {i}
                    </Badge>
                  ))}
                </div>
              </div>
            ) : null}
            {user.badges.length ? (
              <div>
                <h3 className="mb-1.5 text-xs font-semibold text-ink-300 uppercase">
                  {t('details.profile.badges')}
                </h3>
                <div className="flex flex-wrap gap-1.5">
                  {user.badges.map((b) => (
                    <Badge key={b.id}>
                      <span aria-hidden="true">{b.icon}</span> {b.name}
                    </Badge>
                  ))}
                </div>
              </div>
            ) : null}
            {onMessage || other ? (
              <div className="flex flex-wrap items-center justify-end gap-2 border-t border-ink-700 pt-4">
                {other ? (
                  <>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-rose-300 hover:text-rose-200"
                      onClick={() => setReportOpen(true)}
                      data-testid="profile-report"
                    >
                      <span aria-hidden="true">⚑</span> {t('safety.report')}
                    </Button>
                    {other.viewerHasBlocked ? (
                      <Button
                        variant="outline"
                        size="sm"
                        loading={unblocking}
                        onClick={() => void unblock(other)}
                        data-testid="profile-unblock"
                      >
                        {t('safety.unblock')}
                      </Button>
                    ) : (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-rose-300 hover:text-rose-200"
                        onClick={() => setBlockOpen(true)}
                        data-testid="profile-block"
                      >
                        <span aria-hidden="true">⊘</span> {t('safety.block')}
                      </Button>
                    )}
                  </>
                ) : null}
                {onMessage && !other?.viewerHasBlocked ? (
                  <Button
                    className="ml-auto"
                    onClick={() => onMessage({ id: user.id, displayName: user.displayName })}
                  >
                    💬 {t('details.profile.message')}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </div>
        )}
      </Dialog>
      {other ? (
        <>
          <ReportUserDialog
            key={`report-${other.id}`}
            user={other}
            eventId={eventId}
            open={reportOpen && userId !== null}
            onOpenChange={setReportOpen}
          />
          <BlockUserDialog
            user={other}
            open={blockOpen && userId !== null}
            onOpenChange={setBlockOpen}
            onBlocked={onClose}
          />
        </>
      ) : null}
    </>
  );
}
