import { describe, expect, it } from 'vitest';
import { createInflight } from './inflight.ts';

describe('createInflight', () => {
  it('is idle at once when nothing runs', async () => {
    expect(await createInflight().idle(10)).toBe(true);
  });

  it('waits for tracked work, failed work included', async () => {
    const inflight = createInflight();
    let release!: () => void;
    const slow = inflight.track(() => new Promise<void>((r) => (release = r)));
    const failing = inflight.track(async () => {
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
    expect(inflight.count).toBe(1);
    const idle = inflight.idle(1000);
    release();
    await slow;
    expect(await idle).toBe(true);
    expect(inflight.count).toBe(0);
  });

  it('gives up after the timeout', async () => {
    const inflight = createInflight();
    void inflight.track(() => new Promise(() => undefined));
    expect(await inflight.idle(20)).toBe(false);
  });
});
