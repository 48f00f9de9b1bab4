import { Spinner } from '#client/components/ui/Spinner.tsx';

// The fallback of every lazy route and suspended query. The text is the spec's: 'Loading...'.
export function LoadingState({ className }: { className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={className ?? 'flex min-h-[40vh] items-center justify-center gap-3 text-ink-300'}
    >
      <Spinner />
      <span>Loading...</span>
    </div>
  );
}
