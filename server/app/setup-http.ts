import http from 'node:http';
import type { Duplex } from 'node:stream';
import compression from 'compression';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { sql } from 'drizzle-orm';
import { isPoolWaitTimeout, type Database } from '#db/client.ts';
import { AppError, ErrorCode, RETRY_AFTER_SECONDS, serviceUnavailable } from '#server/errors/app-error.ts';
import type { Config } from '#server/lib/config.ts';
import { t, type MessageKey } from '#server/lib/i18n.ts';
import type { Inflight } from '#server/lib/inflight.ts';
import type { Logger } from '#server/lib/logger.ts';
import { GEOIP_ATTRIBUTION } from '#server/modules/geo/geoip.ts';
import type { Services } from '#server/modules/services.ts';
import type { PubSub } from '#server/pubsub/pubsub.ts';
import { sendError } from '#server/rest/router.ts';
import type { DatabaseHealth } from './database-health.ts';
import type { SchemaHealth } from './schema-health.ts';
import { requestScope, securityHeaders } from './http-middleware.ts';

const CLIENT_ERRORS: Record<string, { status: number; text: string; key: MessageKey }> = {
  HPE_HEADER_OVERFLOW: { status: 431, text: 'Request Header Fields Too Large', key: 'error.headersTooLarge' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, text: 'Request Timeout', key: 'error.requestTimeout' },
};

// The HTTP server: timeouts so a client that never finishes its headers or body does not hold a
// socket (Node's default waits 300 s for a body), and the answers Node gives before the app (bad
// request line, headers too large, timeout) as JSON with a code like every other error (ADR 031).
export function createHttpServer(app: Express, config: Config, logger: Logger): http.Server {
  const server = http.createServer(
    {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      keepAliveTimeout: config.http.keepAliveTimeoutMs,
      // How often those timeouts are checked (Node's default, 30 s, would let them overrun).
      connectionsCheckingInterval: Math.min(1000, config.http.headersTimeoutMs),
    },
    app,
  );
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const known = CLIENT_ERRORS[err.code ?? ''];
    const status = known?.status ?? 400;
    // No request was parsed, so no Accept-Language: Turkish, the default.
    const message = t('tr', known?.key ?? 'error.badRequest');
    const body = JSON.stringify({ message, reason: message, code: ErrorCode.BAD_USER_INPUT });
    logger.info({ code: err.code, status }, 'client error before the app');
    socket.end(
      `HTTP/1.1 ${status} ${known?.text ?? 'Bad Request'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
  return server;
}

// Cross-origin callers (integrators, legacy clients) authenticate with bearer tokens, never cookies,
// so reflecting any origin is safe; Apollo's CSRF prevention still guards GET/simple requests.
export function cors(req: Request, res: Response, next: NextFunction) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader(
    'Access-Control-Allow-Headers',
    'Authorization, Content-Type, Accept-Language, Apollo-Require-Preflight, X-Apollo-Operation-Name, X-Request-Id',
  );
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
  res.setHeader('Access-Control-Max-Age', '600');
  if (req.method === 'OPTIONS') {
    res.status(204).end();
    return;
  }
  next();
}

// An async Express handler counted while it runs.
export function trackedBy(inflight: Inflight, handler: RequestHandler) {
  return (req: Request, res: Response, next: NextFunction) =>
    inflight.track(async () => {
      await handler(req, res, next);
    });
}

// What every request passes first: request id, locale and logger; security headers; compression.
export function mountBaseMiddleware(app: Express, options: { config: Config; logger: Logger }) {
  app.disable('x-powered-by');
  app.set('trust proxy', options.config.trustProxy);
  app.use(requestScope(options.logger));
  app.use(securityHeaders());
  app.use(compression());
}

// Liveness (the process answers) and readiness: 503 while stopping or while the database is away;
// 200 otherwise, with the state of each dependency in the body (ADR 030).
export function mountHealth(
  app: Express,
  options: {
    isReady: () => boolean;
    db: Database;
    health: DatabaseHealth;
    embedded: boolean;
    pubsub: PubSub;
    // Where rate limits are counted now: Redis, or this instance's memory (no Redis, or Redis lost).
    rateLimitStore: () => 'redis' | 'memory';
    redisConfigured: boolean;
    logger: Logger;
    // Every table there (ADR 051): not ready on a half-restored database.
    schema?: SchemaHealth;
  },
) {
  const { db, health, pubsub, logger } = options;
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const stopping = !options.isReady();
    let databaseUp = false;
    if (!stopping) {
      try {
        await db.execute(sql`select 1`);
        databaseUp = true;
      } catch (err) {
        health.noteError(err);
        // Every pooled connection busy for the whole wait: the database is there, the instance is
        // saturated for a moment; answering 503 here would take it out of rotation and back (flapping).
        // Unless the pool has already seen the server go: a crash leaves connections hanging until they
        // fail, and their wait is not saturation.
        if (isPoolWaitTimeout(err)) databaseUp = health.available();
        else logger.warn({ err }, 'readiness check: database unavailable');
      }
    }
    const schema = databaseUp && options.schema ? await options.schema.state() : undefined;
    // Redis lost: still ready (sign-in, reads and writes work), but degraded (ADR 030).
    const redis = options.redisConfigured
      ? {
          available: pubsub.available() && options.rateLimitStore() === 'redis',
          pubsub: pubsub.available() ? 'ready' : 'unavailable',
          rateLimits: options.rateLimitStore(),
        }
      : undefined;
    const status = stopping
      ? 'stopping'
      : !databaseUp || schema?.complete === false
        ? 'unavailable'
        : redis && !redis.available
          ? 'degraded'
          : 'ready';
    res.status(status === 'ready' || status === 'degraded' ? 200 : 503).json({
      status,
      database: { kind: options.embedded ? 'embedded' : 'postgresql', available: databaseUp },
      ...(schema && { schema }),
      pubsub: pubsub.kind,
      ...(redis && { redis }),
    });
  });
}

// While the database is away, API calls get a 503 with SERVICE_UNAVAILABLE at once, in each API's own
// error shape, instead of waiting for a connection that will fail.
export function mountUnavailableGuard(app: Express, health: DatabaseHealth) {
  const unavailable = () => serviceUnavailable();
  app.use('/graphql', (req: Request, res: Response, next: NextFunction) => {
    if (health.available() || req.method === 'OPTIONS') return next();
    const err = unavailable();
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(503).json({ errors: [{ message: err.localizedMessage(), extensions: { code: err.code } }] });
  });
  app.use('/private', (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'OPTIONS') return next();
    if (health.available()) return next();
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    sendError(res, unavailable());
  });
  app.use('/cognito', (req: Request, res: Response, next: NextFunction) => {
    if (health.available() || req.method === 'OPTIONS') return next();
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    res
      .status(503)
      .type('application/x-amz-json-1.1')
      .send(
        JSON.stringify({ __type: 'InternalErrorException', message: 'Service temporarily unavailable.' }),
      );
  });
}

// The SPA's runtime configuration: one build serves every environment. Also written into index.html
// (setup-static.ts), which saves the app a round trip at start.
export function runtimeConfig(config: Config, services: Services) {
  return {
    publicUrl: config.publicUrl,
    graphqlPath: '/graphql',
    cognito: {
      region: config.cognito.region,
      userPoolId: config.cognito.userPoolId,
      clientId: config.cognito.clientId,
      endpoint: config.cognito.endpoint,
      domain: config.cognito.domain,
      redirectUri: `${config.publicUrl}/googleAuth`,
      scopes: ['email', 'openid', 'profile'],
      embedded: !config.cognito.external,
    },
    map: {
      tileUrl: config.mapTileUrl,
      defaultCenter: services.events.defaultCenter(),
      defaultZoom: 13,
      // Shown on the map: the tiles' and the place data's sources.
      attribution: [
        config.mapTileUrl.includes('cartocdn') ? '© OpenStreetMap contributors © CARTO' : null,
        services.geo.attribution,
        GEOIP_ATTRIBUTION,
      ]
        .filter(Boolean)
        .join(' · '),
      // The place data's and GeoIP's sources alone, shown beside the province outlines on every map.
      dataAttribution: `${services.geo.attribution} · ${GEOIP_ATTRIBUTION}`,
    },
    // Google only where it can work: a Cognito pool with its hosted UI (where Google is set up as
    // README says), or the built-in provider with Google's client id and secret.
    features: {
      googleSignIn: config.cognito.external
        ? config.cognito.domain !== ''
        : Boolean(config.google.clientId && config.google.clientSecret),
    },
    payments: { provider: config.payments.provider },
  };
}

export function mountConfigJson(app: Express, options: { config: Config; services: Services }) {
  const { config, services } = options;
  app.get('/config.json', async (_req, res, next) => {
    // Web push's VAPID public key (ADR 046): from the environment or generated once in the database.
    let vapidPublicKey: string;
    try {
      vapidPublicKey = await services.push.publicKey();
    } catch (err) {
      return next(err);
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.json({ ...runtimeConfig(config, services), push: { vapidPublicKey } });
  });
}

// Last in the chain: unknown routes are a JSON 404; client errors a 400; anything else a masked 500.
export function mountErrorHandlers(app: Express) {
  app.use((_req: Request, res: Response) => {
    sendError(res, new AppError(ErrorCode.NOT_FOUND, 'error.routeNotFound'));
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: number }).status;
    if (status && status >= 400 && status < 500) {
      return sendError(res, new AppError(ErrorCode.BAD_USER_INPUT, 'error.badRequest'));
    }
    req.log?.error({ err }, 'unhandled error');
    sendError(
      res,
      new AppError(ErrorCode.INTERNAL_SERVER_ERROR, 'error.internal', { params: { errorId: req.id } }),
    );
  });
}
