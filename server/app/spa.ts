import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response, Router } from 'express';

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
];

// The built SPA: hashed assets cached for a year, index.html revalidated, history fallback for every
// client route (deep links like /dashboard/eventDetails/<id> work on reload).
export function spaRouter(
  distDir: string,
  transformIndex?: (req: Request, html: string) => Promise<string | null>,
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
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get(/.*/, async (req: Request, res: Response, next: NextFunction) => {
    if (API_PREFIXES.some((p) => req.path === p || req.path.startsWith(p.endsWith('/') ? p : `${p}/`)))
      return next();
    if (!req.accepts('html')) return next();
    if (contentSecurityPolicy) res.setHeader('Content-Security-Policy', contentSecurityPolicy);
    if (!fs.existsSync(indexFile)) {
      res
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('Arayüz henüz derlenmedi: `npm run build` çalıştırın.');
      return;
    }
    try {
      let html = fs.readFileSync(indexFile, 'utf8');
      if (transformIndex) html = (await transformIndex(req, html)) ?? html;
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(html);
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
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${list(own, media, tiles)}`.trim(),
    "font-src 'self' data:",
    `connect-src 'self' ws: wss: ${list(identity, own, uploads)}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}
