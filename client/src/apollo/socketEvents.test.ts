import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps whether the page connected before, so each test loads a fresh copy.
async function freshModule() {
  vi.resetModules();
  return import('#client/apollo/socketEvents.ts');
}

describe('socket connection events', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tells count listeners of the first connection, a task later, and reconnect listeners only of later ones', async () => {
    const events = await freshModule();
    const seen: string[] = [];
    events.onSocketConnected(() => seen.push('connected'));
    events.onSocketReconnected(() => seen.push('reconnected'));

    events.socketConnected(false);
    // Not in the same task: graphql-ws sends the waiting subscriptions first.
    expect(seen).toEqual([]);
    await vi.runAllTimersAsync();
    expect(seen).toEqual(['connected']);

    events.socketConnected(false);
    await vi.runAllTimersAsync();
    expect(seen).toEqual(['connected', 'connected', 'reconnected']);
  });

  it('counts a retried first connection as a reconnect, and stops telling a listener that left', async () => {
    const events = await freshModule();
    const seen: string[] = [];
    const leave = events.onSocketConnected(() => seen.push('connected'));
    events.onSocketReconnected(() => seen.push('reconnected'));

    events.socketConnected(true);
    await vi.runAllTimersAsync();
    expect(seen).toEqual(['connected', 'reconnected']);

    leave();
    events.socketConnected(false);
    await vi.runAllTimersAsync();
    expect(seen).toEqual(['connected', 'reconnected', 'reconnected']);
  });
});
