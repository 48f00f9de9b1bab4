import { cn } from '#client/lib/cn.ts';

// Avatar: the user's picture, or their initials on the accent gradient. 40 px unless className sets
// a size (cn does not merge classes, so the default must step aside for a smaller one to apply).
export function Avatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  const size = className && /(^|\s)size-/.test(className) ? null : 'size-10';
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toLocaleUpperCase('tr-TR'))
      .join('') || '?';
  return url ? (
    <img src={url} alt="" className={cn(size, 'shrink-0 rounded-full object-cover', className)} />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        size,
        'flex shrink-0 items-center justify-center rounded-full bg-accent-gradient text-sm font-bold text-white',
        className,
      )}
    >
      {initials}
    </span>
  );
}
