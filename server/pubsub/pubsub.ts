import { currentScope } from '#server/lib/request-scope.ts';
import type { Channel } from './channels.ts';

export type Subscription<T> = AsyncIterableIterator<T> & {
  // Ends the iteration and releases the channel.
  return(): Promise<IteratorResult<T>>;
};

export interface PubSub {
  readonly kind: 'memory' | 'redis';
  // Delivers to every subscriber of the channel, on this instance and (with Redis) on all others.
  publish<T>(channel: Channel<T>, message: T): Promise<void>;
  // Resolves once the subscription is live, so nothing published afterwards is missed.
  subscribe<T>(channel: Channel<T>): Promise<Subscription<T>>;
  // Subscriber count on this instance (of one channel, or of all), for health, benchmarks and tests
  // that wait until a subscription is live.
  localSubscriberCount(channel?: Channel<unknown>): number;
  // Whether messages reach other instances now (always true in memory); for readiness.
  available(): boolean;
  close(): Promise<void>;
}

type Listener = (payload: string) => void;

// Local fan-out shared by both implementations: one listener set per channel; the transport is told
// when a channel gets its first listener and loses its last.
export class ChannelHub {
  private listeners = new Map<string, Set<Listener>>();

  constructor(
    private readonly hooks: {
      onFirst?: (name: string) => Promise<void>;
      onLast?: (name: string) => Promise<void>;
    } = {},
  ) {}

  dispatch(name: string, payload: string): void {
    const set = this.listeners.get(name);
    if (!set) return;
    for (const listener of [...set]) listener(payload);
  }

  count(name?: string): number {
    if (name !== undefined) return this.listeners.get(name)?.size ?? 0;
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  channelNames(): string[] {
    return [...this.listeners.keys()];
  }

  async subscribe<T>(name: string, maxBuffered = 256): Promise<Subscription<T>> {
    const scope = currentScope();
    const buffer: T[] = [];
    let waiting: ((r: IteratorResult<T>) => void) | null = null;
    let done = false;

    const listener: Listener = (payload) => {
      if (done) return;
      const value = JSON.parse(payload) as T;
      if (waiting) {
        const resolve = waiting;
        waiting = null;
        resolve({ value, done: false });
        return;
      }
      // A consumer that stopped reading loses the oldest messages, not the server's memory.
      if (buffer.length >= maxBuffered) buffer.shift();
      buffer.push(value);
    };

    let set = this.listeners.get(name);
    const first = !set;
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener);
    if (first) await this.hooks.onFirst?.(name);

    const release = async () => {
      if (done) return;
      done = true;
      const current = this.listeners.get(name);
      current?.delete(listener);
      if (current && current.size === 0) {
        this.listeners.delete(name);
        await this.hooks.onLast?.(name);
      }
      if (waiting) {
        const resolve = waiting;
        waiting = null;
        resolve({ value: undefined, done: true });
      }
    };

    const iterator: Subscription<T> = {
      next() {
        if (buffer.length > 0) return Promise.resolve({ value: buffer.shift()!, done: false });
        if (done) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => {
          waiting = resolve;
        });
      },
      async return() {
        await release();
        return { value: undefined, done: true };
      },
      async throw(err?: unknown) {
        await release();
        throw err;
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    // Opened for a WebSocket subscription: its end releases the channel even while a consumer (an
    // async generator, whose return() waits for its pending next()) still waits for a message.
    scope?.onEnd?.(release);
    return iterator;
  }
}
