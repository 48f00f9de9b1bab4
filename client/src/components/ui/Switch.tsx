import type { InputHTMLAttributes } from 'react';
import { cn } from '#client/lib/cn.ts';

// An on/off switch: a native checkbox (keyboard, forms, labels work as usual) announced as a switch,
// drawn as a track with a knob.
export function Switch({ className, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'>) {
  return (
    <span className={cn('relative inline-flex h-6 w-11 shrink-0', className)}>
      <input
        type="checkbox"
        role="switch"
        className={cn(
          'peer absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-full border border-ink-500 bg-ink-700 transition',
          'checked:border-transparent checked:bg-fuchsia-500',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-400',
          'disabled:cursor-not-allowed disabled:opacity-50',
        )}
        {...rest}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1 left-1 size-4 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
      />
    </span>
  );
}
