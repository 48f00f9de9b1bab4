import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';

export type DashboardMode = 'physical' | 'online';

// The dashboard a page belongs to. The two dashboards say it by their route; other pages (event
// details, profile, tokens…) keep the one the user was last in, or the one of the event on screen,
// so the header's toggle and Create Event do not jump back to physical on every other page.
const KEY = 'squad.dashboardMode';
const listeners = new Set<() => void>();

function stored(): DashboardMode {
  try {
    return globalThis.sessionStorage?.getItem(KEY) === 'online' ? 'online' : 'physical';
  } catch {
    return 'physical';
  }
}

let current: DashboardMode = stored();

export function modeOfPath(pathname: string): DashboardMode | null {
  if (pathname.startsWith('/dashboard/online')) return 'online';
  if (pathname.startsWith('/dashboard/physical')) return 'physical';
  return null;
}

export function rememberDashboardMode(mode: DashboardMode): void {
  if (mode === current) return;
  current = mode;
  try {
    globalThis.sessionStorage?.setItem(KEY, mode);
  } catch {
    // private mode without storage: remembered for this page load only
  }
  for (const listener of listeners) listener();
}

export function rememberedDashboardMode(): DashboardMode {
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDashboardMode(): DashboardMode {
  const { pathname } = useLocation();
  const routeMode = modeOfPath(pathname);
  const remembered = useSyncExternalStore(subscribe, rememberedDashboardMode, rememberedDashboardMode);
  useEffect(() => {
    if (routeMode) rememberDashboardMode(routeMode);
  }, [routeMode]);
  return routeMode ?? remembered;
}
