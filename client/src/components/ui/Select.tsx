import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cn } from '#client/lib/cn.ts';

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  // Visually hidden label (the control still has an accessible name).
  hideLabel?: boolean;
};

// A native <select>, styled like the other fields.
export function Select({ label, hint, error, hideLabel, className, id, children, ...rest }: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={selectId} className={cn('text-sm font-medium text-ink-200', hideLabel && 'sr-only')}>
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        className={cn(
          'h-11 w-full cursor-pointer rounded-xl border bg-ink-850 px-3 text-sm text-ink-100',
          'transition outline-none focus:border-accent-400 focus:ring-2 focus:ring-accent-500/30',
          error ? 'border-rose-500/80' : 'border-ink-600',
        )}
        {...rest}
      >
        {children}
      </select>
      {hint ? <p className="text-xs text-ink-300">{hint}</p> : null}
      {error ? (
        <p className="text-sm text-rose-400" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
