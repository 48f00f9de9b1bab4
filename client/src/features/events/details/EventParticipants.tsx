import type { ReactNode } from 'react';
import type { EventRoster_EventFragment } from '#client/__generated__/graphql.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { ratingText } from '#client/lib/format.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// The Participants tab. It reads EventRoster_event (apollo/eventFragments.ts), the shape every
// document that changes the roster selects; a click opens the participant's profile.
export function EventParticipants({
  event,
  onOpen,
  extra,
}: {
  event: EventRoster_EventFragment;
  onOpen: (userId: string) => void;
  // Under a participant's card: what the route composes in (the host's rating of them).
  extra?: (participant: EventRoster_EventFragment['participants'][number]) => ReactNode;
}) {
  const { t, fmt } = useI18n();
  if (event.participants.length === 0)
    return <EmptyState emoji="👥" title={t('eventDetails.noParticipants')} />;
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="participants-list">
      {event.participants.map((participant) => {
        const { user } = participant;
        return (
          <li key={user.id} className="flex flex-col gap-2">
            <button
              type="button"
              onClick={() => onOpen(user.id)}
              className="flex w-full items-center gap-3 rounded-xl border border-ink-700 bg-ink-850/80 p-3 text-left transition hover:border-accent-400"
            >
              <Avatar name={user.displayName} url={user.avatarUrl} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold text-white">{user.displayName}</span>
                <span className="block truncate text-sm text-ink-300">
                  {user.username ? `@${user.username}` : ''}
                </span>
              </span>
              <span className="text-sm text-amber-300" title={t('otherProfile.asParticipant')}>
                ★ {ratingText(user.participantRating.average, fmt)}
              </span>
            </button>
            {extra?.(participant)}
          </li>
        );
      })}
    </ul>
  );
}
