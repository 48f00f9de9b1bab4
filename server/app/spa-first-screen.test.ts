import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  CODE_LOADER,
  CODE_LOADER_SOURCE,
  createFirstScreens,
  deferCode,
  signedInFromCookie,
} from './spa-first-screen.ts';
import { preloadTags } from './spa-preload.ts';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-first-screen-'));
fs.mkdirSync(path.join(dist, 'first-screen'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'first-screen', 'physical.tr.html'),
  '<div data-first-screen="physical">Ara</div>',
);
fs.writeFileSync(
  path.join(dist, 'first-screen', 'physical.en.html'),
  '<div data-first-screen="physical">Search</div>',
);
for (const locale of ['tr', 'en']) {
  fs.writeFileSync(
    path.join(dist, 'first-screen', `login.${locale}.html`),
    `<div data-first-screen="login">${locale}</div>`,
  );
  fs.writeFileSync(
    path.join(dist, 'first-screen', `login-google.${locale}.html`),
    `<div data-first-screen="login">${locale} Google</div>`,
  );
}
fs.writeFileSync(path.join(dist, 'assets', 'client-1.css'), '.a{color:red}</style>');
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const INDEX = [
  '<html lang="tr"><head>',
  '<script type="module" crossorigin src="/assets/index-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
  '<link rel="stylesheet" crossorigin href="/assets/client-1.css">',
  '</head><body><div id="root"><!--first-screen--><img src="/icons/icon.svg"><!--/first-screen--></div></body></html>',
].join('\n');

describe('the first screen in index.html', () => {
  const firstScreen = createFirstScreens(dist);

  it('reads the signed-in hint the app keeps, and nothing else', () => {
    expect(signedInFromCookie('squad.locale=en; squad.signed-in=1')).toBe(true);
    expect(signedInFromCookie('squad.signed-in=0')).toBe(false);
    expect(signedInFromCookie('xsquad.signed-in=1')).toBe(false);
    expect(signedInFromCookie(undefined)).toBe(false);
  });

  it('replaces the splash for a signed-in device, inlines the style sheet and holds the code back', () => {
    const { html, shown } = firstScreen(INDEX, '/dashboard/physical/', 'en', true);
    expect(shown).toBe(true);
    expect(html).toContain('<div id="root"><div data-first-screen="physical">Search</div></div>');
    expect(html).not.toContain('icon.svg');
    expect(html).not.toContain('rel="stylesheet"');
    // The sheet's text inside the page, unable to close its element early.
    expect(html).toContain('<style>.a{color:red}<\\/style></style>');
    // The code's tags are not in the page: the loader adds them after the first paint (below).
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('"entry":"/assets/index-1.js"');
    expect(firstScreen(INDEX, '/dashboard', 'tr', true).html).toContain('>Ara</div>');
  });

  it('asks for the code after the first paint: the tags leave the head for the loader’s list', () => {
    // The page's head as the server completes it, with the route's preloads (spa-preload.ts).
    const page = INDEX.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/Physical-1.js"></head>',
    );
    const { html } = firstScreen(page, '/dashboard/physical', 'tr', true);
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const data = /<script type="application\/json" id="squad-code">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data ?? 'null')).toEqual({
      entry: '/assets/index-1.js',
      preload: ['/assets/react-1.js', '/assets/Physical-1.js'],
    });
    // The loader comes after the screen, and the policy's hash is the loader's.
    expect(html.indexOf(`<script>${CODE_LOADER}</script>`)).toBeGreaterThan(
      html.indexOf('data-first-screen'),
    );
    expect(CODE_LOADER_SOURCE).toBe(`'sha256-${createHash('sha256').update(CODE_LOADER).digest('base64')}'`);
    // A page without the app's entry is left as it is.
    expect(deferCode('<html><body></body></html>')).toBe('<html><body></body></html>');
  });

  it('gives a signed-out device the sign-in page’s screen, with Google where the app shows it', () => {
    const { html, shown } = firstScreen(INDEX, '/login', 'en', false);
    expect(shown).toBe(true);
    expect(html).toContain('<div id="root"><div data-first-screen="login">en</div></div>');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(`<script>${CODE_LOADER}</script>`);
    const withGoogle = createFirstScreens(dist, { googleSignIn: true });
    expect(withGoogle(INDEX, '/login/', 'tr', false).html).toContain('>tr Google</div>');
  });

  it('leaves the page alone when signed out, on other pages and without a built screen', () => {
    expect(firstScreen(INDEX, '/dashboard/physical', 'tr', false)).toEqual({ html: INDEX, shown: false });
    expect(firstScreen(INDEX, '/dashboard/online', 'tr', true)).toEqual({ html: INDEX, shown: false });
    expect(firstScreen(INDEX, '/login', 'tr', true)).toEqual({ html: INDEX, shown: false });
    expect(firstScreen(INDEX, '/register', 'tr', false)).toEqual({ html: INDEX, shown: false });
    const unbuilt = createFirstScreens(path.join(dist, 'nothing'));
    expect(unbuilt(INDEX, '/dashboard/physical', 'tr', true)).toEqual({ html: INDEX, shown: false });
  });

  it('preloads the page’s code', () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      'src/routes/LoginRoute.tsx': { file: 'assets/Login-1.js' },
    };
    expect(preloadTags(manifest, '/login', 'tr')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/Login-1.js">',
    );
  });
});
