import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { currentLocale } from '#server/lib/request-scope.ts';
import { CODE_LOADER_SOURCE } from './spa-first-screen.ts';

// Paths the SPA must never swallow: unknown API routes answer 404 JSON instead of index.html.
const API_PREFIXES = [
  '/graphql',
  '/graphiql',
  '/private',
  '/cognito',
  '/oauth2',
  '/.well-known',
  '/dev/',
  '/uploads',
  '/healthz',
  '/readyz',
  '/config.json',
  '/calendar',
];

// The SPA's own routes (client/src/app/router.tsx): anything else is no page of ours and gets a real
// 404 instead of index.html. An unknown path under an app prefix (/dashboard/nope) still goes to the
// SPA, whose own "not found" page answers it inside the app.
const APP_PATHS = new Set([
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/verify',
  '/googleAuth',
  '/terms',
  '/privacy',
  '/auth/login',
  '/suspended',
  '/index.html',
]);
// /e/<id>: an event's public page, for signed-out visitors too (ADR 049); /plan/<token> and
// /safety/confirm/<token>: the safety kit's pages for trusted contacts, who have no account (ADR 068).
const APP_PREFIXES = ['/dashboard', '/admin', '/e', '/plan', '/safety'];
export function isAppPath(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return APP_PATHS.has(p) || APP_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
}

// Crawlers: the public pages only; the API, tools, identity and the signed-in app are not for them.
export const ROBOTS_TXT = `User-agent: *
Disallow: /graphql
Disallow: /graphiql
Disallow: /private/
Disallow: /cognito
Disallow: /oauth2/
Disallow: /dev/
Disallow: /admin
Disallow: /dashboard
Disallow: /checkout/
Disallow: /uploads/
Disallow: /webhooks/
Disallow: /metrics
Disallow: /calendar/
Disallow: /plan/
Disallow: /safety/
Allow: /
`;

const NOT_FOUND_TEXT = {
  tr: {
    title: 'Sayfa bulunamadı',
    text: 'Aradığın adres Squad’da yok. Adresi kontrol et ya da ana sayfaya dön.',
    home: 'Ana sayfaya dön',
  },
  en: {
    title: 'Page not found',
    text: 'This address does not exist on Squad. Check it or go back to the start page.',
    home: 'Go to the start page',
  },
};

// A small page of its own (no SPA, no script) in the user's language, answered with status 404.
export function notFoundPage(locale: 'tr' | 'en'): string {
  const m = NOT_FOUND_TEXT[locale];
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>404 · ${m.title} · Squad</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0d0a16;color:#e9e4f5;font:16px/1.5 system-ui,sans-serif}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:.5rem 0}p{color:#b7aecb}a{display:inline-block;margin-top:1rem;padding:.6rem 1.1rem;border-radius:.75rem;background:linear-gradient(90deg,#8b5cf6,#d946ef);color:#fff;text-decoration:none;font-weight:700}</style>
</head><body><main><div style="font-size:3rem" aria-hidden="true">🧭</div><h1>404 · ${m.title}</h1><p>${m.text}</p><a href="/">${m.home}</a></main></body></html>
`;
}

// The built SPA: hashed assets cached for a year, index.html revalidated, history fallback for every
// client route (deep links like /dashboard/eventDetails/<id> work on reload).
export function spaRouter(
  distDir: string,
  transformIndex?: (req: Request, html: string) => Promise<{ html: string; status: number } | null>,
  contentSecurityPolicy?: string,
): Router {
  const router = Router();
  const indexFile = path.join(distDir, 'index.html');
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  );
  router.get('/robots.txt', (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain; charset=utf-8').send(ROBOTS_TXT);
  });
  // The service worker and the files it decides with are checked on every visit, so a deployment
  // reaches open tabs (the worker then asks the user before it updates, ADR 043).
  router.use(
    express.static(distDir, {
      index: false,
      maxAge: '1h',
      setHeaders(res, file) {
        const name = path.basename(file);
        if (name === 'sw.js') {
          res.setHeader('Cache-Control', 'no-cache');
          res.setHeader('Service-Worker-Allowed', '/');
        } else if (name === 'manifest.webmanifest') {
          res.setHeader('Content-Type', 'application/manifest+json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
        } else if (name === 'offline.html') {
          res.setHeader('Cache-Control', 'no-cache');
        }
      },
    }),
  );
  router.get(/.*/, async (req: Request, res: Response, next: NextFunction) => {
    if (API_PREFIXES.some((p) => req.path === p || req.path.startsWith(p.endsWith('/') ? p : `${p}/`)))
      return next();
    if (!req.accepts('html')) return next();
    if (!isAppPath(req.path)) {
      res.status(404).setHeader('Cache-Control', 'no-cache');
      res.setHeader(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      );
      res.type('html').send(notFoundPage(currentLocale()));
      return;
    }
    if (contentSecurityPolicy) res.setHeader('Content-Security-Policy', contentSecurityPolicy);
    if (!fs.existsSync(indexFile)) {
      res
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('Arayüz henüz derlenmedi: `npm run build` çalıştırın.');
      return;
    }
    try {
      const html = fs.readFileSync(indexFile, 'utf8');
      const page = (transformIndex && (await transformIndex(req, html))) || { html, status: 200 };
      res.setHeader('Cache-Control', 'no-cache');
      res.status(page.status).type('html').send(page.html);
    } catch (err) {
      next(err);
    }
  });
  return router;
}

// The SPA's policy: our own scripts only; connections to ourselves (HTTP and WebSocket), the
// identity endpoint and where uploads go; images from ourselves, the media host and the map tile
// servers. `publicUrl` is ourselves as e-mails and media links name us (the page may be reached by
// another name, e.g. 127.0.0.1 for localhost).
export function spaContentSecurityPolicy(options: {
  tileUrl: string;
  identityEndpoint: string;
  publicUrl?: string;
  mediaUrl?: string;
  uploadEndpoint?: string;
}): string {
  const origin = (url: string) => {
    try {
      const u = new URL(url.replace(/\{s\}\./, 'tiles.'));
      return url.includes('{s}.') ? `${u.protocol}//*.${u.host.replace(/^tiles\./, '')}` : u.origin;
    } catch {
      return '';
    }
  };
  const tiles = origin(options.tileUrl);
  const identity = origin(options.identityEndpoint);
  const own = options.publicUrl ? origin(options.publicUrl) : '';
  const media = options.mediaUrl ? origin(options.mediaUrl) : '';
  const uploads = options.uploadEndpoint ? origin(options.uploadEndpoint) : '';
  const list = (...items: string[]) => [...new Set(items.filter(Boolean))].join(' ');
  return [
    "default-src 'self'",
    // Our files, and the one inline script: the first screen's code loader (ADR 050).
    `script-src 'self' ${CODE_LOADER_SOURCE}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${list(own, media, tiles)}`.trim(),
    "font-src 'self' data:",
    // The service worker (/sw.js) and the web app manifest are ours.
    "worker-src 'self'",
    "manifest-src 'self'",
    `connect-src 'self' ws: wss: ${list(identity, own, uploads)}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}
