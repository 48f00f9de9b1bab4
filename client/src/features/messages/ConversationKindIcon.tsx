import type { ConversationKind } from '#client/__generated__/graphql.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

const ICON: Record<ConversationKind, string> = { EVENT_THREAD: '📅', EVENT_GROUP: '👥', DIRECT: '💬' };

// What kind of conversation: etkinlik sohbeti (host and one requester), grup (an event's group chat)
// or özel (a direct conversation).
export function ConversationKindLabel({ kind, className }: { kind: ConversationKind; className?: string }) {
  const { t } = useI18n();
  return (
    <span className={className} data-testid="conversation-kind" data-kind={kind}>
      <span aria-hidden="true">{ICON[kind]}</span> {t(`inbox.kind.${kind}`)}
    </span>
  );
}

// The round picture of a conversation: the other user's avatar, or the event's mode for a group chat.
export function conversationIcon(kind: ConversationKind, mode: 'PHYSICAL' | 'ONLINE' | null): string {
  if (kind !== 'EVENT_GROUP') return ICON[kind];
  return mode === 'ONLINE' ? '🎮' : mode === 'PHYSICAL' ? '📍' : ICON.EVENT_GROUP;
}
