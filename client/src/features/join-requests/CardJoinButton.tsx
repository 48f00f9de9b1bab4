import { gql } from '#client/apollo/gql.ts';
import type { CardJoinButton_EventFragment } from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import type { MessageKey } from '#client/lib/i18n/messages.tr.ts';
import { JOIN_BUTTON_LABEL, joinButtonState } from '#client/features/join-requests/requestState.ts';

export const CARD_JOIN_BUTTON_FRAGMENT = gql`
  fragment CardJoinButton_event on Event {
    id
    title
    viewerRole
    freeSlots
    status
  }
`;

// The join button of an event card (map list and lobby): 'Katıl' while there is room, otherwise the
// viewer's standing or that the event is over or cancelled, disabled; nothing on the viewer's own events. It sits above the card's link.
export function CardJoinButton({
  event,
  onJoin,
  joinLabel = 'join.button',
  icon,
  className,
}: {
  event: CardJoinButton_EventFragment;
  onJoin: (eventId: string) => void;
  // The wording of the enabled button: 'Katıl', or 'Oyuna Katıl' in the lobby.
  joinLabel?: MessageKey;
  icon?: string;
  className?: string;
}) {
  const { t } = useI18n();
  const state = joinButtonState(event.viewerRole, event.freeSlots, event.status);
  if (state === 'own') return null;
  const label = t(state === 'join' ? joinLabel : JOIN_BUTTON_LABEL[state]);
  return (
    <Button
      size="sm"
      variant={state === 'join' ? 'primary' : 'secondary'}
      className={cn('relative z-10', className)}
      disabled={state !== 'join'}
      onClick={() => onJoin(event.id)}
      aria-label={`${label}: ${event.title}`}
      data-testid="card-join"
      data-state={state}
    >
      {state === 'join' && icon ? <span aria-hidden="true">{icon}</span> : null}
      {label}
    </Button>
  );
}
