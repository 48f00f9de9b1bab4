import crypto from 'node:crypto';
import type { ApolloServerPlugin } from '@apollo/server';
import type { Express, NextFunction, Request, Response } from 'express';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Context } from '#server/context/context.ts';
import type { Config } from '#server/lib/config.ts';
import { t } from '#server/lib/i18n.ts';
import { currentLocale } from '#server/lib/request-scope.ts';
import type { JobRunner } from '#server/jobs/job-runner.ts';
import type { PubSub } from '#server/pubsub/pubsub.ts';

// Prometheus metrics (ADR 041) with prom-client: HTTP, GraphQL by operation, the database pool,
// pub/sub, live subscriptions and the job queue. One registry per app (tests start many apps in
// one process). Every label has a bounded set of values.

// Distinct GraphQL operation names kept as labels; later ones count as "other".
const MAX_OPERATION_NAMES = 100;
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// Paths grouped into the app's areas; anything else (the SPA's routes, probes) is "spa" or "other".
const ROUTES: [prefix: string, route: string][] = [
  ['/graphql', '/graphql'],
  ['/graphiql', '/graphiql'],
  ['/private/', '/private'],
  ['/cognito', '/cognito'],
  ['/oauth2/', '/oauth2'],
  ['/.well-known/', '/.well-known'],
  ['/media/', '/media'],
  ['/uploads/', '/uploads'],
  ['/webhooks/', '/webhooks'],
  ['/checkout/', '/checkout'],
  ['/dev/', '/dev'],
  ['/assets/', '/assets'],
  ['/healthz', '/healthz'],
  ['/readyz', '/readyz'],
  ['/metrics', '/metrics'],
  ['/config.json', '/config.json'],
  ['/robots.txt', '/robots.txt'],
];
export function routeOf(path: string, status: number): string {
  for (const [prefix, route] of ROUTES) if (path === prefix || path.startsWith(prefix)) return route;
  return status === 404 ? 'not_found' : 'spa';
}

// "user:<id>:tokens" → "user:tokens", "event:<id>" → "event": the channel's kind, never its scope.
export function channelKind(name: string): string {
  const parts = name.split(':');
  if (parts[0] === 'user') return `user:${parts[2] ?? ''}`;
  return parts[0] ?? 'other';
}

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // prom-client also exposes each of these as a gauge named *_total, which promtool refuses (only
  // counters end in _total); the by-type gauges stay, and sum() gives the total (ADR 062).
  for (const name of [
    'nodejs_active_handles_total',
    'nodejs_active_requests_total',
    'nodejs_active_resources_total',
  ])
    registry.removeSingleMetric(name);

  const httpDuration = new Histogram({
    name: 'squad_http_request_duration_seconds',
    help: 'HTTP requests by method, route group and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const gqlDuration = new Histogram({
    name: 'squad_graphql_operation_duration_seconds',
    help: 'GraphQL operations over HTTP by operation name and type.',
    labelNames: ['operation', 'type'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const gqlOperations = new Counter({
    name: 'squad_graphql_operations_total',
    help: 'GraphQL operations (HTTP and WebSocket) by name, type and outcome (ok, error).',
    labelNames: ['operation', 'type', 'transport', 'outcome'] as const,
    registers: [registry],
  });
  const subscriptions = new Gauge({
    name: 'squad_graphql_subscriptions_active',
    help: 'GraphQL subscriptions open on this instance, by operation name.',
    labelNames: ['operation'] as const,
    registers: [registry],
  });
  const published = new Counter({
    name: 'squad_pubsub_published_total',
    help: 'Messages published by this instance, by channel kind and outcome.',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });

  const names = new Set<string>();
  const operationLabel = (name: string | null | undefined): string => {
    if (!name) return 'anonymous';
    if (names.has(name)) return name;
    if (names.size >= MAX_OPERATION_NAMES) return 'other';
    names.add(name);
    return name;
  };

  const eventCards = new Counter({
    name: 'squad_event_card_renders_total',
    help: 'Link-preview images of events (/e/<id>/og.png) rendered (a cache miss); ADR 055.',
    registers: [registry],
  });

  return {
    registry,
    operationLabel,
    eventCardRendered: () => eventCards.inc(),

    // Times every HTTP answer; the route is a group, never the raw path.
    httpMiddleware() {
      return (req: Request, res: Response, next: NextFunction) => {
        const end = httpDuration.startTimer();
        res.on('finish', () => {
          const method = ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH'].includes(req.method)
            ? req.method
            : 'OTHER';
          const path = req.originalUrl.split('?')[0];
          end({ method, route: routeOf(path, res.statusCode), status: String(res.statusCode) });
        });
        next();
      };
    },

    // Operations over HTTP: counted and timed once the operation is known (invalid documents count
    // as "anonymous" errors).
    graphqlPlugin(): ApolloServerPlugin<Context> {
      return {
        async requestDidStart() {
          const started = process.hrtime.bigint();
          return {
            async willSendResponse({ operation, operationName, response }) {
              const type = operation?.operation ?? 'unknown';
              const label = operationLabel(operation ? (operationName ?? null) : null);
              const errors = response.body.kind === 'single' && Boolean(response.body.singleResult.errors);
              gqlOperations.inc({
                operation: label,
                type,
                transport: 'http',
                outcome: errors ? 'error' : 'ok',
              });
              gqlDuration.observe(
                { operation: label, type },
                Number(process.hrtime.bigint() - started) / 1e9,
              );
            },
          };
        },
      };
    },

    // WebSocket operations: counted when they start; subscriptions are held open until they end.
    wsOperationStarted(name: string | undefined, type: string): () => void {
      const label = operationLabel(name);
      gqlOperations.inc({ operation: label, type, transport: 'ws', outcome: 'ok' });
      if (type !== 'subscription') return () => undefined;
      subscriptions.inc({ operation: label });
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        subscriptions.dec({ operation: label });
      };
    },

    // The pub/sub with its publishes counted.
    wrapPubSub(pubsub: PubSub): PubSub {
      return {
        get kind() {
          return pubsub.kind;
        },
        async publish(channel, message) {
          try {
            await pubsub.publish(channel, message);
            published.inc({ channel: channelKind(channel.name), outcome: 'ok' });
          } catch (err) {
            published.inc({ channel: channelKind(channel.name), outcome: 'error' });
            throw err;
          }
        },
        subscribe: (channel) => pubsub.subscribe(channel),
        localSubscriberCount: (channel) => pubsub.localSubscriberCount(channel),
        available: () => pubsub.available(),
        close: () => pubsub.close(),
      };
    },

    // Gauges read at scrape time from what the app already holds.
    observe(sources: {
      pool: pg.Pool;
      poolMax: number;
      pubsub: PubSub;
      webSocketClients: () => number;
      jobs: Pick<JobRunner, 'queueCounts'>;
    }) {
      new Gauge({
        name: 'squad_db_pool_connections',
        help: 'Database pool connections by state (total, idle, waiting clients, max).',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, sources.pool.totalCount);
          this.set({ state: 'idle' }, sources.pool.idleCount);
          this.set({ state: 'waiting' }, sources.pool.waitingCount);
          this.set({ state: 'max' }, sources.poolMax);
        },
      });
      new Gauge({
        name: 'squad_pubsub_local_subscribers',
        help: 'Channel listeners on this instance (live subscriptions and internal watchers).',
        registers: [registry],
        collect() {
          this.set(sources.pubsub.localSubscriberCount());
        },
      });
      new Gauge({
        name: 'squad_pubsub_available',
        help: '1 while messages reach other instances (Redis connected, or in-process pub/sub).',
        labelNames: ['kind'] as const,
        registers: [registry],
        collect() {
          this.reset();
          this.set({ kind: sources.pubsub.kind }, sources.pubsub.available() ? 1 : 0);
        },
      });
      new Gauge({
        name: 'squad_websocket_connections',
        help: 'Open graphql-ws connections on this instance.',
        registers: [registry],
        collect() {
          this.set(sources.webSocketClients());
        },
      });
      new Gauge({
        name: 'squad_job_queue_jobs',
        help: 'Jobs in the queue (pg-boss) by queue and state (created, retry, active, failed).',
        labelNames: ['queue', 'state'] as const,
        registers: [registry],
        async collect() {
          this.reset();
          try {
            for (const row of await sources.jobs.queueCounts()) {
              this.set({ queue: row.name, state: row.state }, row.count);
            }
          } catch {
            // The database is away: the other metrics still answer (readiness says why).
          }
        },
      });
    },

    // GET /metrics: off (404) in production without METRICS_TOKEN; with a token, only for
    // `Authorization: Bearer <token>` (401 without, 403 with another).
    mount(app: Express, config: Config) {
      if (!config.metrics.enabled) return;
      const expected = config.metrics.token ? Buffer.from(config.metrics.token) : null;
      app.get('/metrics', async (req: Request, res: Response) => {
        if (expected) {
          const header = req.header('authorization') ?? '';
          const given = /^Bearer\s+(.+)$/i.exec(header)?.[1];
          if (!given) {
            res
              .status(401)
              .setHeader('WWW-Authenticate', 'Bearer realm="metrics"')
              .json({ code: 'UNAUTHENTICATED', message: t(currentLocale(), 'error.metricsToken') });
            return;
          }
          const provided = Buffer.from(given);
          if (provided.length !== expected.length || !crypto.timingSafeEqual(provided, expected)) {
            res
              .status(403)
              .json({ code: 'FORBIDDEN', message: t(currentLocale(), 'error.metricsForbidden') });
            return;
          }
        }
        res.setHeader('Cache-Control', 'no-store');
        res.type(registry.contentType).send(await registry.metrics());
      });
    },
  };
}
