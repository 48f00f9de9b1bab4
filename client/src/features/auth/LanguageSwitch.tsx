import { LOCALES, type Locale } from '#client/lib/i18n/format.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { cn } from '#client/lib/cn.ts';

// TR / EN toggle; the choice is kept in localStorage.
export function LanguageSwitch({ className }: { className?: string }) {
  const { locale, setLocale, t } = useI18n();
  return (
    <div
      role="group"
      aria-label={t('common.language')}
      className={cn('inline-flex rounded-xl border border-ink-600 bg-ink-850/80 p-0.5', className)}
    >
      {LOCALES.map((code: Locale) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={locale === code}
          // The visible letters first, then the language's own name (WCAG 2.5.3 label in name).
          aria-label={`${code.toUpperCase()} · ${t(`common.language.${code}`)}`}
          onClick={() => setLocale(code)}
          className={cn(
            'min-h-7 min-w-8 rounded-lg px-2.5 py-1.5 text-xs font-bold uppercase transition',
            locale === code ? 'bg-accent-gradient text-white' : 'text-ink-300 hover:text-white',
          )}
        >
          {code}
        </button>
      ))}
    </div>
  );
}
