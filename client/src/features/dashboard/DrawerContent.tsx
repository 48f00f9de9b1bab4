import { Link } from 'react-router-dom';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { LogoMark } from '#client/components/ui/Logo.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { LogoutButton } from '#client/features/dashboard/LogoutButton.tsx';
import { SideNav } from '#client/features/dashboard/SideNav.tsx';

export type DrawerUser = { displayName: string; email: string | null; avatarUrl: string | null } | null;

// The small-screen menu: the user (name and e-mail from `me`), Create Event, the menu, shortcuts, logout.
export function DrawerContent({
  user,
  onNavigate,
  onCreateEvent,
  onLogout,
  loggingOut,
  navBadges,
  staff = false,
}: {
  user: DrawerUser;
  onNavigate: () => void;
  onCreateEvent: () => void;
  onLogout: () => void;
  loggingOut: boolean;
  navBadges?: Partial<Record<string, number>>;
  staff?: boolean;
}) {
  const { t } = useI18n();
  return (
    <div className="flex h-full flex-col gap-5">
      <Link
        to="/dashboard/physical"
        onClick={onNavigate}
        className="flex items-center gap-2 self-start rounded-lg"
        aria-label={t('nav.home')}
      >
        <LogoMark className="size-8" />
        <span className="text-lg font-extrabold text-white">Squad</span>
      </Link>
      <div className="flex items-center gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-3">
        <Avatar name={user?.displayName ?? ''} url={user?.avatarUrl ?? null} />
        <div className="min-w-0">
          <p className="truncate font-semibold text-white" data-testid="drawer-user-name">
            {user?.displayName ?? '…'}
          </p>
          <p className="truncate text-sm text-ink-300" data-testid="drawer-user-email">
            {user?.email ?? ''}
          </p>
        </div>
      </div>
      <Button fullWidth onClick={onCreateEvent}>
        <span aria-hidden="true">+</span>
        {t('header.createEvent')}
      </Button>
      <SideNav onNavigate={onNavigate} badges={navBadges} staff={staff} />
      <div className="mt-auto flex flex-col gap-1 border-t border-ink-700 pt-4">
        <Link
          to="/dashboard/settings"
          onClick={onNavigate}
          className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-semibold text-ink-200 hover:bg-ink-800"
        >
          <span aria-hidden="true">⚙️</span>
          {t('nav.settings')}
        </Link>
        <Link
          to="/dashboard/profile"
          onClick={onNavigate}
          className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-semibold text-ink-200 hover:bg-ink-800"
        >
          <span aria-hidden="true">👤</span>
          {t('nav.profile')}
        </Link>
        <LogoutButton onLogout={onLogout} loggingOut={loggingOut} />
      </div>
    </div>
  );
}
