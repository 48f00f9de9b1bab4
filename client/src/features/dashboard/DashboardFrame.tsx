import type { ReactNode } from 'react';
import { LogoutButton } from '#client/features/dashboard/LogoutButton.tsx';
import { SideNav } from '#client/features/dashboard/SideNav.tsx';

// The dashboard's frame: the header, the side menu (wide screens) with logout, the page. Drawn by the
// shell and, before any script runs, as the first screen the server sends (app/FirstScreen.tsx).
export function DashboardFrame({
  header,
  navBadges,
  staff = false,
  onLogout,
  loggingOut = false,
  children,
}: {
  header: ReactNode;
  navBadges?: Partial<Record<string, number>>;
  staff?: boolean;
  onLogout: () => void;
  loggingOut?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {header}
      <div className="flex flex-1">
        <aside className="sticky top-16 hidden h-[calc(100vh-4rem)] w-64 shrink-0 flex-col gap-4 border-r border-ink-700/70 p-4 lg:flex">
          <SideNav badges={navBadges} staff={staff} />
          <div className="mt-auto border-t border-ink-700 pt-4">
            <LogoutButton onLogout={onLogout} loggingOut={loggingOut} fullWidth />
          </div>
        </aside>
        <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">{children}</main>
      </div>
    </>
  );
}
