import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isSigningOut,
  markSigningOut,
  noteSessionExpired,
  resetSessionEnd,
  sessionEndedBySuspension,
  sessionExpiredLoginPath,
} from './sessionEnd.ts';

beforeEach(() => resetSessionEnd());

describe('sessionEnd', () => {
  it('sends an expired session to sign in with the reason and the page it was on, query included', () => {
    expect(sessionExpiredLoginPath()).toBeNull();
    noteSessionExpired('/dashboard/profile?tab=settings');
    // A second refused query (or the sign-in page itself) does not replace the page noted first.
    noteSessionExpired('/login');
    const url = new URL(sessionExpiredLoginPath()!, 'http://x');
    expect(url.pathname).toBe('/auth/login');
    expect(url.searchParams.get('session')).toBe('expired');
    expect(url.searchParams.get('returnTo')).toBe('/dashboard/profile?tab=settings');
  });

  it('never names a page outside the app as the return target', () => {
    noteSessionExpired('//evil.example/x');
    expect(sessionExpiredLoginPath()).toBe('/auth/login?session=expired');
  });

  it('notes nothing once the user chose to sign out', () => {
    markSigningOut();
    noteSessionExpired('/dashboard/physical');
    expect(sessionExpiredLoginPath()).toBeNull();
    expect(isSigningOut()).toBe(true);
  });
});

describe('sessionEnd across a reload', () => {
  let kept: Map<string, string>;
  beforeEach(() => {
    kept = new Map();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: (key: string) => void kept.delete(key),
    });
    return () => vi.unstubAllGlobals();
  });

  it('keeps the reason when the page that saw the refusal is reloaded before it could redirect', () => {
    noteSessionExpired('/dashboard/tokens?tab=history');
    resetSessionEnd(); // the reload: this page's memory is gone, the tab's storage is not
    const url = new URL(sessionExpiredLoginPath()!, 'http://x');
    expect(url.searchParams.get('session')).toBe('expired');
    expect(url.searchParams.get('returnTo')).toBe('/dashboard/tokens?tab=history');
    // Taken once: a later anonymous visit in this tab is not told its session expired.
    resetSessionEnd();
    expect(sessionExpiredLoginPath()).toBeNull();
  });

  it('keeps nothing once the user chose to sign out', () => {
    noteSessionExpired('/dashboard/physical');
    markSigningOut();
    resetSessionEnd();
    expect(sessionExpiredLoginPath()).toBeNull();
  });

  it('a suspension ends the session with its own screen: no expiry note now or on a later page of the tab', () => {
    // The refresh refused before the suspension was known left a note; the suspension takes it back.
    noteSessionExpired('/dashboard/physical');
    sessionEndedBySuspension();
    noteSessionExpired('/suspended');
    expect(sessionExpiredLoginPath()).toBeNull();
    resetSessionEnd();
    // The suspension screen's page: its own refused refresh is not an expiry either.
    sessionEndedBySuspension();
    noteSessionExpired('/suspended');
    resetSessionEnd();
    expect(kept.size).toBe(0);
    expect(sessionExpiredLoginPath()).toBeNull();
  });

  it('never turns a kept page outside the app into a return target', () => {
    kept.set('squad.sessionEnded', '//evil.example/x');
    expect(sessionExpiredLoginPath()).toBe('/auth/login?session=expired');
  });
});
