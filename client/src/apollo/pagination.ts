import type { FieldPolicy, Reference } from '@apollo/client';

// Cursor pages of one list kept as one cached list (newest first): the inbox (`conversations`, paged
// with `after`), a conversation's messages (`messagePage`, paged back with `before`) and the friends
// list. A later page is appended; the first page read again (a refetch, a reconnect) replaces the
// newest part and keeps the older pages already loaded when the two overlap.

export type CursorPage<N> = {
  nodes: readonly N[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
};

export function mergeCursorPages<N, P extends CursorPage<N>>(
  existing: P | undefined,
  incoming: P,
  isLaterPage: boolean,
  idOf: (node: N) => string | undefined,
): P {
  if (!existing) return incoming;
  const ids = (nodes: readonly N[]) =>
    new Set(nodes.map(idOf).filter((id): id is string => id !== undefined));
  const has = (set: Set<string>, node: N) => {
    const id = idOf(node);
    return id !== undefined && set.has(id);
  };
  if (isLaterPage) {
    const known = ids(existing.nodes);
    return {
      ...incoming,
      nodes: [...existing.nodes, ...incoming.nodes.filter((n) => !has(known, n))],
    };
  }
  // Nodes without an id (friends are not normalized) cannot be matched: the fresh page wins.
  const lastId = incoming.nodes.length ? idOf(incoming.nodes[incoming.nodes.length - 1]) : undefined;
  const overlap = lastId === undefined ? -1 : existing.nodes.findIndex((n) => idOf(n) === lastId);
  if (overlap === -1 || !incoming.pageInfo.hasNextPage) return incoming;
  const fresh = ids(incoming.nodes);
  return {
    ...incoming,
    nodes: [...incoming.nodes, ...existing.nodes.slice(overlap + 1).filter((n) => !has(fresh, n))],
    pageInfo: existing.pageInfo,
  };
}

// A node pushed live (a new message, a conversation with new activity) goes to the top, once.
export function withNodeFirst<P extends CursorPage<unknown>>(
  page: P,
  node: P['nodes'][number],
  idOf: (node: P['nodes'][number]) => string | undefined,
): P {
  const id = idOf(node);
  return { ...page, nodes: [node, ...page.nodes.filter((n) => idOf(n) !== id)] };
}

export const refId = (node: unknown): string | undefined =>
  node && typeof node === 'object' && '__ref' in node ? (node as Reference).__ref : undefined;

// The field policy: one cached list whatever the cursor; `cursorArg` names the argument of later pages.
export function cursorPagePolicy(cursorArg: 'after' | 'before'): FieldPolicy<CursorPage<unknown>> {
  return {
    keyArgs: false,
    merge(existing, incoming, { args }) {
      return mergeCursorPages(existing, incoming, Boolean(args?.[cursorArg]), refId);
    },
  };
}
