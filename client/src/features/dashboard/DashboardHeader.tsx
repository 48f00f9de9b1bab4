import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Button, buttonClasses } from '#client/components/ui/Button.tsx';
import { LogoMark } from '#client/components/ui/Logo.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { ModeSwitch } from '#client/features/dashboard/ModeSwitch.tsx';
import { TokenBalanceChip } from '#client/features/dashboard/TokenBalanceChip.tsx';
import { StrokeIcon } from '#client/components/ui/StrokeIcon.tsx';

export type HeaderUser = {
  displayName: string;
  avatarUrl: string | null;
  tokenBalance: number | null;
} | null;

export function DashboardHeader({
  user,
  onOpenMenu,
  onCreateEvent,
  bell,
  inbox,
  pendingRequests = 0,
}: {
  user: HeaderUser;
  onOpenMenu: () => void;
  onCreateEvent: () => void;
  // The notification bell and the inbox icon (composed by the shell).
  bell?: ReactNode;
  inbox?: ReactNode;
  // Join requests waiting for the viewer's decision: a badge on My Events (and on the menu button).
  pendingRequests?: number;
}) {
  const { t, fmt } = useI18n();
  const pendingText = pendingRequests > 99 ? '99+' : fmt.number(pendingRequests);
  return (
    <header className="sticky top-0 z-40 border-b border-ink-700/70 bg-ink-900/85 backdrop-blur">
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <Button
          variant="ghost"
          size="icon"
          className="relative lg:hidden"
          onClick={onOpenMenu}
          aria-label={t('nav.openMenu')}
        >
          {pendingRequests > 0 ? (
            <span
              className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-rose-500 ring-2 ring-ink-900 md:hidden"
              aria-hidden="true"
            />
          ) : null}
          <StrokeIcon className="size-6">
            <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
          </StrokeIcon>
        </Button>
        <Link
          to="/dashboard/physical"
          className="flex items-center gap-2 rounded-lg"
          aria-label={t('nav.home')}
        >
          <LogoMark className="size-8" />
          <span className="hidden text-lg font-extrabold tracking-tight text-white sm:inline">Squad</span>
        </Link>
        <ModeSwitch className="ml-1 max-md:hidden" />
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <TokenBalanceChip balance={user?.tokenBalance ?? null} />
          <Link
            to="/dashboard/my-events"
            className={buttonClasses('ghost', 'sm', 'max-md:hidden')}
            data-testid="header-my-events"
          >
            <span aria-hidden="true">📅</span>
            {t('header.myEvents')}
            {pendingRequests > 0 ? (
              <span
                className="rounded-full bg-rose-500 px-1.5 py-0.5 text-[11px] leading-none font-bold text-white"
                data-testid="my-events-badge"
              >
                <span aria-hidden="true">{pendingText}</span>
                <span className="sr-only">{t('nav.pendingRequests', { count: pendingRequests })}</span>
              </span>
            ) : null}
          </Link>
          {inbox}
          {bell}
          <Button size="sm" onClick={onCreateEvent} className="max-sm:hidden">
            <span aria-hidden="true">+</span>
            {t('header.createEvent')}
          </Button>
          <Link
            to="/dashboard/settings"
            className={buttonClasses('ghost', 'icon', 'max-sm:hidden')}
            aria-label={t('nav.settings')}
          >
            <StrokeIcon>
              <circle cx="12" cy="12" r="3" />
              <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
            </StrokeIcon>
          </Link>
          <Link to="/dashboard/profile" className="rounded-full" aria-label={t('nav.profile')}>
            <Avatar name={user?.displayName ?? ''} url={user?.avatarUrl ?? null} className="size-9" />
          </Link>
        </div>
      </div>
      <div className="border-t border-ink-800 px-3 py-2 md:hidden">
        <ModeSwitch className="mx-auto w-full max-w-xs" />
      </div>
    </header>
  );
}
