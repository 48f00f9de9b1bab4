import { useEffect, useId, useRef, useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import type {
  NotificationListQuery,
  NotificationListQueryVariables,
  NotificationType,
} from '#client/__generated__/graphql.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { cn } from '#client/lib/cn.ts';
import { timeAgo } from '#client/lib/i18n/timeAgo.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { badgeText } from '#client/lib/badgeText.ts';
import { useMarkNotificationsReadMutation } from '#client/features/notifications/useMarkNotificationsReadMutation.ts';
import { StrokeIcon } from '#client/components/ui/StrokeIcon.tsx';

export const NOTIFICATION_LIST_QUERY: TypedDocumentNode<
  NotificationListQuery,
  NotificationListQueryVariables
> = gql`
  query NotificationListQuery {
    notifications(first: 20) {
      nodes {
        id
        type
        text
        createdAt
        readAt
        link
        event {
          id
          title
        }
        actor {
          id
          displayName
          avatarUrl
        }
        joinRequest {
          id
          status
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

const TYPE_ICON: Record<NotificationType, string> = {
  JOIN_REQUEST_RECEIVED: '🙋',
  JOIN_REQUEST_ACCEPTED: '🎉',
  JOIN_REQUEST_DECLINED: '🚫',
  JOIN_REQUEST_WITHDRAWN: '↩️',
  MESSAGE_RECEIVED: '💬',
  FRIEND_REQUEST_RECEIVED: '🤝',
  FRIEND_REQUEST_ACCEPTED: '🥳',
  EVENT_CANCELLED: '❌',
  EVENT_UPDATED: '✏️',
  BADGE_EARNED: '🏅',
  TOKENS_EARNED: '🪙',
  PURCHASE_COMPLETED: '🧾',
  MODERATION_WARNING: '⚠️',
  CONTENT_REMOVED: '🗑️',
  REPORT_RESOLVED: '🛡️',
  APPEAL_DECIDED: '⚖️',
  ACCOUNT_RESTORED: '✅',
  EVENT_REMINDER: '⏰',
  WAITLIST_OFFER: '🎟️',
  WAITLIST_OFFER_EXPIRED: '⌛',
  SAFETY_CHECK: '🏠',
};

// The header's bell: its badge counts unread notifications; it opens the list (newest first, unread
// marked). Opening one marks it read and goes where it leads (Notification.link: the conversation,
// the friend requests, the event, settings…; its event when the server names no place);
// 'Tümünü okundu işaretle' reads them all.
export function NotificationBell({ unread }: { unread: number }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const badge = badgeText(unread);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative" data-testid="notification-bell">
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={unread > 0 ? t('notifications.labelUnread', { count: unread }) : t('notifications.label')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <StrokeIcon>
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" strokeLinejoin="round" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" strokeLinecap="round" />
        </StrokeIcon>
        {badge ? (
          <span
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-500 px-1 text-[11px] font-bold text-white ring-2 ring-ink-900"
            data-testid="bell-badge"
          >
            {badge}
          </span>
        ) : null}
      </Button>
      {open ? <NotificationPanel id={panelId} unread={unread} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function NotificationPanel({ id, unread, onClose }: { id: string; unread: number; onClose: () => void }) {
  const { t, fmt, locale } = useI18n();
  const navigate = useNavigate();
  const toast = useToast();
  // Read fresh each time the list opens.
  const { data, loading, error } = useQuery(NOTIFICATION_LIST_QUERY, { fetchPolicy: 'cache-and-network' });
  const [markRead, { loading: marking }] = useMarkNotificationsReadMutation();
  const nodes = data?.notifications.nodes ?? [];

  const mark = async (input: { ids?: string[]; all?: boolean }) => {
    try {
      await markRead({ variables: { input } });
    } catch {
      toast.error(t('notifications.markFailed'));
    }
  };

  const openNotification = (n: (typeof nodes)[number]) => {
    if (!n.readAt) void mark({ ids: [n.id] });
    onClose();
    // Only paths inside the app (the server sends paths; anything else is ignored).
    if (n.link?.startsWith('/')) void navigate(n.link);
    else if (n.event) void navigate(`/dashboard/eventDetails/${n.event.id}`);
  };

  return (
    <div
      id={id}
      role="region"
      aria-label={t('notifications.title')}
      className="fixed inset-x-2 top-[4.25rem] z-50 flex max-h-[min(70vh,32rem)] flex-col overflow-hidden rounded-2xl border border-ink-600 bg-ink-850 shadow-2xl shadow-black/60 sm:absolute sm:inset-x-auto sm:top-12 sm:right-0 sm:w-96"
      data-testid="notification-panel"
    >
      <div className="flex items-center justify-between gap-2 border-b border-ink-700 px-4 py-3">
        <h2 className="text-sm font-bold text-white">{t('notifications.title')}</h2>
        <button
          type="button"
          className="rounded-lg px-2 py-1 text-xs font-semibold text-accent-400 hover:bg-ink-800 hover:text-white disabled:cursor-not-allowed disabled:opacity-50"
          disabled={unread === 0 || marking}
          onClick={() => void mark({ all: true })}
        >
          {t('notifications.markAll')}
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {!data && loading ? (
          <p className="flex items-center gap-2 p-4 text-sm text-ink-300">
            <Spinner /> {t('notifications.loading')}
          </p>
        ) : !data && error ? (
          <p className="p-4 text-sm text-ink-300">{t('notifications.loadFailed')}</p>
        ) : nodes.length === 0 ? (
          <p className="p-6 text-center text-sm text-ink-300">🔕 {t('notifications.empty')}</p>
        ) : (
          <ul className="divide-y divide-ink-700/70">
            {nodes.map((n) => {
              const isUnread = !n.readAt;
              return (
                <li key={n.id}>
                  <button
                    type="button"
                    onClick={() => openNotification(n)}
                    className={cn(
                      'flex w-full items-start gap-3 px-4 py-3 text-left transition hover:bg-ink-800',
                      isUnread && 'bg-accent-500/10',
                    )}
                    data-testid="notification-item"
                    data-unread={isUnread}
                    data-link={n.link ?? undefined}
                  >
                    <span className="relative shrink-0">
                      {n.actor ? (
                        <Avatar name={n.actor.displayName} url={n.actor.avatarUrl} className="size-9" />
                      ) : (
                        <span className="flex size-9 items-center justify-center rounded-full bg-ink-700 text-base">
                          {TYPE_ICON[n.type] ?? '🔔'}
                        </span>
                      )}
                      {n.actor ? (
                        <span className="absolute -right-1 -bottom-1 text-xs" aria-hidden="true">
                          {TYPE_ICON[n.type]}
                        </span>
                      ) : null}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span
                        className={cn(
                          'block text-sm',
                          isUnread ? 'font-semibold text-white' : 'text-ink-200',
                        )}
                      >
                        {n.text}
                      </span>
                      <time
                        dateTime={n.createdAt}
                        title={fmt.dateTime(n.createdAt)}
                        className="mt-0.5 block text-xs text-ink-300"
                      >
                        {timeAgo(n.createdAt, locale)}
                      </time>
                    </span>
                    {isUnread ? (
                      <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-pop-500">
                        <span className="sr-only">{t('notifications.unread')}</span>
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
