import { NavLink } from 'react-router-dom';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { NAV_ITEMS } from '#client/features/dashboard/navItems.tsx';

export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t('nav.mainMenu')}>
      <ul className="flex flex-col gap-1">
        {NAV_ITEMS.map((item) => (
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
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
