import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

// A 24×24 line icon drawn in the current text colour; decorative, so screen readers skip it.
export function StrokeIcon({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={cn('size-5', className)}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

// The ✕ of dialogs, drawers and clearable fields.
export function CloseIcon({ className }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
    </StrokeIcon>
  );
}
