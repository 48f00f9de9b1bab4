import { describe, expect, it, vi } from 'vitest';
import { runInScope } from '#server/lib/request-scope.ts';
import { ChannelHub } from './pubsub.ts';

// A subscription resolver as the modules write them: an async generator over a hub subscription.
function feedOf(hub: ChannelHub) {
  return (async function* () {
    const subscription = await hub.subscribe<number>('user:1:notifications');
    try {
      for await (const n of subscription) yield n;
    } finally {
      await subscription.return();
    }
  })();
}

describe('ChannelHub subscriptions of a WebSocket operation (ADR 067)', () => {
  it("are let go of at the scope's end while the generator waits for a message", async () => {
    const hub = new ChannelHub();
    const releases: (() => Promise<unknown>)[] = [];
    const feed = feedOf(hub);
    const scope = {
      requestId: 'c1',
      locale: 'tr' as const,
      onEnd: (r: () => Promise<unknown>) => releases.push(r),
    };
    const waiting = runInScope(scope, () => feed.next());
    await vi.waitFor(() => expect(hub.count('user:1:notifications')).toBe(1));
    // graphql-js asks the generator to return; it is waiting in `await`, so that is only queued.
    const returned = feed.return(undefined);
    await Promise.resolve();
    expect(hub.count('user:1:notifications')).toBe(1);
    expect(releases).toHaveLength(1);
    await Promise.all(releases.map((release) => release()));
    expect(await waiting).toEqual({ done: true, value: undefined });
    expect(await returned).toEqual({ done: true, value: undefined });
    expect(hub.count('user:1:notifications')).toBe(0);
  });

  it('outside such a scope deliver as before', async () => {
    const hub = new ChannelHub();
    const feed = feedOf(hub);
    const next = feed.next();
    await vi.waitFor(() => expect(hub.count('user:1:notifications')).toBe(1));
    hub.dispatch('user:1:notifications', '7');
    expect(await next).toEqual({ done: false, value: 7 });
    await feed.return(undefined);
    expect(hub.count('user:1:notifications')).toBe(0);
  });
});
