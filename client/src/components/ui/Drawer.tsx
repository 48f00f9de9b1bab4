import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '#client/lib/cn.ts';
import { CloseIcon } from '#client/components/ui/StrokeIcon.tsx';
import { useModalDialog } from '#client/components/ui/useModalDialog.ts';

export type DrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  closeLabel: string;
  children: ReactNode;
  className?: string;
};

// A slide-in side panel built on the native modal <dialog> (inert page behind, Esc closes, backdrop click closes).
export function Drawer({ open, onOpenChange, label, closeLabel, children, className }: DrawerProps) {
  const modal = useModalDialog(open, onOpenChange);

  if (!open) return null;
  return createPortal(
    <dialog
      {...modal}
      aria-label={label}
      className={cn(
        'fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-[min(20rem,85vw)] max-w-none border-0 border-r border-ink-700 bg-ink-900 p-0 text-ink-100',
        'animate-drawer-in shadow-2xl shadow-black/60 backdrop:bg-black/60 backdrop:backdrop-blur-sm',
        className,
      )}
    >
      <div className="relative flex h-full flex-col overflow-y-auto p-4">
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          className="absolute top-4 right-4 rounded-lg p-1.5 text-ink-300 hover:bg-ink-700 hover:text-white"
          aria-label={closeLabel}
        >
          <CloseIcon />
        </button>
        {children}
      </div>
    </dialog>,
    document.body,
  );
}
