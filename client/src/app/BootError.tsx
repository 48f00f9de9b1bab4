import { Button } from '#client/components/ui/Button.tsx';

// Shown when /config.json cannot be read; rendered before i18n, so it speaks Turkish with an English line.
export function BootError({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-bold text-white">Squad’a şu an ulaşılamıyor 😕</h1>
      <p className="max-w-sm text-ink-300">
        Bağlantını kontrol edip tekrar dene. (Squad cannot be reached right now.)
      </p>
      <Button onClick={onRetry}>Tekrar dene</Button>
    </main>
  );
}
