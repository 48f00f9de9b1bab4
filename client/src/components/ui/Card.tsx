import type { HTMLAttributes } from 'react';
import { cn } from '#client/lib/cn.ts';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-ink-700/80 bg-ink-850/80 p-5 shadow-xl shadow-black/20 backdrop-blur',
        className,
      )}
      {...rest}
    />
  );
}
