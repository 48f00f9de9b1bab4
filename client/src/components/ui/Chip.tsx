import type { ButtonHTMLAttributes } from 'react';
import { cn } from '#client/lib/cn.ts';

// A toggle chip (filters, tags, quick options): aria-pressed carries the state.
export function Chip({
  selected,
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { selected: boolean }) {
  return (
    <button
      type={type}
      aria-pressed={selected}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm font-semibold whitespace-nowrap transition select-none',
        'disabled:cursor-not-allowed disabled:opacity-50',
        selected
          ? 'border-transparent bg-accent-gradient text-white shadow-md shadow-fuchsia-950/40'
          : 'border-ink-600 bg-ink-850/70 text-ink-200 hover:border-accent-400 hover:text-white',
        className,
      )}
      {...rest}
    />
  );
}
