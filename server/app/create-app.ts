import type http from 'node:http';
import express from 'express';
import type { DatabaseHandle } from '#db/client.ts';
import type { KeyStore } from '#server/identity/signing-keys.ts';
import type { IdentityService } from '#server/identity/identity.service.ts';
import type { Deps } from '#server/context/deps.ts';
import { createFormatError } from '#server/errors/format-error.ts';
import { createMailer, type Mailer } from '#server/mail/mailer.ts';
import type { RateLimiter } from '#server/lib/rate-limit.ts';
import { systemClock, type Clock } from '#server/lib/clock.ts';
import type { Config } from '#server/lib/config.ts';
import { createInflight } from '#server/lib/inflight.ts';
import { createLogger, type Logger } from '#server/lib/logger.ts';
import { createServices, type Services } from '#server/modules/services.ts';
import type { PubSub } from '#server/pubsub/pubsub.ts';
import { createRestRouter } from '#server/rest/router.ts';
import { buildSchema } from './graphql-schema.ts';
import { LIMITS } from './limits.ts';
import { openDatabase, openPubSub, openRateLimiter } from './setup-data.ts';
import { mountGraphQL, startApollo } from './setup-graphql.ts';
import {
  cors,
  createHttpServer,
  mountBaseMiddleware,
  mountConfigJson,
  mountErrorHandlers,
  mountHealth,
  mountUnavailableGuard,
} from './setup-http.ts';
import { mountIdentity, setupIdentity } from './setup-identity.ts';
import { mountSpa, mountTools } from './setup-static.ts';
import { mountUploads } from './setup-uploads.ts';
import { mountPayments } from './setup-payments.ts';
import { mountLifecycle } from './setup-lifecycle.ts';
import { registerJobs } from './setup-jobs.ts';
import { createJobRunner } from '#server/jobs/job-runner.ts';
import { attachGraphQLWebSocket } from './websocket.ts';
import { watchAccounts } from './setup-accounts.ts';
import { createMetrics } from './metrics.ts';
import { watchSchema } from './schema-health.ts';

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
  // True when the database is the embedded PGlite on DATA_DIR.
  embedded: boolean;
  listen(port?: number, host?: string): Promise<string>;
  url(): string;
  close(): Promise<void>;
};

export type AppOptions = {
  config: Config;
  logger?: Logger;
  clock?: Clock;
};

// Composes the setup files: data (database, pub/sub, rate limits), services, identity, GraphQL over
// HTTP and WebSocket, the REST shim, tools and the SPA. Everything opened registers its closer.
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

  const metrics = createMetrics();
  try {
    const { database, embedded, health, url, onOperatorCommand } = await openDatabase(
      config,
      logger,
      onClose,
    );
    const pubsub = metrics.wrapPubSub(await openPubSub(config, logger, onClose));
    const limiter = await openRateLimiter(config, logger, clock, onClose);
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, logger });
    const jobs = createJobRunner({ url, logger, work: config.jobWorker });
    const deps: Deps = { config, db: database.db, pubsub, logger, clock, mailer, limiter, jobs };
    const services = createServices(deps);
    registerJobs(jobs, services);
    await jobs.start();
    onClose('job queue', () => jobs.stop());
    const identitySetup = await setupIdentity({
      config,
      db: database.db,
      clock,
      logger,
      mailer,
      limiter,
      services,
    });
    const { authenticate } = identitySetup;

    const schema = buildSchema();
    const formatError = createFormatError(logger, {
      databaseUnavailable: (err) => health.noteError(err) || !health.available(),
      hideSuggestions: config.isProduction,
    });
    const app = express();
    const httpServer = createHttpServer(app, config, logger);
    let ready = false;

    const ws = attachGraphQLWebSocket({
      httpServer,
      schema,
      authenticate,
      services,
      config,
      logger,
      clock,
      formatError,
      metrics,
    });
    metrics.observe({
      pool: database.pool,
      poolMax: config.database.poolMax,
      pubsub,
      webSocketClients: ws.clientCount,
      jobs,
    });
    // `npm run admin` changed a role in the embedded database: drop this user's cached viewer.
    onOperatorCommand((command) => {
      services.users.forget(command.sub);
      identitySetup.forgetTokens(command.sub);
    });
    await watchAccounts({
      pubsub,
      services,
      logger,
      revokeSessions: (user) => identitySetup.revokeSessions(user),
      forgetTokens: (sub) => identitySetup.forgetTokens(sub),
      onSessionsEnded: (listener) => identitySetup.onSessionsEnded(listener),
      closeSockets: (sub, code, reason, which) => ws.closeUser(sub, code, reason, which),
      onClose,
    });
    const apollo = await startApollo({
      httpServer,
      schema,
      formatError,
      config,
      drainWebSockets: () => ws.close(),
      metrics,
    });
    const inflight = createInflight();
    // Runs right after the drain below (closers run in reverse): handlers whose client hung up finish
    // before pub/sub and the pool close.
    onClose('in-flight requests', async () => {
      if (!(await inflight.idle(config.shutdownTimeoutMs)))
        logger.warn({ inflight: inflight.count }, 'shutting down with requests still running');
    });
    onClose('graphql and http', () => apollo.stop());

    mountBaseMiddleware(app, { config, logger });
    app.use(metrics.httpMiddleware());
    metrics.mount(app, config);
    mountHealth(app, {
      isReady: () => ready,
      db: database.db,
      health,
      embedded: Boolean(embedded),
      pubsub,
      rateLimitStore: limiter.store,
      redisConfigured: Boolean(config.redisUrl),
      logger,
      schema: watchSchema(database.db, logger),
    });
    mountUnavailableGuard(app, health);
    mountConfigJson(app, { config, services });
    mountIdentity(app, { setup: identitySetup, config, clock, logger });
    mountTools(app, { config, mailer, db: database.db });
    mountGraphQL(app, { apollo, authenticate, services, config, logger, clock, inflight, health });
    app.use(
      '/private',
      cors,
      createRestRouter({
        services,
        schema,
        config,
        authenticate,
        logger,
        clock,
        bodyLimit: LIMITS.maxBodyBytes,
        inflight,
      }),
    );
    mountUploads(app, { services, inflight });
    await mountPayments(app, { services, inflight });
    mountLifecycle(app, { services, authenticate, cardRendered: metrics.eventCardRendered });
    mountSpa(app, { config, services });
    mountErrorHandlers(app);

    let address = '';
    let closing: Promise<void> | null = null;
    return {
      config,
      logger,
      httpServer,
      deps,
      services,
      keys: identitySetup.keys,
      identity: identitySetup.identity,
      mailer,
      limiter,
      pubsub,
      database,
      embedded: Boolean(embedded),
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
