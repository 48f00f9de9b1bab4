import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// First screens (ADR 050): a page as the app first draws it, as HTML rendered from its own components
// at build time (client/scripts/build-first-screen.tsx). The physical dashboard's (the frame and search
// row) replaces index.html's logo splash for a device that says it is signed in; the sign-in page's
// (round 3) for one that does not. The page paints what the app will draw before its code has arrived;
// the app's first render replaces it.

type Locale = 'tr' | 'en';

// Pages whose first screen is the physical dashboard ('/dashboard' redirects there).
const PHYSICAL = new Set(['/dashboard', '/dashboard/physical']);
const LOGIN = '/login';
const SPLASH = /<!--first-screen-->[\s\S]*?<!--\/first-screen-->/;
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/;

// A hint the SPA keeps while it holds a session (client features/auth/signedInHint.ts); not a
// credential: a wrong hint only shows the dashboard's frame for a moment before the sign-in page.
export function signedInFromCookie(cookieHeader: string | undefined): boolean {
  return /(?:^|;\s*)squad\.signed-in=1(?:;|$)/.test(cookieHeader ?? '');
}

// `googleSignIn`: the sign-in page's first screen shows Google's button where the app will (the
// runtime config's features.googleSignIn), so the form does not move when the app replaces it.
export function createFirstScreens(distDir: string, options: { googleSignIn?: boolean } = {}) {
  const cache = new Map<string, string | null>();
  const styles = new Map<string, string | null>();
  const readStyle = (file: string): string | null => {
    if (!styles.has(file)) {
      let css: string | null = null;
      try {
        css = fs.readFileSync(path.join(distDir, file), 'utf8').replace(/<\/style/gi, '<\\/style');
      } catch {
        // Not there: the link stays.
      }
      styles.set(file, css);
    }
    return styles.get(file) ?? null;
  };
  const read = (name: string, locale: Locale): string | null => {
    const file = `${name}.${locale}.html`;
    if (!cache.has(file)) {
      let html: string | null = null;
      try {
        html = fs.readFileSync(path.join(distDir, 'first-screen', file), 'utf8');
      } catch {
        // Built without it (an older build): the splash stays.
      }
      cache.set(file, html);
    }
    return cache.get(file) ?? null;
  };
  const login = options.googleSignIn ? 'login-google' : 'login';
  // The page (index.html with its head complete) with the first screen in place of the splash, when
  // there is one for it; `shown` says whether it was put in.
  return (html: string, pathname: string, locale: Locale, signedIn: boolean) => {
    const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const screen =
      signedIn && PHYSICAL.has(p)
        ? read('physical', locale)
        : !signedIn && p === LOGIN
          ? read(login, locale)
          : null;
    if (!screen) return { html, shown: false };
    // The screen is there to be seen first, without waiting for another file: the app's style sheet
    // comes inside the page, and the app's code is asked for once the screen has painted.
    let page = html;
    const sheet = STYLESHEET.exec(page);
    const css = sheet ? readStyle(sheet[1]) : null;
    if (sheet && css) page = page.replace(sheet[0], () => `<style>${css}</style>`);
    return { html: deferCode(page.replace(SPLASH, () => screen)), shown: true };
  };
}

// The app's code after the first screen has painted (ADR 050, round 2). With the code's tags in the
// head, the browser fetches the entry and its preloads while it lays out the first screen, and on a
// fast link they finish first, so the screen's paint waited on them and the code competed with the
// HTML for the phone's link. The tags are taken out and this loader adds the same ones once the browser
// reports the first contentful paint (a frame, where paint timing is missing; a second at most, for a
// tab opened in the background, which paints nothing).
// It is the page's only inline script; the content security policy names it by its hash.
export const CODE_LOADER =
  "(function(){var d=document,done=0;function go(){if(done)return;done=1;var c=JSON.parse(d.getElementById('squad-code').textContent);c.preload.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=c.entry;d.head.appendChild(s)}try{new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go,0)}}).observe({type:'paint',buffered:true})}catch(e){requestAnimationFrame(function(){setTimeout(go,0)})}setTimeout(go,1000)})()";
export const CODE_LOADER_SOURCE = `'sha256-${createHash('sha256').update(CODE_LOADER).digest('base64')}'`;

const ENTRY = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;
const PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

export function deferCode(html: string): string {
  const entry = ENTRY.exec(html);
  if (!entry) return html;
  const preload: string[] = [];
  const page = html.replace(entry[0], '').replace(PRELOAD, (_, href: string) => {
    if (!preload.includes(href)) preload.push(href);
    return '';
  });
  const code = JSON.stringify({ entry: entry[1], preload }).replace(/</g, '\\u003c');
  return page.replace(
    '</body>',
    () =>
      `<script type="application/json" id="squad-code">${code}</script><script>${CODE_LOADER}</script></body>`,
  );
}
