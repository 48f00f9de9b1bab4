import { Redis } from 'ioredis';
import type { Logger } from '#server/lib/logger.ts';
import type { Channel } from './channels.ts';
import { ChannelHub, type PubSub, type Subscription } from './pubsub.ts';

// Redis pub/sub: one publishing and one subscribing connection per instance; channels are
// subscribed in Redis only while this instance has a local subscriber for them.
// Without Redis (lost at run time) publishes fail at once and are logged, never held up: the writes
// that publish have committed, and notifications are stored anyway. The subscribing connection keeps
// its channels and subscribes them again when Redis is back (ioredis autoResubscribe).
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
  const hub = new ChannelHub({
    onFirst: async (name) => {
      const subscribed = subscriber.subscribe(prefix + name);
      // Live at once when Redis is there; otherwise queued until it is back.
      if (subscriber.status === 'ready') await subscribed;
      else subscribed.catch((err) => logger.warn({ err, channel: name }, 'redis subscribe failed'));
    },
    onLast: async (name) => {
      if (subscriber.status === 'ready') await subscriber.unsubscribe(prefix + name);
      else void subscriber.unsubscribe(prefix + name).catch(() => {});
    },
  });
  subscriber.on('message', (redisChannel: string, payload: string) => {
    if (redisChannel.startsWith(prefix)) hub.dispatch(redisChannel.slice(prefix.length), payload);
  });

  return {
    kind: 'redis',
    async publish<T>(channel: Channel<T>, message: T) {
      try {
        await publisher.publish(prefix + channel.name, JSON.stringify(message));
        publishFailures = 0;
      } catch (err) {
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
