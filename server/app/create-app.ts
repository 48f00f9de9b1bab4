import http from 'node:http';
import path from 'node:path';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import compression from 'compression';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { GraphQLError } from 'graphql';
import { sql } from 'drizzle-orm';
import { createDatabase, type DatabaseHandle } from '#db/client.ts';
import { acquireDataDirLock } from '#db/embedded/data-dir-lock.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '#db/embedded/embedded-postgres.ts';
import { runMigrations } from '#db/migrate.ts';
import { isDatabaseEmpty, seedDemoData } from '#db/seed.ts';
import {
  bearerToken,
  cognitoProfile,
  createCognitoVerifier,
  createEmbeddedVerifier,
  type AccessTokenVerifier,
} from '#server/auth/access-tokens.ts';
import { createAuthenticate } from '#server/auth/authenticate.ts';
import { buildContext, type Context } from '#server/context/context.ts';
import type { Deps } from '#server/context/deps.ts';
import { AppError, ErrorCode } from '#server/errors/app-error.ts';
import { createFormatError } from '#server/errors/format-error.ts';
import { cognitoRouter } from '#server/identity/cognito-router.ts';
import { createIdentityService, type IdentityService } from '#server/identity/identity.service.ts';
import { oauthRouter, openIdConfiguration } from '#server/identity/oauth-router.ts';
import { loadKeyStore, type KeyStore } from '#server/identity/signing-keys.ts';
import { devMailboxRouter } from '#server/mail/dev-mailbox.ts';
import { createMailer, type Mailer } from '#server/mail/mailer.ts';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from '#server/lib/rate-limit.ts';
import { serverSecret } from '#server/lib/server-secrets.ts';
import { Redis } from 'ioredis';
import { systemClock, type Clock } from '#server/lib/clock.ts';
import type { Config } from '#server/lib/config.ts';
import { t } from '#server/lib/i18n.ts';
import { createLogger, type Logger } from '#server/lib/logger.ts';
import { paths } from '#server/lib/paths.ts';
import { currentLocale } from '#server/lib/request-scope.ts';
import { createServices, type Services } from '#server/modules/services.ts';
import { createMemoryPubSub } from '#server/pubsub/memory-pubsub.ts';
import type { PubSub } from '#server/pubsub/pubsub.ts';
import { createRedisPubSub } from '#server/pubsub/redis-pubsub.ts';
import { createRestRouter, sendError } from '#server/rest/router.ts';
import { graphiqlHandler } from './graphiql.ts';
import { buildSchema } from './graphql-schema.ts';
import { reenterScope, requestScope, securityHeaders } from './http-middleware.ts';
import { LIMITS, limitRules } from './limits.ts';
import { GEOIP_ATTRIBUTION } from '#server/modules/geo/geoip.ts';
import { linkPreviews } from './link-previews.ts';
import { spaContentSecurityPolicy, spaRouter } from './spa.ts';
import { attachGraphQLWebSocket } from './websocket.ts';
import { createInflight, type Inflight } from '#server/lib/inflight.ts';

export type App = {
  config: Config;
  logger: Logger;
  httpServer: http.Server;
  deps: Deps;
  services: Services;
  keys: KeyStore | null;
  identity: IdentityService | null;
  mailer: Mailer;
  limiter: RateLimiter;
  pubsub: PubSub;
  database: DatabaseHandle;
  listen(port?: number, host?: string): Promise<string>;
  url(): string;
  close(): Promise<void>;
};

export type AppOptions = {
  config: Config;
  logger?: Logger;
  clock?: Clock;
};

// Cross-origin callers (integrators, legacy clients) authenticate with bearer tokens, never cookies,
// so reflecting any origin is safe; Apollo's CSRF prevention still guards GET/simple requests.
function cors(req: Request, res: Response, next: NextFunction) {
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
function trackedBy(inflight: Inflight, handler: RequestHandler) {
  return (req: Request, res: Response, next: NextFunction) =>
    inflight.track(async () => {
      await handler(req, res, next);
    });
}

export async function createApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const cleanups: { name: string; fn: () => Promise<void> | void }[] = [];
  const onClose = (name: string, fn: () => Promise<void> | void) => cleanups.push({ name, fn });
  const cleanup = async () => {
    for (const { name, fn } of cleanups.reverse()) {
      const started = Date.now();
      try {
        await fn();
        logger.debug({ step: name, ms: Date.now() - started }, 'closed');
      } catch (err) {
        logger.warn({ err, step: name }, 'error during cleanup');
      }
    }
  };

  try {
    // Database: a PostgreSQL server from DATABASE_URL, or the embedded one on DATA_DIR.
    let embedded: EmbeddedPostgres | null = null;
    let url = config.database.url;
    if (!url) {
      const lock = acquireDataDirLock(config.dataDir);
      onClose('data dir lock', () => lock.release());
      logger.info({ dataDir: config.dataDir }, 'starting the embedded database (PGlite)');
      embedded = await startEmbeddedPostgres({
        dataDir: path.join(config.dataDir, 'pg'),
        onExit: (code) => logger.fatal({ code }, 'embedded database exited unexpectedly'),
      });
      onClose('embedded database', () => embedded!.stop());
      url = embedded.url;
    }
    const database = createDatabase(url, { max: embedded ? 8 : config.database.poolMax });
    onClose('database pool', () => database.close());
    await runMigrations(database.db, {
      migrationsFolder: paths.migrations,
      serializeWith: embedded ? undefined : url,
    });
    logger.info('database migrated');
    // The demo data set: embedded mode, empty database, SEED_DEMO not off, never in production.
    if (embedded && config.seedDemo && (await isDatabaseEmpty(database.db))) {
      const seeded = await seedDemoData(database.db);
      logger.info(seeded, 'demo data seeded (SEED_DEMO=0 turns this off)');
    }

    const pubsub = config.redisUrl ? await createRedisPubSub(config.redisUrl, logger) : createMemoryPubSub();
    onClose('pub/sub', () => pubsub.close());

    // Rate limits live in Redis when there is one, so every instance counts together.
    let limiter: RateLimiter = createMemoryRateLimiter(() => clock.now().getTime());
    if (config.redisUrl) {
      const redis = new Redis(config.redisUrl, {
        lazyConnect: true,
        maxRetriesPerRequest: 3,
        connectionName: 'squad-limits',
      });
      redis.on('error', (err) => logger.warn({ err }, 'redis (rate limits) error'));
      await redis.connect();
      onClose('rate limiter', async () => {
        await redis.quit();
      });
      limiter = createRedisRateLimiter(redis);
    }
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, logger });

    const deps: Deps = { config, db: database.db, pubsub, logger, clock, mailer };
    const services = createServices(deps);

    // Identity: the built-in Cognito-protocol provider unless a real Cognito pool is configured.
    let identity: IdentityService | null = null;
    let keys: KeyStore | null = null;
    let verifier: AccessTokenVerifier;
    if (config.cognito.external) {
      verifier = createCognitoVerifier(config);
    } else {
      keys = await loadKeyStore(database.db);
      let revocationCheck: (c: {
        sub: string;
        originJti?: string;
        iat?: number;
      }) => Promise<boolean> = async () => false;
      const embeddedVerifier = createEmbeddedVerifier(config, keys, (claims) => revocationCheck(claims));
      verifier = embeddedVerifier;
      identity = createIdentityService({
        db: database.db,
        clock,
        logger,
        mailer,
        limiter,
        keys,
        hashKey: await serverSecret(database.db, 'idp-hash-key'),
        issuer: config.cognito.issuer,
        clientId: config.cognito.clientId,
        publicUrl: config.publicUrl,
        verifyAccessToken: async (token) => {
          const claims = await embeddedVerifier.verifySignature(token);
          return { sub: claims.sub, originJti: claims.originJti, iat: claims.issuedAt };
        },
        onRevoked: (sub) => {
          embeddedVerifier.forget(sub);
          services.users.forget(sub);
        },
      });
      const idp = identity;
      revocationCheck = (claims) => idp.isAccessRevoked(claims);
    }
    const authenticate = createAuthenticate(verifier, services.users, (claims, token) =>
      identity ? identity.profile(claims.sub) : cognitoProfile(config.cognito.endpoint, token),
    );

    const schema = buildSchema();
    const formatError = createFormatError(logger);

    const app = express();
    app.disable('x-powered-by');
    app.set('trust proxy', config.trustProxy);
    const httpServer = http.createServer(app);
    let ready = false;

    const apollo = new ApolloServer<Context>({
      schema,
      formatError,
      csrfPrevention: true,
      // main.ts owns the signals and shuts everything down in order.
      stopOnTerminationSignals: false,
      introspection: true,
      includeStacktraceInErrorResponses: false,
      validationRules: limitRules(),
      parseOptions: { maxTokens: LIMITS.maxTokens },
      plugins: [
        ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: config.shutdownTimeoutMs }),
        // The default landing page loads from a CDN; the offline GraphiQL lives at /graphiql.
        ApolloServerPluginLandingPageDisabled(),
        // No HTTP caching hints are used; skipping the plugin saves work on every field.
        ApolloServerPluginCacheControlDisabled(),
        {
          async serverWillStart() {
            return {
              async drainServer() {
                await ws.close();
              },
            };
          },
        },
      ],
    });
    const ws = attachGraphQLWebSocket({
      httpServer,
      schema,
      authenticate,
      services,
      config,
      logger,
      clock,
      formatError,
    });
    await apollo.start();
    const inflight = createInflight();
    // Runs right after the drain below (closers run in reverse): handlers whose client hung up finish
    // before pub/sub and the pool close.
    onClose('in-flight requests', async () => {
      if (!(await inflight.idle(config.shutdownTimeoutMs)))
        logger.warn({ inflight: inflight.count }, 'shutting down with requests still running');
    });
    onClose('graphql and http', () => apollo.stop());

    app.use(requestScope(logger));
    app.use(securityHeaders());
    app.use(compression());

    app.get('/healthz', (_req, res) => {
      res.json({ status: 'ok' });
    });
    app.get('/readyz', async (_req, res) => {
      if (!ready) {
        res.status(503).json({ status: 'stopping' });
        return;
      }
      try {
        await database.db.execute(sql`select 1`);
        res.json({ status: 'ready', database: embedded ? 'embedded' : 'postgresql', pubsub: pubsub.kind });
      } catch (err) {
        logger.warn({ err }, 'readiness check failed');
        res.status(503).json({ status: 'database unavailable' });
      }
    });

    // The SPA's runtime configuration: one build serves every environment.
    app.get('/config.json', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.json({
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
          defaultCenter: { lat: 41.0082, lng: 28.9784 },
          defaultZoom: 13,
          // Shown on the map: the tiles' and the place data's sources.
          attribution: [
            config.mapTileUrl.includes('cartocdn') ? '© OpenStreetMap contributors © CARTO' : null,
            services.geo.attribution,
            GEOIP_ATTRIBUTION,
          ]
            .filter(Boolean)
            .join(' · '),
        },
        features: { googleSignIn: config.cognito.external || Boolean(config.google.clientId) },
      });
    });

    if (keys) {
      app.get('/.well-known/jwks.json', async (_req, res, next) => {
        try {
          res.setHeader('Cache-Control', 'public, max-age=300');
          res.json(await keys.jwks());
        } catch (err) {
          next(err);
        }
      });
    }

    if (identity) {
      const oauthSettings = {
        publicUrl: config.publicUrl,
        issuer: config.cognito.issuer,
        clientId: config.cognito.clientId,
        redirectUris: [
          `${config.publicUrl}/googleAuth`,
          ...(config.isProduction
            ? []
            : ['http://localhost:5173/googleAuth', 'http://127.0.0.1:5173/googleAuth']),
        ],
        google: config.google,
      };
      app.use('/cognito', cognitoRouter(identity, logger));
      app.use('/oauth2', oauthRouter(identity, oauthSettings, clock, logger));
      app.get('/.well-known/openid-configuration', (_req, res) => {
        res.setHeader('Cache-Control', 'public, max-age=300');
        res.json(openIdConfiguration(oauthSettings));
      });
    }
    if (!config.isProduction && mailer.kind === 'outbox') app.use('/dev', devMailboxRouter(database.db));

    app.get('/graphiql', graphiqlHandler);

    app.use(
      '/graphql',
      cors,
      express.json({ limit: LIMITS.maxBodyBytes }),
      (err: unknown, _req: Request, res: Response, next: NextFunction) => {
        // A body that is not JSON is the client's error: 400 in GraphQL's error shape.
        if (!err) return next();
        const type = (err as { type?: string }).type;
        const key = type === 'entity.too.large' ? 'error.payloadTooLarge' : 'error.invalidJson';
        res.status(type === 'entity.too.large' ? 413 : 400).json({
          errors: [{ message: t(currentLocale(), key), extensions: { code: ErrorCode.BAD_USER_INPUT } }],
        });
      },
    );
    app.use(
      '/graphql',
      reenterScope(),
      trackedBy(
        inflight,
        expressMiddleware(apollo, {
          context: async ({ req }) => {
            let auth;
            try {
              auth = await authenticate(bearerToken(req.headers.authorization), req.ip);
            } catch (err) {
              if (err instanceof AppError) {
                throw new GraphQLError(err.localizedMessage(), {
                  extensions: { code: err.code, http: { status: 401 } },
                });
              }
              throw err;
            }
            return buildContext({
              viewer: auth.viewer,
              services,
              config,
              logger: req.log ?? logger,
              requestId: req.id,
              locale: req.scope.locale,
              ip: req.ip ?? null,
              now: clock.now(),
            });
          },
        }),
      ),
    );

    app.use(
      '/private',
      cors,
      createRestRouter({ services, authenticate, logger, clock, bodyLimit: LIMITS.maxBodyBytes, inflight }),
    );

    app.use(
      spaRouter(
        paths.clientDist,
        linkPreviews(services, config.publicUrl),
        spaContentSecurityPolicy({ tileUrl: config.mapTileUrl, identityEndpoint: config.cognito.endpoint }),
      ),
    );

    app.use((req: Request, res: Response) => {
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

    let address = '';
    let closing: Promise<void> | null = null;
    return {
      config,
      logger,
      httpServer,
      deps,
      services,
      keys,
      identity,
      mailer,
      limiter,
      pubsub,
      database,
      async listen(port = config.port, host = config.host) {
        await new Promise<void>((resolve, reject) => {
          httpServer.once('error', reject);
          httpServer.listen(port, host, () => resolve());
        });
        const info = httpServer.address();
        const actualPort = typeof info === 'object' && info ? info.port : port;
        address = `http://127.0.0.1:${actualPort}`;
        ready = true;
        return address;
      },
      url: () => address,
      close() {
        closing ??= (async () => {
          ready = false;
          // apollo.stop() drains HTTP (stops accepting, waits for in-flight requests) and the
          // WebSocket server; then pub/sub, the pool and the embedded database close in reverse order.
          await cleanup();
          if (httpServer.listening) await new Promise<void>((resolve) => httpServer.close(() => resolve()));
        })();
        return closing;
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
