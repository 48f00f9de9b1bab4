import { useEffect, useRef, type MouseEvent, type SyntheticEvent } from 'react';

// The native modal <dialog> behind Dialog and Drawer: showModal() while open (the page behind is
// inert and focus stays inside), Esc ("cancel") and a click on the ::backdrop (it lands on the
// <dialog> itself) ask to close, and focus returns to the opener.
export function useModalDialog(open: boolean, onOpenChange: (open: boolean) => void) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open || dialog.open) return;
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, [open]);

  return {
    ref,
    onCancel: (e: SyntheticEvent<HTMLDialogElement>) => {
      e.preventDefault();
      onOpenChange(false);
    },
    onClick: (e: MouseEvent<HTMLDialogElement>) => {
      if (e.target === e.currentTarget) onOpenChange(false);
    },
  };
}
