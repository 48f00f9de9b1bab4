import { Button } from '#client/components/ui/Button.tsx';
import { BOOT_TEXT, getLocale } from '#client/lib/i18n/locale.ts';

// Shown when /config.json or the messages cannot be read; rendered before i18n, in the stored language.
export function BootError({ onRetry }: { onRetry: () => void }) {
  const text = BOOT_TEXT[getLocale()];
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-bold text-white">{text.unreachable}</h1>
      <p className="max-w-sm text-ink-300">{text.checkConnection}</p>
      <Button onClick={onRetry}>{text.retry}</Button>
    </main>
  );
}
