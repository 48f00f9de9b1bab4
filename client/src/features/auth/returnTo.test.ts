import { beforeEach, describe, expect, it } from 'vitest';
import { rememberReturnTo, safeReturnTo, takeReturnTo } from './returnTo.ts';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  globalThis.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  } as Storage;
});

describe('returnTo', () => {
  it('accepts only the app’s own pages', () => {
    expect(safeReturnTo('/e/6f1c2b3a-0000-4000-8000-000000000000')).toBe(
      '/e/6f1c2b3a-0000-4000-8000-000000000000',
    );
    expect(safeReturnTo('/dashboard/eventDetails/abc?tab=requests')).toBe(
      '/dashboard/eventDetails/abc?tab=requests',
    );
    for (const bad of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil',
      '/login',
      'dashboard',
      null,
      '',
    ])
      expect(safeReturnTo(bad)).toBeNull();
  });

  it('is read once, and forgotten after a day', () => {
    rememberReturnTo('/e/x', 1000);
    expect(takeReturnTo(2000)).toBe('/e/x');
    expect(takeReturnTo(3000)).toBeNull();
    rememberReturnTo('/e/y', 0);
    expect(takeReturnTo(25 * 3600_000)).toBeNull();
    rememberReturnTo('//evil.example', 0);
    expect(takeReturnTo(1)).toBeNull();
  });
});
