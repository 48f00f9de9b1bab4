import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '#server/lib/config.ts';
import { createMetrics } from './metrics.ts';

// Issue 29: the exposition passes `promtool check metrics`, which flags a gauge (or an untyped
// metric) whose name ends in _total: only counters may (ADR 062).
describe('GET /metrics exposition', () => {
  let server: import('node:http').Server;
  let baseUrl = '';
  beforeAll(async () => {
    const app = express();
    createMetrics().mount(app, { metrics: { enabled: true, token: undefined } } as unknown as Config);
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('names only counters *_total, and keeps the active handles and requests by type', async () => {
    const res = await fetch(`${baseUrl}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const types = new Map<string, string>();
    for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) types.set(m[1], m[2]);
    expect(types.size).toBeGreaterThan(10);
    const misnamed = [...types].filter(([name, type]) => name.endsWith('_total') && type !== 'counter');
    expect(misnamed).toEqual([]);
    // Every sample belongs to a declared family (an undeclared one would be untyped).
    for (const line of text.split('\n')) {
      if (!line || line.startsWith('#')) continue;
      const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0] ?? '';
      const family = name.replace(/_(bucket|sum|count)$/, '');
      expect(types.has(name) || types.has(family), line).toBe(true);
    }
    expect(types.get('nodejs_active_handles')).toBe('gauge');
    expect(types.get('nodejs_active_requests')).toBe('gauge');
    expect(types.get('process_cpu_seconds_total')).toBe('counter');
  });
});
