import { describe, expect, it } from 'vitest';
import type { EventRow } from '#db/schema/index.ts';
import { createEventCardCache, matchesEtag } from './event-card-cache.ts';

const event = (id: string, title: string) =>
  ({
    id,
    title,
    category: 'sports',
    mode: 'physical',
    publicLocation: 'Kadıköy, İstanbul',
    platform: null,
    startsAt: new Date('2026-12-01T16:00:00Z'),
  }) as unknown as EventRow;

// A stand-in for the rasteriser: counts its calls, a body of `size` bytes naming the SVG's title.
function counted(size = 100) {
  let renders = 0;
  const render = async (svg: string) => {
    renders++;
    return Buffer.alloc(size, svg.length % 256);
  };
  return { render, renders: () => renders };
}

describe('event card cache (ADR 055)', () => {
  it('renders a card once per version: repeats and concurrent requests share it, an edit renders anew', async () => {
    const r = counted();
    const cache = createEventCardCache({ render: r.render });
    const a = event('a', 'Çay ve tavla');
    const first = cache.card(a);
    await Promise.all([first.png(), cache.card(a).png(), cache.card(a).png()]);
    expect(r.renders()).toBe(1);
    expect(cache.card(a).etag).toBe(first.etag);

    const edited = cache.card({ ...a, title: 'Çay, tavla ve okey' });
    expect(edited.etag).not.toBe(first.etag);
    await edited.png();
    expect(r.renders()).toBe(2);
    // The old version of that event is gone, not kept beside the new one.
    expect(cache.size().entries).toBe(1);
  });

  it('keeps at most maxBytes, dropping the least recently used card', async () => {
    const r = counted(100);
    const cache = createEventCardCache({ render: r.render, maxBytes: 250 });
    const [a, b, c] = ['a', 'b', 'c'].map((id) => event(id, `Etkinlik ${id}`));
    await cache.card(a).png();
    await cache.card(b).png();
    await cache.card(a).png(); // a is now the most recent
    await cache.card(c).png(); // over 250 bytes: b goes
    expect(cache.size()).toEqual({ entries: 2, bytes: 200 });
    expect(r.renders()).toBe(3);
    await cache.card(a).png();
    expect(r.renders()).toBe(3);
    await cache.card(b).png();
    expect(r.renders()).toBe(4);
  });

  it('forgets a failed rendering so the next request tries again', async () => {
    let fail = true;
    let renders = 0;
    const cache = createEventCardCache({
      render: async () => {
        renders++;
        if (fail) throw new Error('librsvg');
        return Buffer.from('png');
      },
    });
    const a = event('a', 'Bozuk');
    await expect(cache.card(a).png()).rejects.toThrow('librsvg');
    fail = false;
    expect((await cache.card(a).png()).toString()).toBe('png');
    expect(renders).toBe(2);
  });

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(matchesEtag('"card-x"', '"card-x"')).toBe(true);
    expect(matchesEtag('"other", W/"card-x"', '"card-x"')).toBe(true);
    expect(matchesEtag('*', '"card-x"')).toBe(true);
    expect(matchesEtag('"card-y"', '"card-x"')).toBe(false);
    expect(matchesEtag(undefined, '"card-x"')).toBe(false);
  });
});
