import type { HTMLAttributes } from 'react';
import { cn } from '#client/lib/cn.ts';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'info' | 'warning' | 'danger';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-ink-700 text-ink-200',
  accent: 'bg-fuchsia-500/15 text-fuchsia-300 ring-1 ring-fuchsia-400/30',
  success: 'bg-emerald-500/15 text-emerald-300 ring-1 ring-emerald-400/30',
  info: 'bg-sky-500/15 text-sky-300 ring-1 ring-sky-400/30',
  warning: 'bg-amber-500/15 text-amber-300 ring-1 ring-amber-400/30',
  danger: 'bg-rose-500/15 text-rose-300 ring-1 ring-rose-400/30',
};

export function Badge({
  tone = 'neutral',
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        TONES[tone],
        className,
      )}
      {...rest}
    />
  );
}
