import { Spinner } from '#client/components/ui/Spinner.tsx';
import { BOOT_TEXT, getLocale } from '#client/lib/i18n/locale.ts';

// The fallback of every lazy route and suspended query: 'Loading...' (spec) in the app's language.
// It also shows before the messages have loaded, so its one word comes with the locale module.
export function LoadingState({ className }: { className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={className ?? 'flex min-h-[40vh] items-center justify-center gap-3 text-ink-300'}
    >
      <Spinner />
      <span>{BOOT_TEXT[getLocale()].loading}</span>
    </div>
  );
}
