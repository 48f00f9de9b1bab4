import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useState, type ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import type { PublicProfileQuery, PublicProfileQueryVariables } from '#client/__generated__/graphql.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { Tabs } from '#client/components/ui/Tabs.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { BlockUserDialog } from '#client/features/safety/BlockUserDialog.tsx';
import { ReportUserDialog } from '#client/features/safety/ReportUserDialog.tsx';
import { useBlockUserMutation } from '#client/features/safety/useBlockUserMutation.ts';
import { Activity, Badges, MemberSince, Overview, Reviews } from './UserProfileTabs.tsx';

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
      largeAvatarUrl: avatarUrl(size: LARGE)
      city
      district
      interests {
        id
        label
      }
      createdAt
      stats {
        eventsHosted
        eventsJoined
      }
      hostRating {
        average
        count
      }
      participantRating {
        average
        count
      }
      badges {
        id
        name
        description
        icon
        earnedAt
      }
      activity(first: 10) {
        type
        event {
          id
          title
          participantCount
          maxParticipants
          startsAt
          status
        }
      }
      eventsInCommon(first: 5) {
        id
        title
      }
      reviews(first: 10) {
        totalCount
        nodes {
          id
          score
          feedback
          createdAt
          rater {
            id
            displayName
            smallAvatarUrl: avatarUrl(size: SMALL)
          }
          event {
            id
            title
          }
        }
      }
      viewerHasBlocked
      viewerCanMessage
      friendCount
      mutualFriendCount
    }
  }
`;

// Another user's profile (spec §2: tabs Overview, Activity, Reviews, Badges; Message, Add Friend,
// Report, Block): only what the API shows to others. 'Mesaj' opens the direct conversation when the
// viewer may have one (friends, together at an event); otherwise the event's host↔requester thread
// when the route offers it, or a disabled button that says why. The friendship buttons come from the
// route (`social`). The Report and Block dialogs are siblings of this one, not children, so Esc or a
// backdrop click closes only the top dialog.
export function UserProfileDialog({
  userId,
  eventId,
  onClose,
  onMessage,
  onEventMessage,
  social,
}: {
  userId: string | null;
  // The event the profile was opened from; a report mentions it.
  eventId?: string | null;
  onClose: () => void;
  // A direct conversation (startDirectConversation), offered when the viewer may message this user.
  onMessage?: (user: { id: string; displayName: string }) => void;
  // The event's thread with this user (the host and a requester), when a direct one is not allowed.
  onEventMessage?: (user: { id: string; displayName: string }) => void;
  // The friendship buttons for another user.
  social?: (user: { id: string; displayName: string }) => ReactNode;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const { data, loading } = useQuery(PUBLIC_PROFILE_QUERY, {
    variables: { id: userId ?? '' },
    skip: !userId,
  });
  const [reportOpen, setReportOpen] = useState(false);
  const [blockOpen, setBlockOpen] = useState(false);
  const [tab, setTab] = useState('overview');
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
          setTab('overview');
          onClose();
        }}
        title={user?.displayName ?? t('details.profile.title')}
        closeLabel={t('common.close')}
        className="max-w-xl"
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
              <Avatar name={user.displayName} url={user.largeAvatarUrl} className="size-16 text-lg" />
              <div className="min-w-0">
                <p className="truncate text-ink-300">{user.username ? `@${user.username}` : ''}</p>
                {user.city || user.district ? (
                  <p className="text-sm text-ink-300">
                    📍 {[user.district, user.city].filter(Boolean).join(', ')}
                  </p>
                ) : null}
                <MemberSince createdAt={user.createdAt} />
                <p className="text-xs text-ink-300" data-testid="profile-friend-counts">
                  👥 {t('otherProfile.friends', { count: user.friendCount })}
                  {other && user.mutualFriendCount > 0
                    ? ` · ${t('otherProfile.mutualFriends', { count: user.mutualFriendCount })}`
                    : ''}
                </p>
              </div>
            </div>
            <Tabs
              label={t('otherProfile.sections')}
              value={tab}
              onValueChange={setTab}
              items={[
                { id: 'overview', label: t('otherProfile.tab.overview'), content: <Overview user={user} /> },
                {
                  id: 'activity',
                  label: t('otherProfile.tab.activity'),
                  content: <Activity user={user} onNavigate={onClose} />,
                },
                {
                  id: 'reviews',
                  label: `${t('otherProfile.tab.reviews')} (${user.reviews.totalCount})`,
                  content: <Reviews user={user} />,
                },
                {
                  id: 'badges',
                  label: `${t('otherProfile.tab.badges')} (${user.badges.length})`,
                  content: <Badges user={user} />,
                },
              ]}
            />
            {other ? (
              <div className="flex flex-col gap-2 border-t border-ink-700 pt-4">
                <div className="flex flex-wrap items-center justify-end gap-2">
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
                  <span className="flex flex-wrap items-center gap-2 sm:ml-auto">
                    {!other.viewerHasBlocked && social ? social(other) : null}
                    {other.viewerHasBlocked ? null : other.viewerCanMessage && onMessage ? (
                      <Button
                        size="sm"
                        onClick={() => onMessage({ id: other.id, displayName: other.displayName })}
                        data-testid="profile-message"
                      >
                        💬 {t('details.profile.message')}
                      </Button>
                    ) : onEventMessage ? (
                      <Button
                        size="sm"
                        onClick={() => onEventMessage({ id: other.id, displayName: other.displayName })}
                        data-testid="profile-message"
                      >
                        💬 {t('details.profile.message')}
                      </Button>
                    ) : onMessage ? (
                      <Button
                        size="sm"
                        disabled
                        aria-describedby="profile-message-reason"
                        data-testid="profile-message"
                      >
                        💬 {t('details.profile.message')}
                      </Button>
                    ) : null}
                  </span>
                </div>
                {!other.viewerHasBlocked && !other.viewerCanMessage && onMessage && !onEventMessage ? (
                  <p id="profile-message-reason" className="text-right text-xs text-ink-300">
                    {t('otherProfile.messageNotAllowed')}
                  </p>
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
