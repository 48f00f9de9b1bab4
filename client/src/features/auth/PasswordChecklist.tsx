import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { checkPassword, RESET_SYMBOLS, type PasswordRule } from '#client/features/auth/passwordRules.ts';

// Live requirement list under a password field.
export function PasswordChecklist({
  password,
  rules,
  id,
}: {
  password: string;
  rules: readonly PasswordRule[];
  id?: string;
}) {
  const { t } = useI18n();
  return (
    <ul id={id} className="flex flex-col gap-1 text-sm" aria-live="polite">
      {checkPassword(password, rules).map((rule) => (
        <li
          key={rule.id}
          className={cn('flex items-center gap-2', rule.ok ? 'text-emerald-300' : 'text-ink-300')}
        >
          <span
            aria-hidden="true"
            className={cn(
              'flex size-4 items-center justify-center rounded-full text-[10px] font-bold',
              rule.ok ? 'bg-emerald-500 text-ink-950' : 'border border-ink-500',
            )}
          >
            {rule.ok ? '✓' : ''}
          </span>
          <span>{t(rule.label, { symbols: RESET_SYMBOLS })}</span>
          <span className="sr-only">{rule.ok ? '✓' : '✗'}</span>
        </li>
      ))}
    </ul>
  );
}
