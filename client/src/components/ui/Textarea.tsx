import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '#client/lib/cn.ts';

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
};

export function Textarea({ label, hint, error, className, id, ...rest }: TextareaProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink-200">
        {label}
      </label>
      <textarea
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(
          'min-h-28 w-full rounded-xl border bg-ink-850/80 px-3.5 py-3 text-base text-ink-100 placeholder:text-ink-500',
          'transition outline-none focus:border-accent-400 focus:ring-2 focus:ring-accent-500/30',
          error ? 'border-rose-500/80' : 'border-ink-600',
        )}
        {...rest}
      />
      {hint ? (
        <p id={`${inputId}-hint`} className="text-xs text-ink-300">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="text-sm text-rose-400" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
