import { useId } from 'react';
import { cn } from '#client/lib/cn.ts';

// The dashboards' search box: debounced by the caller; a clear button once there is text. Enter calls
// `onSubmit` (the physical dashboard looks the text up as a place).
export function SearchField({
  value,
  onChange,
  onSubmit,
  placeholder,
  className,
  clearLabel,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit?: (value: string) => void;
  placeholder: string;
  className?: string;
  clearLabel: string;
}) {
  const id = useId();
  return (
    // Not a <form>: a search box never submits a form around it; Enter calls `onSubmit` only.
    <div role="search" className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {placeholder}
      </label>
      <span
        className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-ink-300"
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
      </span>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          e.preventDefault();
          onSubmit?.(value);
        }}
        enterKeyHint="search"
        className="h-12 w-full rounded-2xl border border-ink-600 bg-ink-850/80 pr-10 pl-11 text-base text-ink-100 outline-none placeholder:text-ink-500 focus:border-accent-400 focus:ring-2 focus:ring-accent-500/30 [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label={clearLabel}
          className="absolute inset-y-0 right-2 my-2 flex w-8 items-center justify-center rounded-lg text-ink-300 hover:bg-ink-700 hover:text-white"
        >
          ✕
        </button>
      ) : null}
    </div>
  );
}
