import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { pickLocale } from '#server/lib/i18n.ts';
import type { Logger } from '#server/lib/logger.ts';
import { restoreScope, runInScope, type RequestScope } from '#server/lib/request-scope.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: Logger;
    scope: RequestScope;
  }
}

// Request id (kept from a proxy's X-Request-Id when sane), locale and a child logger for every request;
// one structured access-log line when the response is done.
export function requestScope(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    const id = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    const locale = pickLocale(req.header('accept-language'));
    req.id = id;
    // The request id (and the GraphQL operation) come from the scope (logger.ts mixin).
    req.log = logger;
    res.setHeader('X-Request-Id', id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const level = res.statusCode >= 500 ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const path = req.originalUrl.split('?')[0];
      if (path === '/healthz' || path === '/readyz') return;
      // 'finish' may fire outside the request's async context: the id and operation are written out.
      req.log[level](
        {
          requestId: id,
          ...(req.scope.operationName && { operationName: req.scope.operationName }),
          method: req.method,
          path,
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        },
        'request',
      );
    });
    req.scope = { requestId: id, locale };
    runInScope(req.scope, next);
  };
}

// Use after a body parser (see restoreScope).
export function reenterScope() {
  return (req: Request, _res: Response, next: NextFunction) => restoreScope(req.scope, next);
}

// On every answer. HTML pages (the SPA, GraphiQL) replace the baseline policy with their own full
// one; HSTS only on HTTPS (req.secure reads X-Forwarded-Proto from a trusted proxy).
export function securityHeaders() {
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    next();
  };
}
