import { decodeCursor, pageOf, pageSize, type Page } from '#server/lib/paging.ts';

export type PriorityAfter = { c: string; id: string; priority: boolean };

// The reports queue's page (ADR 069): priority reports first, each part newest first. The cursor is
// pageByCreation's plus n, the last row's priority (1 or 0); one without n counts as a plain report.
export async function priorityFirstPage<T extends { createdAt: Date; id: string; priority: boolean }>(
  args: { first?: number | null; after?: string | null },
  load: (p: { limit: number; after: PriorityAfter | undefined }) => Promise<T[]>,
): Promise<Page<T>> {
  const limit = pageSize(args.first);
  const after = args.after ? decodeCursor(args.after, ['c']) : undefined;
  const rows = await load({
    limit: limit + 1,
    after: after && { c: after.c!, id: after.id, priority: after.n === 1 },
  });
  return pageOf(rows, limit, (r) => ({ c: r.createdAt.toISOString(), id: r.id, n: r.priority ? 1 : 0 }));
}
