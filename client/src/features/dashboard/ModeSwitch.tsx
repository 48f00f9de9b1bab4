import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useDashboardMode, type DashboardMode as Mode } from '#client/features/dashboard/dashboardMode.ts';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// Physical ↔ online toggle: the thumb slides in 0.6 s and the matching dashboard route opens.
export function ModeSwitch({ className }: { className?: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const routeMode = useDashboardMode();
  // The chosen mode shows at once (the thumb starts moving) while the route is still loading.
  const [pending, setPending] = useState<{ mode: Mode; from: string } | null>(null);
  const mode = pending && pending.from === location.pathname ? pending.mode : routeMode;

  const select = (next: Mode) => {
    setPending({ mode: next, from: location.pathname });
    if (!location.pathname.startsWith(`/dashboard/${next}`)) void navigate(`/dashboard/${next}`);
  };

  return (
    <div
      role="radiogroup"
      aria-label={t('mode.label')}
      data-mode={mode}
      className={cn(
        'relative grid h-10 w-56 shrink-0 grid-cols-2 rounded-full border border-ink-600 bg-ink-850 p-1',
        className,
      )}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
          e.preventDefault();
          select(mode === 'physical' ? 'online' : 'physical');
        }
      }}
    >
      <span
        aria-hidden="true"
        className={cn(
          'absolute top-1 bottom-1 left-1 w-[calc(50%-0.25rem)] rounded-full transition-all duration-[600ms] ease-in-out',
          mode === 'physical'
            ? 'translate-x-0 bg-gradient-to-r from-accent-600 to-accent-500'
            : 'translate-x-full bg-gradient-to-r from-pop-500 to-accent-500',
        )}
      />
      {(['physical', 'online'] as const).map((value) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={mode === value}
          tabIndex={mode === value ? 0 : -1}
          onClick={() => select(value)}
          className={cn(
            'relative z-10 flex items-center justify-center gap-1.5 rounded-full text-sm font-bold transition-colors duration-[600ms]',
            mode === value ? 'text-white' : 'text-ink-300 hover:text-white',
          )}
        >
          <span aria-hidden="true">{value === 'physical' ? '📍' : '🎮'}</span>
          {t(value === 'physical' ? 'mode.physical' : 'mode.online')}
        </button>
      ))}
    </div>
  );
}
