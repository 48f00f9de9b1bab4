import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

// Loading / success / error panel with a big emoji and a progress bar (verification, Google callback).
export function StatusPanel({
  emoji,
  title,
  text,
  progress,
  tone,
  children,
}: {
  emoji: string;
  title: string;
  text?: ReactNode;
  progress?: number;
  tone: 'loading' | 'success' | 'error';
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-4 text-center" aria-live="polite">
      <div
        className={cn(
          'flex size-20 items-center justify-center rounded-full text-4xl',
          tone === 'loading' && 'animate-pulse bg-accent-500/20',
          tone === 'success' && 'bg-emerald-500/20',
          tone === 'error' && 'bg-rose-500/20',
        )}
        aria-hidden="true"
      >
        {emoji}
      </div>
      <h1 className="text-2xl font-bold text-white">{title}</h1>
      {text ? <p className="max-w-sm text-ink-300">{text}</p> : null}
      {progress !== undefined ? (
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress)}
          className="h-2 w-full max-w-xs overflow-hidden rounded-full bg-ink-700"
        >
          <div
            className={cn(
              'h-full rounded-full transition-[width] duration-100',
              tone === 'error' ? 'bg-rose-500' : 'bg-accent-gradient',
            )}
            style={{ width: `${Math.min(progress, 100)}%` }}
          />
        </div>
      ) : null}
      {children}
    </div>
  );
}
