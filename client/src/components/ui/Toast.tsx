import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { cn } from '#client/lib/cn.ts';
import { Spinner } from '#client/components/ui/Spinner.tsx';

export type ToastKind = 'success' | 'error' | 'loading' | 'info';
export type ToastOptions = {
  // Reuse an id to replace a toast (e.g. loading → success).
  id?: string;
  durationMs?: number;
  // Keep the toast through a full page reload (shown again after the reload).
  persist?: boolean;
  // The toast's text becomes a button (a new message: open its conversation); the toast then closes.
  onClick?: () => void;
};
type ToastItem = {
  id: string;
  kind: ToastKind;
  message: string;
  durationMs: number;
  onClick?: () => void;
};

export type ToastApi = {
  show: (kind: ToastKind, message: string, options?: ToastOptions) => string;
  success: (message: string, options?: ToastOptions) => string;
  error: (message: string, options?: ToastOptions) => string;
  loading: (message: string, options?: ToastOptions) => string;
  info: (message: string, options?: ToastOptions) => string;
  dismiss: (id: string) => void;
};

const PENDING_KEY = 'squad.pendingToast';
const DEFAULT_DURATION: Record<ToastKind, number> = {
  success: 3500,
  info: 3500,
  error: 5000,
  loading: Infinity,
};
const ToastContext = createContext<ToastApi | null>(null);

let counter = 0;

// Read once per page load, so StrictMode's second effect run still finds it.
let pendingToast: { kind: ToastKind; message: string } | null | undefined;
function takePendingToast() {
  if (pendingToast === undefined) {
    try {
      const raw = sessionStorage.getItem(PENDING_KEY);
      sessionStorage.removeItem(PENDING_KEY);
      pendingToast = raw ? (JSON.parse(raw) as { kind: ToastKind; message: string }) : null;
    } catch {
      pendingToast = null;
    }
  }
  return pendingToast;
}

// A modal <dialog> makes the rest of the page inert and paints above it, so while one is open the
// toasts live inside the topmost one: visible, announced, and their close buttons work.
function subscribeToModals(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['open'],
  });
  return () => observer.disconnect();
}

function topModalDialog(): HTMLElement | null {
  const open = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
  for (let i = open.length - 1; i >= 0; i--) {
    try {
      if (open[i].matches(':modal')) return open[i];
    } catch {
      return null;
    }
  }
  return null;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const modal = useSyncExternalStore(subscribeToModals, topModalDialog, () => null);
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: string) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (kind: ToastKind, message: string, options: ToastOptions = {}) => {
      const id = options.id ?? `toast-${++counter}`;
      const durationMs = options.durationMs ?? DEFAULT_DURATION[kind];
      if (options.persist) {
        try {
          sessionStorage.setItem(PENDING_KEY, JSON.stringify({ kind, message }));
        } catch {
          // Storage unavailable: the toast is shown only until the reload.
        }
      }
      setToasts((list) =>
        [
          ...list.filter((toast) => toast.id !== id),
          { id, kind, message, durationMs, onClick: options.onClick },
        ].slice(-4),
      );
      const previous = timers.current.get(id);
      if (previous) clearTimeout(previous);
      if (Number.isFinite(durationMs))
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), durationMs),
        );
      return id;
    },
    [dismiss],
  );

  // A toast stashed before a reload (sign-in success) is shown once after it.
  useEffect(() => {
    const pending = takePendingToast();
    if (!pending) return;
    const timer = setTimeout(() => {
      pendingToast = null;
      show(pending.kind, pending.message);
    }, 0);
    return () => clearTimeout(timer);
  }, [show]);

  useEffect(() => {
    const map = timers.current;
    return () => map.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (m, o) => show('success', m, o),
      error: (m, o) => show('error', m, o),
      loading: (m, o) => show('loading', m, o),
      info: (m, o) => show('info', m, o),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext value={api}>
      {children}
      {createPortal(
        // Under the header (4 rem): centred on it they covered its token balance, on a phone and wider.
        <div
          aria-live="polite"
          aria-relevant="additions text"
          className="pointer-events-none fixed inset-x-0 top-[4.5rem] z-[100] flex flex-col items-center gap-2 px-3"
        >
          {toasts.map((toast) => (
            <div
              key={toast.id}
              role={toast.kind === 'error' ? 'alert' : 'status'}
              className={cn(
                'pointer-events-auto flex w-full max-w-sm animate-toast-in items-center gap-3 rounded-xl border px-4 py-3 text-sm font-medium shadow-2xl shadow-black/40 backdrop-blur',
                toast.kind === 'success' && 'border-emerald-400/30 bg-emerald-950/90 text-emerald-100',
                toast.kind === 'error' && 'border-rose-400/30 bg-rose-950/90 text-rose-100',
                toast.kind === 'loading' && 'border-ink-600 bg-ink-800/95 text-ink-100',
                toast.kind === 'info' && 'border-accent-400/30 bg-ink-800/95 text-ink-100',
              )}
            >
              <span aria-hidden="true" className="shrink-0">
                {toast.kind === 'loading' ? (
                  <Spinner />
                ) : toast.kind === 'success' ? (
                  '✓'
                ) : toast.kind === 'error' ? (
                  '!'
                ) : (
                  'i'
                )}
              </span>
              {toast.onClick ? (
                <button
                  type="button"
                  className="flex-1 text-left hover:underline"
                  onClick={() => {
                    dismiss(toast.id);
                    toast.onClick?.();
                  }}
                  data-testid="toast-action"
                >
                  {toast.message}
                </button>
              ) : (
                <span className="flex-1">{toast.message}</span>
              )}
              {toast.kind !== 'loading' ? (
                <button
                  type="button"
                  onClick={() => dismiss(toast.id)}
                  className="-mr-1 rounded p-1 text-current/70 hover:text-current"
                  aria-label="Kapat"
                >
                  <span aria-hidden="true">×</span>
                </button>
              ) : null}
            </div>
          ))}
        </div>,
        modal ?? document.body,
      )}
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const api = use(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}
