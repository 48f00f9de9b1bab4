import { Redis } from 'ioredis';
import type { Logger } from '#server/lib/logger.ts';
import type { Channel } from './channels.ts';
import { ChannelHub, type PubSub, type Subscription } from './pubsub.ts';

// Redis pub/sub: one publishing and one subscribing connection per instance; channels are
// subscribed in Redis only while this instance has a local subscriber for them.
// Without Redis (lost at run time) publishes fail at once and are logged, never held up: the writes
// that publish have committed, and notifications are stored anyway. Subscribers on this instance
// still hear this instance's publishes: a message that Redis will not bring back (the publish failed,
// or this instance's subscription to the channel is not live in Redis) is delivered here directly,
// and one that Redis may still bring back is remembered so it is not delivered twice. The
// subscribing connection subscribes its channels again when Redis is back (ADR 056).
export async function createRedisPubSub(url: string, logger: Logger, prefix = 'squad:'): Promise<PubSub> {
  const publisher = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    enableAutoPipelining: true,
    connectionName: 'squad-pub',
  });
  const subscriber = new Redis(url, {
    lazyConnect: true,
    // Subscribe commands given while Redis is away wait for it instead of failing the subscription.
    maxRetriesPerRequest: null,
    // Resubscribed below, so this instance knows when each channel is live in Redis again.
    autoResubscribe: false,
    connectionName: 'squad-sub',
  });
  for (const [name, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    client.on('error', (err) => logger.warn({ err, client: name }, 'redis error'));
  }
  await Promise.all([publisher.connect(), subscriber.connect()]);

  let publishFailures = 0;
  // Channels this instance's subscribing connection is subscribed to in Redis right now: their
  // messages come back through Redis, so a publish to them is not delivered here directly.
  const live = new Set<string>();
  // Delivered here after a publish whose outcome is unknown (sent, then failed or timed out): if Redis
  // brings it back after all, that copy is dropped. Keyed by channel and payload, for 30 s.
  const echoes = new Map<string, { count: number; until: number }>();
  const ECHO_MS = 30_000;

  const subscribeLive = async (names: string[]) => {
    if (names.length === 0) return;
    await subscriber.subscribe(...names.map((n) => prefix + n));
    // Still wanted (not released meanwhile) and still connected: live.
    if (subscriber.status === 'ready') for (const n of names) if (hub.count(n) > 0) live.add(n);
  };
  const hub = new ChannelHub({
    onFirst: async (name) => {
      const subscribed = subscribeLive([name]);
      // Live at once when Redis is there; otherwise queued until it is back.
      if (subscriber.status === 'ready') await subscribed;
      else subscribed.catch((err) => logger.warn({ err, channel: name }, 'redis subscribe failed'));
    },
    onLast: async (name) => {
      live.delete(name);
      // A connection that closes meanwhile (shutdown, Redis lost) ends the subscription with it: an
      // unsubscribe it refuses ("Connection is closed.") is no failure of the listener going away.
      if (subscriber.status === 'ready') await subscriber.unsubscribe(prefix + name).catch(() => {});
      else void subscriber.unsubscribe(prefix + name).catch(() => {});
    },
  });
  subscriber.on('close', () => live.clear());
  // Back after an outage: every channel with a local subscriber again (ioredis's own resubscribe is
  // off so that `live` is known).
  subscriber.on('ready', () => {
    subscribeLive(hub.channelNames()).catch((err) => logger.warn({ err }, 'redis resubscribe failed'));
  });
  subscriber.on('message', (redisChannel: string, payload: string) => {
    if (!redisChannel.startsWith(prefix)) return;
    const name = redisChannel.slice(prefix.length);
    const key = `${name}\n${payload}`;
    const echo = echoes.get(key);
    if (echo) {
      if (--echo.count === 0) echoes.delete(key);
      if (echo.until > Date.now()) return;
    }
    hub.dispatch(name, payload);
  });

  // Local delivery of a message Redis will not (or may not) bring back to this instance.
  function deliverHere(name: string, payload: string, mayEcho: boolean) {
    if (hub.count(name) === 0) return;
    if (mayEcho) {
      const now = Date.now();
      if (echoes.size > 10_000) for (const [k, e] of echoes) if (e.until <= now) echoes.delete(k);
      const key = `${name}\n${payload}`;
      const echo = echoes.get(key);
      echoes.set(key, { count: (echo?.count ?? 0) + 1, until: now + ECHO_MS });
    }
    queueMicrotask(() => hub.dispatch(name, payload));
  }

  return {
    kind: 'redis',
    async publish<T>(channel: Channel<T>, message: T) {
      const payload = JSON.stringify(message);
      // Without a connection the command is refused before it is sent (no offline queue).
      const sent = publisher.status === 'ready';
      const echoed = live.has(channel.name);
      try {
        await publisher.publish(prefix + channel.name, payload);
        publishFailures = 0;
        // Not live here (yet): delivered directly; a subscribe still on its way may echo it.
        if (!echoed) deliverHere(channel.name, payload, subscriber.status === 'ready');
      } catch (err) {
        deliverHere(channel.name, payload, sent && echoed);
        // One line per outage at warn, the rest at debug: a lost Redis must not flood the log.
        publishFailures += 1;
        const level = publishFailures === 1 ? 'warn' : 'debug';
        logger[level]({ err, channel: channel.name, failures: publishFailures }, 'redis publish failed');
      }
    },
    subscribe<T>(channel: Channel<T>): Promise<Subscription<T>> {
      return hub.subscribe<T>(channel.name);
    },
    localSubscriberCount: (channel) => hub.count(channel?.name),
    available: () => publisher.status === 'ready' && subscriber.status === 'ready',
    async close() {
      // quit() when connected (pending replies arrive first); a client waiting for Redis just stops.
      await Promise.allSettled(
        [subscriber, publisher].map((client) =>
          client.status === 'ready' ? client.quit() : Promise.resolve(client.disconnect()),
        ),
      );
    },
  };
}
