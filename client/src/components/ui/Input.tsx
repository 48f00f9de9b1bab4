import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { StrokeIcon } from '#client/components/ui/StrokeIcon.tsx';

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  // Adds a show/hide toggle to password fields.
  revealable?: boolean;
  icon?: ReactNode;
};

export function Input({
  label,
  error,
  hint,
  revealable,
  icon,
  className,
  id,
  type = 'text',
  ...rest
}: InputProps) {
  const { t } = useI18n();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [revealed, setRevealed] = useState(false);
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null]
    .filter(Boolean)
    .join(' ');
  const isPassword = type === 'password';
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink-200">
        {label}
      </label>
      <div className="relative">
        {icon ? (
          <span
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-ink-300"
            aria-hidden="true"
          >
            {icon}
          </span>
        ) : null}
        <input
          id={inputId}
          type={isPassword && revealable && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={cn(
            'h-12 w-full rounded-xl border bg-ink-850/80 px-3.5 text-base text-ink-100 placeholder:text-ink-500',
            'transition outline-none focus:border-accent-400 focus:ring-2 focus:ring-accent-500/30',
            'disabled:cursor-not-allowed disabled:opacity-60',
            error ? 'border-rose-500/80' : 'border-ink-600',
            icon ? 'pl-10' : null,
            isPassword && revealable && 'pr-12',
          )}
          {...rest}
        />
        {isPassword && revealable ? (
          <button
            type="button"
            onClick={() => setRevealed((v) => !v)}
            className="absolute inset-y-0 right-1 my-1 flex w-10 items-center justify-center rounded-lg text-ink-300 hover:bg-ink-700 hover:text-white"
            aria-label={revealed ? t('common.hidePassword') : t('common.showPassword')}
            aria-pressed={revealed}
            aria-controls={inputId}
            disabled={rest.disabled}
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        ) : null}
      </div>
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

function EyeIcon() {
  return (
    <StrokeIcon>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </StrokeIcon>
  );
}

function EyeOffIcon() {
  return (
    <StrokeIcon>
      <path d="M3 3l18 18M10.6 5.1A10.8 10.8 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7c1.8 0 3.3-.5 4.6-1.2M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </StrokeIcon>
  );
}
