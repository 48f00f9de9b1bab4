import { cn } from '#client/lib/cn.ts';

// The Squad mark: two friends on a violet → fuchsia tile.
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={cn('size-9 shrink-0', className)} aria-hidden="true">
      <defs>
        <linearGradient id="squad-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#d946ef" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#squad-logo-gradient)" />
      <circle cx="22" cy="25" r="7" fill="#fff" />
      <circle cx="42" cy="25" r="7" fill="#fff" fillOpacity=".85" />
      <path
        d="M12 48c0-7 5-12 10-12s10 5 10 12M32 48c0-7 5-12 10-12s10 5 10 12"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className="text-xl font-extrabold tracking-tight text-white">Squad</span>
    </span>
  );
}
