import { gql } from '#client/apollo/gql.ts';
import type { MessageBubble_MessageFragment } from '#client/__generated__/graphql.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { LinkifiedText } from '#client/components/ui/LinkifiedText.tsx';
import { Menu, type MenuItem } from '#client/components/ui/Menu.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { messageDisplay } from '#client/features/messages/messageView.ts';

export const MESSAGE_BUBBLE_FRAGMENT = gql`
  fragment MessageBubble_message on Message {
    id
    body
    createdAt
    removed
    held
    heldReasons {
      code
      text
    }
    pinned
    viewerCanRemove
    supportText
    sender {
      id
      displayName
      avatarUrl
    }
    readBy {
      id
      displayName
      avatarUrl
    }
  }
`;

export type Reader = { id: string; displayName: string; avatarUrl: string | null };

// One message of a thread: the viewer's own on the right, others' on the left (in group chats with
// the sender's name and picture at the start of a run). Removed messages are a grey placeholder; a
// held message is a warning card for others (with the check's reasons and 'Yine de göster') and a
// note for its sender. The menu offers pin/unpin (the host, group chats) and 'Kaldır'.
export function MessageBubble({
  message,
  viewerId,
  showSender,
  pinnedNow,
  canPin,
  readers,
  onReveal,
  revealing,
  onPin,
  onRemove,
  onOpenProfile,
}: {
  message: MessageBubble_MessageFragment;
  viewerId: string;
  // The first message of a run by someone else in a group chat.
  showSender: boolean;
  // Pinned as the conversation's pinned list says (live); the message's own flag may be older.
  pinnedNow: boolean;
  canPin: boolean;
  // Set on the viewer's newest message: who has seen it (read receipts).
  readers: Reader[] | null;
  onReveal: () => void;
  revealing: boolean;
  onPin: (pinned: boolean) => void;
  onRemove: () => void;
  onOpenProfile: (userId: string) => void;
}) {
  const { t, fmt } = useI18n();
  const display = messageDisplay(message, viewerId);
  const mine = message.sender.id === viewerId;
  const items: MenuItem[] = [];
  if (canPin && !message.removed && display !== 'heldWarning')
    items.push({
      id: 'pin',
      label: pinnedNow ? `📌 ${t('chat.unpin')}` : `📌 ${t('chat.pin')}`,
      onSelect: () => onPin(!pinnedNow),
    });
  if (message.viewerCanRemove && !message.removed)
    items.push({ id: 'remove', label: `🗑️ ${t('chat.remove')}`, onSelect: onRemove, danger: true });

  return (
    <li
      className={cn('group flex gap-2', mine ? 'flex-row-reverse' : 'flex-row')}
      data-testid="chat-message"
      data-message-id={message.id}
      data-mine={mine}
      data-display={display}
    >
      {!mine ? (
        showSender ? (
          <button
            type="button"
            className="mt-5 shrink-0 self-start rounded-full"
            onClick={() => onOpenProfile(message.sender.id)}
            aria-label={t('chat.openProfile', { name: message.sender.displayName })}
          >
            <Avatar
              name={message.sender.displayName}
              url={message.sender.avatarUrl}
              className="size-8 text-xs"
            />
          </button>
        ) : (
          <span className="w-8 shrink-0" aria-hidden="true" />
        )
      ) : null}
      <div className={cn('flex max-w-[80%] min-w-0 flex-col', mine ? 'items-end' : 'items-start')}>
        {showSender && !mine ? (
          <span className="mb-0.5 px-1 text-xs font-semibold text-accent-400">
            {message.sender.displayName}
          </span>
        ) : null}
        <div className={cn('flex items-start gap-1', mine ? 'flex-row-reverse' : 'flex-row')}>
          {display === 'removed' ? (
            <p
              className="rounded-2xl border border-dashed border-ink-600 px-3 py-2 text-sm text-ink-300 italic"
              data-testid="message-removed"
            >
              🚫 {t('chat.removed')}
            </p>
          ) : display === 'heldWarning' ? (
            <div
              className="flex max-w-sm flex-col gap-2 rounded-2xl border border-amber-400/40 bg-amber-500/10 px-3 py-2.5 text-sm"
              data-testid="message-held-warning"
            >
              <p className="font-semibold text-amber-200">⚠️ {t('chat.held.title')}</p>
              {message.heldReasons.length ? (
                <ul className="list-inside list-disc text-amber-100/90" data-testid="held-reasons">
                  {message.heldReasons.map((r) => (
                    <li key={r.code}>{r.text}</li>
                  ))}
                </ul>
              ) : null}
              <p className="text-xs text-amber-100/70">{t('chat.held.hint')}</p>
              <Button
                size="sm"
                variant="outline"
                className="self-start"
                loading={revealing}
                onClick={onReveal}
                data-testid="message-reveal"
              >
                {t('chat.held.reveal')}
              </Button>
            </div>
          ) : (
            <div
              className={cn(
                'min-w-0 rounded-2xl px-3 py-2 text-sm shadow',
                mine
                  ? 'rounded-br-md bg-gradient-to-br from-accent-600 to-fuchsia-600 text-white'
                  : 'rounded-bl-md bg-ink-700 text-ink-100',
                (display === 'heldOwn' || display === 'heldRevealed') && 'ring-2 ring-amber-400/60',
              )}
            >
              {pinnedNow ? (
                <p className="mb-0.5 text-[11px] font-semibold opacity-80">📌 {t('chat.pinnedLabel')}</p>
              ) : null}
              <p className="break-words whitespace-pre-wrap" data-testid="message-body">
                <LinkifiedText text={message.body} />
              </p>
            </div>
          )}
          {items.length ? (
            <Menu
              label={t('chat.messageActions')}
              trigger={<span aria-hidden="true">⋯</span>}
              items={items}
              align={mine ? 'right' : 'left'}
              className="opacity-100 transition group-hover:opacity-100 focus-within:opacity-100 lg:opacity-0"
              testId="message-menu"
            />
          ) : null}
        </div>
        {display === 'heldRevealed' ? (
          <p className="mt-1 px-1 text-xs text-amber-200" data-testid="message-held-revealed">
            ⚠️ {t('chat.held.revealed')}
          </p>
        ) : null}
        {display === 'heldOwn' ? (
          <p className="mt-1 px-1 text-xs text-amber-200" data-testid="message-held-own">
            ⏳ {t('chat.held.own')}
          </p>
        ) : null}
        {message.supportText ? (
          <p
            className="mt-1 max-w-sm rounded-xl bg-sky-500/10 px-3 py-2 text-sm text-sky-100"
            role="note"
            data-testid="message-support"
          >
            💙 {message.supportText}
          </p>
        ) : null}
        <span className="mt-0.5 flex items-center gap-1.5 px-1 text-[11px] text-ink-300">
          <time dateTime={message.createdAt} title={fmt.dateTime(message.createdAt)}>
            {fmt.time(message.createdAt)}
          </time>
          {readers ? <ReadReceipt readers={readers} /> : null}
        </span>
      </div>
    </li>
  );
}

const SHOWN_READERS = 4;

// 'Görüldü' and the small pictures of who has seen it, or 'Gönderildi' until someone has.
function ReadReceipt({ readers }: { readers: Reader[] }) {
  const { t } = useI18n();
  if (readers.length === 0) return <span data-testid="read-receipt">· {t('chat.sent')}</span>;
  const names = readers.map((r) => r.displayName).join(', ');
  return (
    <span
      className="flex items-center gap-1 text-accent-400"
      data-testid="read-receipt"
      data-readers={readers.length}
      title={t('chat.seenBy', { names })}
    >
      · {t('chat.seen')}
      <span className="flex -space-x-1.5">
        {readers.slice(0, SHOWN_READERS).map((r) => (
          <Avatar
            key={r.id}
            name={r.displayName}
            url={r.avatarUrl}
            className="size-4 text-[7px] ring-1 ring-ink-900"
          />
        ))}
      </span>
      {readers.length > SHOWN_READERS ? <span>+{readers.length - SHOWN_READERS}</span> : null}
      <span className="sr-only">{names}</span>
    </span>
  );
}
