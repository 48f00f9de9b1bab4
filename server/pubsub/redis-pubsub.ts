import { Redis } from 'ioredis';
import type { Logger } from '#server/lib/logger.ts';
import type { Channel } from './channels.ts';
import { ChannelHub, type PubSub, type Subscription } from './pubsub.ts';

// Redis pub/sub: one publishing and one subscribing connection per instance; channels are
// subscribed in Redis only while this instance has a local subscriber for them.
export async function createRedisPubSub(url: string, logger: Logger, prefix = 'squad:'): Promise<PubSub> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 3, enableAutoPipelining: true };
  const publisher = new Redis(url, { ...options, connectionName: 'squad-pub' });
  const subscriber = new Redis(url, { ...options, connectionName: 'squad-sub' });
  for (const [name, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    client.on('error', (err) => logger.warn({ err, client: name }, 'redis error'));
  }
  await Promise.all([publisher.connect(), subscriber.connect()]);

  const hub = new ChannelHub({
    onFirst: async (name) => {
      await subscriber.subscribe(prefix + name);
    },
    onLast: async (name) => {
      await subscriber.unsubscribe(prefix + name);
    },
  });
  subscriber.on('message', (redisChannel: string, payload: string) => {
    if (redisChannel.startsWith(prefix)) hub.dispatch(redisChannel.slice(prefix.length), payload);
  });

  return {
    kind: 'redis',
    async publish<T>(channel: Channel<T>, message: T) {
      await publisher.publish(prefix + channel.name, JSON.stringify(message));
    },
    subscribe<T>(channel: Channel<T>): Promise<Subscription<T>> {
      return hub.subscribe<T>(channel.name);
    },
    localSubscriberCount: () => hub.count(),
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
