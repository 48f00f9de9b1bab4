import { Link } from 'react-router-dom';
import { buttonClasses } from '#client/components/ui/Button.tsx';
import { StrokeIcon } from '#client/components/ui/StrokeIcon.tsx';
import { badgeText } from '#client/lib/badgeText.ts';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// The header's inbox icon, beside the bell: unread messages over all conversations, live.
export function InboxButton({ unread, className }: { unread: number; className?: string }) {
  const { t } = useI18n();
  const badge = badgeText(unread);
  return (
    <Link
      to="/dashboard/inbox"
      className={buttonClasses('ghost', 'icon', cn('relative', className))}
      aria-label={unread > 0 ? t('inbox.labelUnread', { count: unread }) : t('inbox.label')}
      data-testid="inbox-button"
    >
      <StrokeIcon>
        <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" strokeLinejoin="round" />
        <path d="M8 8.5h8M8 12h5" strokeLinecap="round" />
      </StrokeIcon>
      {badge ? (
        <span
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-pop-500 px-1 text-[11px] font-bold text-white ring-2 ring-ink-900"
          data-testid="inbox-badge"
        >
          {badge}
        </span>
      ) : null}
    </Link>
  );
}
