import { describe, expect, it } from 'vitest';
import { localeFromCookie, preloadTags, routeModules } from './spa-preload.ts';

const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  '_apollo.js': { file: 'assets/apollo-1.js', imports: ['_react.js'] },
  'src/routes/dashboard/DashboardLayoutRoute.tsx': { file: 'assets/Shell-1.js', imports: ['_apollo.js'] },
  'src/routes/dashboard/PhysicalEventsRoute.tsx': { file: 'assets/Physical-1.js', imports: ['_apollo.js'] },
  'src/routes/LoginRoute.tsx': { file: 'assets/Login-1.js', imports: ['_react.js'] },
  'src/lib/i18n/messages.tr.ts': { file: 'assets/tr-1.js' },
  'src/lib/i18n/messages.en.ts': { file: 'assets/en-1.js' },
};

describe('index.html preloads', () => {
  it('names the route modules of a path, ids and trailing slashes dropped', () => {
    expect(routeModules('/login/')).toEqual(['src/routes/LoginRoute.tsx']);
    expect(routeModules('/dashboard/eventDetails/3b0c…')).toContain(
      'src/routes/dashboard/EventDetailsRoute.tsx',
    );
    expect(routeModules('/dashboard/nope')).toEqual(['src/routes/dashboard/DashboardLayoutRoute.tsx']);
    expect(routeModules('/nope')).toEqual([]);
  });

  it('preloads the page, the shell and the language once, never what the entry brings', () => {
    const tags = preloadTags(manifest, '/dashboard/physical', 'en');
    expect(tags.match(/href="[^"]+"/g)).toEqual([
      'href="/assets/en-1.js"',
      'href="/assets/Shell-1.js"',
      'href="/assets/apollo-1.js"',
      'href="/assets/Physical-1.js"',
    ]);
    expect(preloadTags(manifest, '/login', 'tr')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/tr-1.js"><link rel="modulepreload" crossorigin href="/assets/Login-1.js">',
    );
  });

  it('reads the language from the cookie the app keeps', () => {
    expect(localeFromCookie('a=1; squad.locale=en')).toBe('en');
    expect(localeFromCookie('squad.locale=tr')).toBe('tr');
    expect(localeFromCookie(undefined)).toBe('tr');
  });
});
