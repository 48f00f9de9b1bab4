import fs from 'node:fs';
import path from 'node:path';

// What index.html should start downloading at once for the page asked (ADR 044): the route's code
// chunks (and the dashboard shell's) and the active language's messages, which the app would
// otherwise discover one after the other. Read from Vite's build manifest.

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type ViteManifest = Record<string, ManifestChunk>;

const ROUTES = 'src/routes';
const SHELL = `${ROUTES}/dashboard/DashboardLayoutRoute.tsx`;
const PAGES: Record<string, string[]> = {
  '/': [`${ROUTES}/LoginRoute.tsx`],
  '/login': [`${ROUTES}/LoginRoute.tsx`],
  '/register': [`${ROUTES}/RegisterRoute.tsx`],
  '/forgot-password': [`${ROUTES}/ForgotPasswordRoute.tsx`],
  '/verify': [`${ROUTES}/VerifyRoute.tsx`],
  '/googleAuth': [`${ROUTES}/GoogleAuthRoute.tsx`],
  '/terms': [`${ROUTES}/TermsRoute.tsx`],
  '/privacy': [`${ROUTES}/PrivacyRoute.tsx`],
  '/suspended': [`${ROUTES}/SuspendedRoute.tsx`],
  '/admin': [SHELL, `${ROUTES}/AdminRoute.tsx`],
  '/dashboard': [SHELL, `${ROUTES}/dashboard/PhysicalEventsRoute.tsx`],
  '/dashboard/physical': [SHELL, `${ROUTES}/dashboard/PhysicalEventsRoute.tsx`],
  '/dashboard/online': [SHELL, `${ROUTES}/dashboard/OnlineEventsRoute.tsx`],
  '/dashboard/profile': [SHELL, `${ROUTES}/dashboard/ProfileRoute.tsx`],
  '/dashboard/settings': [SHELL, `${ROUTES}/dashboard/SettingsRoute.tsx`],
  '/dashboard/my-events': [SHELL, `${ROUTES}/dashboard/MyEventsRoute.tsx`],
  '/dashboard/eventDetails': [SHELL, `${ROUTES}/dashboard/EventDetailsRoute.tsx`],
  '/dashboard/tokens': [SHELL, `${ROUTES}/dashboard/TokensRoute.tsx`],
  '/dashboard/editEvent': [SHELL, `${ROUTES}/dashboard/EditEventRoute.tsx`],
  '/dashboard/inbox': [SHELL, `${ROUTES}/dashboard/InboxRoute.tsx`],
  '/dashboard/friends': [SHELL, `${ROUTES}/dashboard/FriendsRoute.tsx`],
};
const CATALOGUES = { tr: 'src/lib/i18n/messages.tr.ts', en: 'src/lib/i18n/messages.en.ts' } as const;

// The route modules a path needs: exact paths first, then the first two segments (ids dropped).
export function routeModules(pathname: string): string[] {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PAGES[p]) return PAGES[p];
  const parts = p.split('/').slice(0, 3).join('/');
  if (PAGES[parts]) return PAGES[parts];
  return p.startsWith('/dashboard/') ? [SHELL] : [];
}

// Every file a set of modules loads before it runs (its static imports), minus what the entry
// already brings (index.html preloads those).
function filesOf(manifest: ViteManifest, keys: string[]): string[] {
  const entry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) walk(dep, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, entry);
  const files = new Set<string>();
  for (const key of keys) walk(key, files);
  return [...files].filter((f) => !entry.has(f));
}

export function preloadTags(manifest: ViteManifest, pathname: string, locale: 'tr' | 'en'): string {
  const files = filesOf(manifest, [CATALOGUES[locale], ...routeModules(pathname)]);
  return files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
}

export function readViteManifest(distDir: string): ViteManifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  } catch {
    return null;
  }
}

// The app's language on this device, as the SPA mirrors it into a cookie (client lib/i18n/locale.ts).
export function localeFromCookie(cookieHeader: string | undefined): 'tr' | 'en' {
  return /(?:^|;\s*)squad\.locale=en(?:;|$)/.test(cookieHeader ?? '') ? 'en' : 'tr';
}
