import { describe, expect, it } from 'vitest';
import { mergeCursorPages, withNodeFirst } from './pagination.ts';

const id = (n: string) => n;
const page = (nodes: string[], hasNextPage: boolean, endCursor: string | null = nodes.at(-1) ?? null) => ({
  nodes,
  pageInfo: { hasNextPage, endCursor },
});

describe('mergeCursorPages', () => {
  it('takes the first page as it comes', () => {
    expect(mergeCursorPages(undefined, page(['c', 'b'], true), false, id)).toEqual(page(['c', 'b'], true));
  });

  it('appends a later page and takes its paging information', () => {
    const merged = mergeCursorPages(page(['e', 'd'], true), page(['d', 'c', 'b'], false), true, id);
    expect(merged).toEqual(page(['e', 'd', 'c', 'b'], false));
  });

  it('keeps the older pages when the first page is read again and overlaps them', () => {
    const loaded = page(['e', 'd', 'c', 'b', 'a'], false, 'a');
    const merged = mergeCursorPages(loaded, page(['f', 'e', 'd'], true, 'd'), false, id);
    expect(merged).toEqual(page(['f', 'e', 'd', 'c', 'b', 'a'], false, 'a'));
  });

  it('replaces everything when the fresh first page does not meet what was loaded', () => {
    const merged = mergeCursorPages(page(['b', 'a'], false), page(['z', 'y'], true, 'y'), false, id);
    expect(merged).toEqual(page(['z', 'y'], true, 'y'));
  });

  it('replaces everything when the fresh first page is the whole list', () => {
    const merged = mergeCursorPages(page(['c', 'b', 'a'], false), page(['d', 'c'], false), false, id);
    expect(merged).toEqual(page(['d', 'c'], false));
  });
});

describe('withNodeFirst', () => {
  it('puts a node on top once', () => {
    expect(withNodeFirst(page(['b', 'a'], false), 'a', id).nodes).toEqual(['a', 'b']);
    expect(withNodeFirst(page(['b', 'a'], false), 'c', id).nodes).toEqual(['c', 'b', 'a']);
  });
});
