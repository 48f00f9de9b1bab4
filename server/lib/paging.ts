import { badInput } from '#server/errors/app-error.ts';
import { isUuid } from './ids.ts';

export const MAX_PAGE_SIZE = 100;

// `first` of a connection: 1..100, 20 when absent.
export function pageSize(first: number | null | undefined, fallback = 20): number {
  const n = first ?? fallback;
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE_SIZE)
    throw badInput([{ field: 'first', key: 'validation.pageSize' }]);
  return n;
}

// Keyset cursors: the row's id plus the value it was ordered by, under one of these keys:
// s = start instant (ISO), c = creation instant (ISO), d = distance chord, n = a sequence number.
export type Cursor = { id: string; s?: string; c?: string; d?: number; n?: number };
type SortKey = 's' | 'c' | 'd' | 'n';

// Opaque page cursors: base64url JSON. A cursor that does not decode is the client's error.
export function encodeCursor(value: Cursor): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

// The cursor of `after`, which must carry one of `keys` (the orders the list can be in).
export function decodeCursor(cursor: string, keys: readonly SortKey[], field = 'after'): Cursor {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof v === 'object' && v !== null && isUuid((v as Cursor).id)) {
      const c = v as Cursor;
      const valid = keys.some((k) =>
        k === 'd'
          ? typeof c.d === 'number'
          : k === 'n'
            ? Number.isSafeInteger(c.n)
            : typeof c[k] === 'string',
      );
      if (valid) return c;
    }
  } catch {
    // fall through
  }
  throw badInput([{ field, key: 'validation.cursor' }]);
}

export type Page<T> = {
  nodes: T[];
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
};

// One page from rows fetched with `limit + 1` (the extra row only says that there is a next page).
export function pageOf<T>(rows: readonly T[], limit: number, cursorOf: (row: T) => Cursor): Page<T> {
  const nodes = rows.slice(0, limit);
  // An edge's cursor is encoded when a client reads it (lists rarely ask for more than endCursor).
  const edges = nodes.map((node) => ({
    node,
    get cursor() {
      return encodeCursor(cursorOf(node));
    },
  }));
  const last = nodes.at(-1);
  return {
    nodes,
    edges,
    pageInfo: {
      hasNextPage: rows.length > limit,
      endCursor: last === undefined ? null : encodeCursor(cursorOf(last)),
    },
  };
}

// One page of rows listed newest first by (createdAt, id): the cursor holds the last row's time and
// id; `load` gets one row more than the page, so the page knows whether another follows.
export function pageByCreation<T extends { createdAt: Date; id: string }>(
  args: { first?: number | null; after?: string | null },
  load: (p: { limit: number; after: { c: string; id: string } | undefined }) => Promise<T[]>,
): Promise<Page<T>> {
  const limit = pageSize(args.first);
  const after = args.after ? decodeCursor(args.after, ['c']) : undefined;
  return load({ limit: limit + 1, after: after && { c: after.c!, id: after.id } }).then((rows) =>
    pageOf(rows, limit, (r) => ({ c: r.createdAt.toISOString(), id: r.id })),
  );
}
