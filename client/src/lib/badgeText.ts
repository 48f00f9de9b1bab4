// What a count badge shows: nothing at 0, "99+" above 99 (the bell, the inbox, unread conversations).
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
