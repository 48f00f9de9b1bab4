import { NavLink } from 'react-router-dom';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { NAV_ITEMS, STAFF_NAV_ITEMS } from '#client/features/dashboard/navItems.tsx';

// badges: a count per route (My Events: requests waiting for the viewer's decision; Inbox: unread
// messages).
export function SideNav({
  onNavigate,
  badges,
  staff = false,
}: {
  onNavigate?: () => void;
  badges?: Partial<Record<string, number>>;
  // Moderators and admins: the moderation console too.
  staff?: boolean;
}) {
  const { t, fmt } = useI18n();
  return (
    <nav aria-label={t('nav.mainMenu')}>
      <ul className="flex flex-col gap-1">
        {(staff ? [...NAV_ITEMS, ...STAFF_NAV_ITEMS] : NAV_ITEMS).map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-semibold transition',
                  isActive
                    ? 'bg-accent-gradient text-white shadow-lg shadow-fuchsia-950/40'
                    : 'text-ink-200 hover:bg-ink-800 hover:text-white',
                )
              }
            >
              <span aria-hidden="true" className="text-base">
                {item.icon}
              </span>
              {t(item.label)}
              {badges?.[item.to] ? (
                <span
                  className="ml-auto rounded-full bg-rose-500 px-2 py-0.5 text-[11px] font-bold text-white"
                  data-testid="nav-badge"
                  data-for={item.to}
                >
                  <span aria-hidden="true">
                    {badges[item.to]! > 99 ? '99+' : fmt.number(badges[item.to]!)}
                  </span>
                  <span className="sr-only">
                    {t(item.badgeLabel ?? 'nav.pendingRequests', { count: badges[item.to]! })}
                  </span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
