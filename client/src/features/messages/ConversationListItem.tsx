import { gql } from '#client/apollo/gql.ts';
import { NavLink } from 'react-router-dom';
import type { ConversationListItem_ConversationFragment } from '#client/__generated__/graphql.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { cn } from '#client/lib/cn.ts';
import { timeAgo } from '#client/lib/i18n/timeAgo.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { badgeText } from '#client/lib/badgeText.ts';
import { ConversationKindLabel, conversationIcon } from '#client/features/messages/ConversationKindIcon.tsx';
import { previewOf, type Author } from '#client/features/messages/messageView.ts';

export const CONVERSATION_LIST_ITEM_FRAGMENT = gql`
  fragment ConversationListItem_conversation on Conversation {
    id
    kind
    title
    event {
      id
      title
      mode
    }
    otherUser {
      id
      displayName
      avatarUrl
    }
    lastMessage {
      id
      body
      removed
      held
      createdAt
      sender {
        id
        displayName
      }
    }
    lastMessageAt
    unreadCount
    viewerIsMember
  }
`;

// One row of the inbox: picture, title, kind, the last message (or what stands in for it), when, and
// the unread count. The whole row links to the conversation.
export function ConversationListItem({
  conversation,
  viewerId,
}: {
  conversation: ConversationListItem_ConversationFragment;
  viewerId: string;
}) {
  const { t, locale, fmt } = useI18n();
  const c = conversation;
  const preview = previewOf(c.lastMessage, viewerId, c.kind);
  const unread = badgeText(c.unreadCount);
  const who = (author: Author) =>
    author === null ? '' : author.self ? `${t('inbox.you')}: ` : `${author.name}: `;
  return (
    <NavLink
      to={`/dashboard/inbox/${c.id}`}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-xl px-3 py-3 transition',
          isActive ? 'bg-accent-500/15 ring-1 ring-accent-400/40' : 'hover:bg-ink-800',
        )
      }
      data-testid="conversation-item"
      data-conversation-id={c.id}
      data-unread={c.unreadCount}
    >
      {c.otherUser && c.kind !== 'EVENT_GROUP' ? (
        <Avatar name={c.otherUser.displayName} url={c.otherUser.avatarUrl} className="size-12" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-accent-600/60 to-pop-500/40 text-xl"
        >
          {conversationIcon(c.kind, c.event?.mode ?? null)}
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span
            className={cn('truncate', unread ? 'font-bold text-white' : 'font-semibold text-ink-100')}
            data-testid="conversation-title"
          >
            {c.title}
          </span>
          {c.lastMessageAt ? (
            <time
              dateTime={c.lastMessageAt}
              title={fmt.dateTime(c.lastMessageAt)}
              className={cn('ml-auto shrink-0 text-xs', unread ? 'text-pop-400' : 'text-ink-300')}
            >
              {timeAgo(c.lastMessageAt, locale)}
            </time>
          ) : null}
        </span>
        <span className="mt-0.5 flex items-center gap-2 text-sm">
          <span
            className={cn('min-w-0 flex-1 truncate', unread ? 'text-ink-100' : 'text-ink-300')}
            data-testid="conversation-preview"
          >
            {preview.kind === 'none' ? (
              <span className="italic">
                {c.kind === 'EVENT_THREAD' && c.event ? c.event.title : t('inbox.noMessages')}
              </span>
            ) : preview.kind === 'removed' ? (
              <span className="italic text-ink-300">
                {who(preview.author)}
                {t('inbox.removed')}
              </span>
            ) : preview.kind === 'held' ? (
              <span className="italic text-amber-200/90">
                ⚠️ {who(preview.author)}
                {t('inbox.heldPreview')}
              </span>
            ) : (
              `${who(preview.author)}${preview.text}`
            )}
          </span>
          {unread ? (
            <span
              className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-pop-500 px-1.5 text-[11px] font-bold text-white"
              data-testid="conversation-unread"
            >
              <span aria-hidden="true">{unread}</span>
              <span className="sr-only">{t('inbox.unreadCount', { count: c.unreadCount })}</span>
            </span>
          ) : null}
        </span>
        <span className="mt-0.5 flex items-center gap-1.5 truncate text-xs text-ink-300">
          <ConversationKindLabel kind={c.kind} />
          {c.kind !== 'EVENT_GROUP' && c.event ? <span className="truncate">· {c.event.title}</span> : null}
          {!c.viewerIsMember ? <span>· {t('inbox.left')}</span> : null}
        </span>
      </span>
    </NavLink>
  );
}
