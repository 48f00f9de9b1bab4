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
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.6A8 8 0 1 1 21 12Z" strokeLinejoin="round" />
        <path d="M8.5 11h7M8.5 14h4.5" strokeLinecap="round" />
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
