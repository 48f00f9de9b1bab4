import { cn } from '#client/lib/cn.ts';

// Avatar: the user's picture, or their initials on the accent gradient.
export function Avatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toLocaleUpperCase('tr-TR'))
      .join('') || '?';
  return url ? (
    <img src={url} alt="" className={cn('size-10 shrink-0 rounded-full object-cover', className)} />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-gradient text-sm font-bold text-white',
        className,
      )}
    >
      {initials}
    </span>
  );
}
