import { gql } from '#client/apollo/gql.ts';
import type { FriendsGoing_EventFragment } from '#client/__generated__/graphql.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { cn } from '#client/lib/cn.ts';
import { friendsGoingText } from '#client/lib/i18n/friendsGoing.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

export const FRIENDS_GOING_FRAGMENT = gql`
  fragment FriendsGoing_event on Event {
    id
    friendsGoing {
      id
      displayName
      avatarUrl
    }
  }
`;

const SHOWN = 3;

// "👥 Ayşe ve 2 arkadaşın katılıyor" with their small pictures, on event cards and the event page;
// nothing when no friend goes.
export function FriendsGoing({
  event,
  className,
}: {
  event: FriendsGoing_EventFragment;
  className?: string;
}) {
  const { t, locale } = useI18n();
  const text = friendsGoingText(event.friendsGoing, t, locale);
  if (!text) return null;
  return (
    <p
      className={cn('relative flex items-center gap-2 text-sm font-semibold text-emerald-300', className)}
      data-testid="friends-going"
    >
      <span className="flex -space-x-2" aria-hidden="true">
        {event.friendsGoing.slice(0, SHOWN).map((f) => (
          <Avatar
            key={f.id}
            name={f.displayName}
            url={f.avatarUrl}
            className="size-6 text-[9px] ring-2 ring-ink-850"
          />
        ))}
      </span>
      <span>
        <span aria-hidden="true">👥 </span>
        {text}
      </span>
    </p>
  );
}
