import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '#client/lib/cn.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { CloseIcon } from '#client/components/ui/StrokeIcon.tsx';
import { useModalDialog } from '#client/components/ui/useModalDialog.ts';

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  closeLabel?: string;
  className?: string;
};

// A modal dialog with a title, body and footer, on the native <dialog> (useModalDialog). It is never
// taller than the window: the title stays, the body scrolls (a child can keep its own footer in view
// with `sticky -bottom-6`, see EventWizard), the footer stays.
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  closeLabel = 'Kapat',
  className,
}: DialogProps) {
  const modal = useModalDialog(open, onOpenChange);
  const titleId = useId();
  const descriptionId = useId();

  if (!open) return null;
  return createPortal(
    <dialog
      {...modal}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={cn(
        'm-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-ink-600 bg-ink-850 p-0 text-ink-100 shadow-2xl shadow-black/50',
        'max-h-[calc(100dvh-2rem)] flex-col overflow-hidden open:flex',
        'animate-fade-in backdrop:bg-black/70 backdrop:backdrop-blur-sm',
        className,
      )}
    >
      <div className="flex shrink-0 items-start justify-between gap-4 px-6 pt-6 pb-4">
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-lg font-bold text-white">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="text-sm text-ink-300">
              {description}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          className="-m-1 rounded-lg p-1.5 text-ink-300 hover:bg-ink-700 hover:text-white"
          aria-label={closeLabel}
        >
          <CloseIcon />
        </button>
      </div>
      {children ? (
        <div
          className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-6 pb-6"
          data-testid="dialog-body"
        >
          {children}
        </div>
      ) : null}
      {footer ? (
        <div
          className={cn(
            'flex shrink-0 flex-wrap justify-end gap-2 px-6 pb-6',
            children ? 'border-t border-ink-700/60 pt-4' : 'pt-2',
          )}
        >
          {footer}
        </div>
      ) : null}
    </dialog>,
    document.body,
  );
}

// A yes/no question before something that cannot be undone: Cancel, and the action in danger colours.
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title,
  description,
  confirmLabel,
  cancelLabel,
  closeLabel,
  loading,
  confirmTestId,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  closeLabel: string;
  loading?: boolean;
  confirmTestId?: string;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onCancel())}
      title={title}
      description={description}
      closeLabel={closeLabel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant="danger" loading={loading} onClick={onConfirm} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
