import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import type { PublicProfileQuery, PublicProfileQueryVariables } from '#client/__generated__/graphql.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { ratingText } from '#client/features/events/format.ts';

export const PUBLIC_PROFILE_QUERY: TypedDocumentNode<PublicProfileQuery, PublicProfileQueryVariables> = gql`
  query PublicProfileQuery($id: ID!) {
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
    }
  }
`;

// A participant's or requester's public profile: only what the API shows to others, nothing made up.
// Message appears when there is a conversation to have (the host looking at a request or participant);
// Add Friend, Report and Block have no server yet and are left out rather than faked.
export function UserProfileDialog({
  userId,
  onClose,
  onMessage,
}: {
  userId: string | null;
  onClose: () => void;
  onMessage?: (user: { id: string; displayName: string }) => void;
}) {
  const { t, fmt } = useI18n();
  const { data, loading } = useQuery(PUBLIC_PROFILE_QUERY, {
    variables: { id: userId ?? '' },
    skip: !userId,
  });
  const user = data?.user;
  return (
    <Dialog
      open={userId !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
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
          <p className="text-sm whitespace-pre-line text-ink-200">{user.bio || t('details.profile.noBio')}</p>
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
          {onMessage ? (
            <div className="flex justify-end border-t border-ink-700 pt-4">
              <Button onClick={() => onMessage({ id: user.id, displayName: user.displayName })}>
                💬 {t('details.profile.message')}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
