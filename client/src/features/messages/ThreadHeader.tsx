import { Link } from 'react-router-dom';
import type { ConversationThread_ConversationFragment } from '#client/__generated__/graphql.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { ConversationKindLabel, conversationIcon } from '#client/features/messages/ConversationKindIcon.tsx';

// A conversation's header: back to the inbox (narrow screens), the other person or the chat's icon,
// the title with its kind and event, and the members button of a group chat.
export function ThreadHeader({
  conversation: c,
  onOpenProfile,
  onOpenMembers,
}: {
  conversation: ConversationThread_ConversationFragment;
  onOpenProfile: (userId: string) => void;
  onOpenMembers: () => void;
}) {
  const { t } = useI18n();
  const isGroup = c.kind === 'EVENT_GROUP';
  const activeMembers = c.members.filter((m) => m.active).length;
  return (
    <header className="flex items-center gap-3 border-b border-ink-700 px-3 py-2.5 sm:px-4">
      <Link
        to="/dashboard/inbox"
        className="-ml-1 rounded-lg p-1.5 text-ink-200 hover:bg-ink-800 hover:text-white lg:hidden"
        aria-label={t('inbox.back')}
        data-testid="chat-back"
      >
        <svg
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M15 6l-6 6 6 6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Link>
      {c.otherUser && !isGroup ? (
        <button
          type="button"
          className="rounded-full"
          onClick={() => onOpenProfile(c.otherUser!.id)}
          aria-label={t('chat.openProfile', { name: c.otherUser.displayName })}
        >
          <Avatar name={c.otherUser.displayName} url={c.otherUser.avatarUrl} className="size-10" />
        </button>
      ) : (
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-accent-600/60 to-pop-500/40 text-lg"
        >
          {conversationIcon(c.kind, c.event?.mode ?? null)}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-bold text-white" data-testid="chat-title">
          {c.title}
        </h2>
        <p className="flex items-center gap-1.5 truncate text-xs text-ink-300">
          <ConversationKindLabel kind={c.kind} />
          {c.event ? (
            <>
              <span aria-hidden="true">·</span>
              <Link
                to={`/dashboard/eventDetails/${c.event.id}`}
                className="truncate hover:text-white hover:underline"
              >
                {isGroup ? t('chat.eventLink') : c.event.title}
              </Link>
            </>
          ) : null}
        </p>
      </div>
      {isGroup ? (
        <Button variant="outline" size="sm" onClick={onOpenMembers} data-testid="chat-members">
          👥 <span className="max-sm:sr-only">{t('chat.members.button', { count: activeMembers })}</span>
          <span className="sm:hidden">{activeMembers}</span>
        </Button>
      ) : null}
    </header>
  );
}
