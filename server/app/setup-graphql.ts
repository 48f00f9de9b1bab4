import type http from 'node:http';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { bearerToken } from '#server/auth/access-tokens.ts';
import type { Authenticate } from '#server/auth/authenticate.ts';
import { buildContext, type Context } from '#server/context/context.ts';
import {
  AppError,
  ErrorCode,
  httpStatusOf,
  RETRY_AFTER_SECONDS,
  serviceUnavailable,
} from '#server/errors/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Config } from '#server/lib/config.ts';
import { t } from '#server/lib/i18n.ts';
import type { Inflight } from '#server/lib/inflight.ts';
import type { Logger } from '#server/lib/logger.ts';
import { currentLocale, currentScope, validOperationName } from '#server/lib/request-scope.ts';
import type { Services } from '#server/modules/services.ts';
import { reenterScope } from './http-middleware.ts';
import type { DatabaseHealth } from './database-health.ts';
import { introspectionRefusal } from './introspection.ts';
import { cors, trackedBy } from './setup-http.ts';
import { LIMITS, limitRules } from './limits.ts';
import type { Metrics } from './metrics.ts';

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
// The media types a single GraphQL answer is written in, in Apollo's order of preference (ties go to
// the first): the same negotiation as Apollo's, so the status below matches the content type sent.
const GRAPHQL_MEDIA = ['application/json', 'application/graphql-response+json'];
// GraphQL's request errors (the document does not parse or validate, the operation is not there,
// the variables do not coerce): GraphQL over HTTP answers them 200 in application/json (ADR 066).
const REQUEST_ERRORS = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'OPERATION_RESOLUTION_FAILURE',
  'BAD_USER_INPUT',
]);
// "query Name", "mutation Name(…)", "subscription Name {": the first operation's name.
const OPERATION_IN_QUERY = /^\s*(?:#[^\n]*\n\s*)*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/;

export async function startApollo(options: {
  httpServer: http.Server;
  schema: GraphQLSchema;
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  config: Config;
  // Closes the WebSocket server while Apollo drains HTTP.
  drainWebSockets: () => Promise<void>;
  metrics?: Metrics;
}): Promise<ApolloServer<Context>> {
  const apollo = new ApolloServer<Context>({
    schema: options.schema,
    formatError: options.formatError,
    csrfPrevention: true,
    // main.ts owns the signals and shuts everything down in order.
    stopOnTerminationSignals: false,
    introspection: true,
    includeStacktraceInErrorResponses: false,
    validationRules: limitRules(),
    parseOptions: { maxTokens: LIMITS.maxTokens },
    plugins: [
      ApolloServerPluginDrainHttpServer({
        httpServer: options.httpServer,
        stopGracePeriodMillis: options.config.shutdownTimeoutMs,
      }),
      ...(options.metrics ? [options.metrics.graphqlPlugin()] : []),
      // The default landing page loads from a CDN; the offline GraphiQL lives at /graphiql.
      ApolloServerPluginLandingPageDisabled(),
      // No HTTP caching hints are used; skipping the plugin saves work on every field.
      ApolloServerPluginCacheControlDisabled(),
      // An answer that failed because the database is away is a 503 (ADR 030), like REST's.
      {
        async requestDidStart() {
          let requestErrorsOnly = false;
          return {
            async didEncounterErrors({ errors }) {
              requestErrorsOnly = errors.every((e) => REQUEST_ERRORS.has(String(e.extensions?.code)));
            },
            async didResolveOperation({ document, contextValue, operationName }) {
              // The name from the document (the body's may be missing): every later log line has it.
              const scope = currentScope();
              if (scope) scope.operationName = validOperationName(operationName) ?? scope.operationName;
              const refusal = introspectionRefusal(
                document,
                contextValue.viewer,
                options.config.introspection,
              );
              if (refusal) throw refusal;
            },
            async willSendResponse({ response }) {
              const single = response.body.kind === 'single' ? response.body.singleResult : undefined;
              const errors = single?.errors;
              // A well-formed request in application/json: 200 whatever GraphQL thought of it (the
              // spec's SHOULD); application/graphql-response+json (the SPA's) keeps its 400.
              if (
                response.http.status === 400 &&
                requestErrorsOnly &&
                single?.data === undefined &&
                currentScope()?.graphqlMedia === 'application/json'
              ) {
                response.http.status = 200;
              }
              if (errors?.some((e) => e.extensions?.code === ErrorCode.SERVICE_UNAVAILABLE)) {
                response.http.status = 503;
                response.http.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
              }
            },
          };
        },
      },
      {
        async serverWillStart() {
          return {
            async drainServer() {
              await options.drainWebSockets();
            },
          };
        },
      },
    ],
  });
  await apollo.start();
  return apollo;
}

// POST/GET /graphql: JSON body (a bad one is a 400 in GraphQL's error shape), then Apollo.
export function mountGraphQL(
  app: Express,
  options: {
    apollo: ApolloServer<Context>;
    authenticate: Authenticate;
    services: Services;
    config: Config;
    logger: Logger;
    clock: Clock;
    inflight: Inflight;
    health: DatabaseHealth;
  },
) {
  const { authenticate, services, config, logger, clock, health } = options;
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
    // The operation's name as the client sent it, for the log lines written before Apollo resolves it.
    (req: Request, _res: Response, next: NextFunction) => {
      const body = (req.body ?? {}) as { operationName?: unknown; query?: unknown };
      req.scope.operationName =
        validOperationName(body.operationName ?? req.query.operationName) ??
        validOperationName(OPERATION_IN_QUERY.exec(textOf(body.query ?? req.query.query))?.[1]);
      req.scope.graphqlMedia = req.accepts(GRAPHQL_MEDIA) || undefined;
      next();
    },
    trackedBy(
      options.inflight,
      expressMiddleware(options.apollo, {
        context: async ({ req }) => {
          let auth;
          try {
            auth = await authenticate(bearerToken(req.headers.authorization), req.ip);
          } catch (err) {
            if (err instanceof AppError) {
              // A suspension (403, with its reason and end) or a bad token (401: refresh and retry).
              throw new GraphQLError(err.localizedMessage(), {
                extensions: {
                  ...err.extra,
                  code: err.code,
                  reason: err.reason,
                  http: { status: httpStatusOf[err.code] },
                },
              });
            }
            if (health.noteError(err) || !health.available()) {
              throw new GraphQLError(serviceUnavailable().localizedMessage(), {
                extensions: {
                  code: ErrorCode.SERVICE_UNAVAILABLE,
                  http: { status: 503 },
                },
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
}
