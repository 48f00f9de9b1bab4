import { badInput } from '#server/errors/app-error.ts';

export const MAX_PAGE_SIZE = 100;

// `first` of a connection: 1..100, 20 when absent.
export function pageSize(first: number | null | undefined, fallback = 20): number {
  const n = first ?? fallback;
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE_SIZE)
    throw badInput([{ field: 'first', key: 'validation.pageSize' }]);
  return n;
}
