import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';
import { Spinner } from '#client/components/ui/Spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'outline';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'bg-accent-gradient text-white shadow-lg shadow-fuchsia-900/30 hover:brightness-110 active:brightness-95 disabled:shadow-none',
  secondary: 'bg-ink-700 text-ink-100 hover:bg-ink-600',
  outline: 'border border-ink-600 bg-ink-850/60 text-ink-100 hover:border-accent-400 hover:bg-ink-800',
  ghost: 'text-ink-200 hover:bg-ink-800 hover:text-white',
  danger: 'bg-rose-600 text-white hover:bg-rose-500',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm gap-1.5 rounded-lg',
  md: 'h-11 px-4 text-sm gap-2 rounded-xl',
  lg: 'h-12 px-6 text-base gap-2 rounded-xl',
  icon: 'size-10 rounded-xl',
};

export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
) {
  return cn(
    'inline-flex shrink-0 items-center justify-center font-semibold transition duration-150 select-none',
    'disabled:cursor-not-allowed disabled:opacity-50',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  // Shown instead of the children while loading (e.g. "Giriş yapılıyor...").
  loadingText?: ReactNode;
  fullWidth?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  loadingText,
  fullWidth,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, cn(fullWidth && 'w-full', className))}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner /> : null}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
