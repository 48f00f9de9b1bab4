import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

export type MenuItem = {
  id: string;
  label: ReactNode;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
};

// A small action menu: a trigger button and a list under it; an item, a click outside or Esc closes
// it. `align` puts the list under the trigger's right or left edge.
export function Menu({
  label,
  trigger,
  items,
  align = 'right',
  className,
  triggerClassName,
  testId,
}: {
  // The trigger's accessible name.
  label: string;
  trigger: ReactNode;
  items: readonly MenuItem[];
  align?: 'left' | 'right';
  className?: string;
  triggerClassName?: string;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (items.length === 0) return null;
  return (
    <div ref={rootRef} className={cn('relative', className)} data-testid={testId}>
      <button
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((o) => !o)}
        className={cn(
          'rounded-lg p-1 text-ink-300 transition hover:bg-ink-700 hover:text-white',
          triggerClassName,
        )}
      >
        {trigger}
      </button>
      {open ? (
        <ul
          id={listId}
          role="menu"
          aria-label={label}
          className={cn(
            'absolute top-full z-30 mt-1 min-w-44 overflow-hidden rounded-xl border border-ink-600 bg-ink-850 py-1 shadow-2xl shadow-black/60',
            align === 'right' ? 'right-0' : 'left-0',
          )}
        >
          {items.map((item) => (
            <li key={item.id} role="none">
              <button
                type="button"
                role="menuitem"
                disabled={item.disabled}
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
                className={cn(
                  'flex w-full items-center gap-2 px-3 py-2 text-left text-sm transition hover:bg-ink-800 disabled:cursor-not-allowed disabled:opacity-50',
                  item.danger ? 'text-rose-300' : 'text-ink-100',
                )}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
