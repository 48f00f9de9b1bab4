import { useState } from 'react';
import { gql } from '#client/apollo/gql.ts';
import type { PinnedBar_ConversationFragment } from '#client/__generated__/graphql.ts';
import { LinkifiedText } from '#client/components/ui/LinkifiedText.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

export const PINNED_BAR_FRAGMENT = gql`
  fragment PinnedBar_conversation on Conversation {
    id
    pinnedMessages {
      id
      body
      createdAt
      held
      removed
      pinned
      sender {
        id
        displayName
      }
    }
  }
`;

// The group chat's pinned messages (the meeting point, the Discord link) above the thread: the newest
// one, and all of them when opened. The host can unpin from here.
export function PinnedBar({
  conversation,
  canUnpin,
  onUnpin,
}: {
  conversation: PinnedBar_ConversationFragment;
  canUnpin: boolean;
  onUnpin: (messageId: string) => void;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const pins = conversation.pinnedMessages.filter((m) => !m.removed);
  if (pins.length === 0) return null;
  const shown = open ? pins : pins.slice(0, 1);
  return (
    <section
      aria-label={t('chat.pinned.title')}
      className="border-b border-ink-700 bg-ink-850/95 px-4 py-2"
      data-testid="pinned-bar"
    >
      <ul className="flex flex-col gap-1.5">
        {shown.map((m) => (
          <li key={m.id} className="flex items-start gap-2 text-sm" data-testid="pinned-message">
            <span aria-hidden="true" className="mt-0.5">
              📌
            </span>
            <p className={cn('min-w-0 flex-1 text-ink-100', !open && 'line-clamp-2')}>
              <span className="font-semibold text-accent-400">{m.sender.displayName}: </span>
              {m.held && !m.body ? (
                <span className="text-amber-200 italic">{t('inbox.heldPreview')}</span>
              ) : (
                <LinkifiedText text={m.body} />
              )}
            </p>
            {canUnpin ? (
              <button
                type="button"
                className="shrink-0 rounded-md px-1.5 text-xs text-ink-300 hover:bg-ink-700 hover:text-white"
                onClick={() => onUnpin(m.id)}
                aria-label={t('chat.unpin')}
                title={t('chat.unpin')}
              >
                ✕
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {pins.length > 1 ? (
        <button
          type="button"
          className="mt-1 text-xs font-semibold text-accent-400 hover:text-white"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
        >
          {open ? t('chat.pinned.less') : t('chat.pinned.more', { count: pins.length })}
        </button>
      ) : null}
    </section>
  );
}
