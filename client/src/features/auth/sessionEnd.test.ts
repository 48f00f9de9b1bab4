import { beforeEach, describe, expect, it } from 'vitest';
import {
  isSigningOut,
  markSigningOut,
  noteSessionExpired,
  resetSessionEnd,
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
