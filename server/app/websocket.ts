import type http from 'node:http';
import crypto from 'node:crypto';
import {
  execute,
  subscribe,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  getOperationAST,
  type DocumentNode,
  type GraphQLSchema,
  type ExecutionArgs,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Context } from '#server/context/context.ts';
import { createLoaders, type Loaders } from '#server/context/loaders.ts';
import type { Viewer } from '#server/context/viewer.ts';
import type { Authenticate } from '#server/auth/authenticate.ts';
import { bearerToken } from '#server/auth/access-tokens.ts';
import { AppError } from '#server/errors/app-error.ts';
import type { GraphQLFormattedError } from 'graphql';
import { pickLocale, type Locale } from '#server/lib/i18n.ts';
import type { Logger } from '#server/lib/logger.ts';
import { runInScope, type RequestScope } from '#server/lib/request-scope.ts';
import type { Config } from '#server/lib/config.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Services } from '#server/modules/services.ts';
import { introspectionRefusal } from './introspection.ts';
import { SESSION_ENDED_CLOSE_CODE, SUSPENDED_CLOSE_CODE } from './setup-accounts.ts';
import { LIMITS, limitRules } from './limits.ts';
import type { Metrics } from './metrics.ts';

type Extra = {
  socket: WebSocket;
  request: http.IncomingMessage;
  viewer?: Viewer | null;
  locale?: Locale;
  connectionId?: string;
  expiryTimer?: NodeJS.Timeout;
  // Shared by the connection's subscriptions: same viewer, and the loaders batch without caching.
  loaders?: Loaders;
  logger?: Logger;
};

// Subscriptions repeat the SPA's few documents thousands of times: each text is parsed and validated
// once and its tree shared (a few kB per subscription otherwise). Bounded, oldest out first.
const DOCUMENT_CACHE_SIZE = 200;
const DOCUMENT_CACHE_MAX_TEXT = 16_384;

// GraphQL's own request errors carry the codes Apollo gives them over HTTP, so the error formatter
// treats both transports alike.
function requestError(err: unknown, code: string): GraphQLError {
  if (!(err instanceof GraphQLError)) return new GraphQLError(String(err), { extensions: { code } });
  return new GraphQLError(err.message, {
    nodes: err.nodes,
    source: err.source,
    positions: err.positions,
    extensions: { ...err.extensions, code: err.extensions.code ?? code },
  });
}

export function documentCache(schema: GraphQLSchema, rules: ReturnType<typeof limitRules>) {
  const documents = new Map<string, DocumentNode>();
  return (query: string): DocumentNode | readonly GraphQLError[] => {
    const cached = documents.get(query);
    if (cached) return cached;
    let document;
    try {
      document = parse(query, { maxTokens: LIMITS.maxTokens });
    } catch (err) {
      return [requestError(err, 'GRAPHQL_PARSE_FAILED')];
    }
    // The standard rules and ours: `validate` with a rule list runs only that list.
    const errors = validate(schema, document, [...specifiedRules, ...rules]);
    if (errors.length > 0) return errors.map((e) => requestError(e, 'GRAPHQL_VALIDATION_FAILED'));
    if (query.length <= DOCUMENT_CACHE_MAX_TEXT) {
      if (documents.size >= DOCUMENT_CACHE_SIZE) documents.delete(documents.keys().next().value!);
      documents.set(query, document);
    }
    return document;
  };
}

// The token may come as {Authorization: "Bearer …"}, {authorization}, {token} or {headers: {Authorization}}
// (GraphiQL sends its header tab this way).
export function tokenFromConnectionParams(
  params: Record<string, unknown> | undefined | null,
): string | undefined {
  if (!params) return undefined;
  const headers = (params.headers ?? {}) as Record<string, unknown>;
  const candidates = [
    params.Authorization,
    params.authorization,
    headers.Authorization,
    headers.authorization,
  ];
  for (const c of candidates) if (typeof c === 'string') return bearerToken(c) ?? c;
  return typeof params.token === 'string' ? params.token : undefined;
}

export function attachGraphQLWebSocket(options: {
  httpServer: http.Server;
  schema: GraphQLSchema;
  authenticate: Authenticate;
  services: Services;
  config: Config;
  logger: Logger;
  clock: Clock;
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  metrics?: Metrics;
}) {
  const { logger } = options;
  // Each operation runs in a scope with the connection's id and the operation's name, so every log
  // line its resolvers write says which operation (logger.ts); a subscription's later events too.
  const scopeOf = (args: ExecutionArgs): RequestScope => {
    const context = args.contextValue as Context;
    return {
      requestId: context.requestId,
      locale: context.locale,
      operationName: getOperationAST(args.document, args.operationName)?.name?.value,
    };
  };
  const wsServer = new WebSocketServer({
    server: options.httpServer,
    path: '/graphql',
    maxPayload: LIMITS.maxBodyBytes,
  });
  const documentFor = documentCache(options.schema, limitRules());
  // Open sockets per signed-in user (by sub) with the sign-in session each came from, so a suspension
  // or a sign-out can end that user's live connections at once (ADR 039, 067).
  const socketsOf = new Map<string, Map<WebSocket, string | null>>();

  const serverCleanup = useServer<Record<string, unknown>, Extra>(
    {
      schema: options.schema,
      connectionInitWaitTimeout: 10_000,
      execute: (args) => {
        const scope = scopeOf(args);
        const type = getOperationAST(args.document, args.operationName)?.operation ?? 'unknown';
        options.metrics?.wsOperationStarted(scope.operationName, type);
        return runInScope(scope, () => execute(args));
      },
      subscribe: async (args) => {
        // What the subscription's resolvers subscribe to on pub/sub is let go of when it ends (the
        // client stops, the socket closes), not at the channel's next message (ADR 067).
        const releases: (() => Promise<unknown>)[] = [];
        let over = false;
        const releaseAll = () => {
          over = true;
          return Promise.all(releases.splice(0).map((release) => release()));
        };
        const scope: RequestScope = {
          ...scopeOf(args),
          onEnd: (release) => (over ? void release() : void releases.push(release)),
        };
        const result = await runInScope(scope, () => subscribe(args));
        if (!(Symbol.asyncIterator in result)) return result;
        const ended = options.metrics?.wsOperationStarted(scope.operationName, 'subscription');
        return scopedIterator(result, scope, () => {
          ended?.();
          void releaseAll();
        });
      },
      // connection_init carries the access token; a bad one closes the socket with 4403 so the client
      // refreshes and reconnects. The socket is closed when the token expires for the same reason.
      onConnect: async (ctx) => {
        ctx.extra.connectionId = crypto.randomUUID();
        // The app's language (connection_init) wins over the browser's (the upgrade request's header).
        const appLanguage = ctx.connectionParams?.['Accept-Language'];
        ctx.extra.locale = pickLocale(
          typeof appLanguage === 'string' ? appLanguage : ctx.extra.request.headers['accept-language'],
        );
        try {
          const { viewer, expiresAt, session } = await options.authenticate(
            tokenFromConnectionParams(ctx.connectionParams),
          );
          // A suspended user (ADR 039) is let in: the @auth guard refuses every subscription but
          // accountStandingChanged with ACCOUNT_SUSPENDED, so the suspended page hears an appeal's
          // decision at once (ADR 057). Sockets open when the suspension came are closed with
          // SUSPENDED_CLOSE_CODE (setup-accounts.ts).
          ctx.extra.viewer = viewer;
          if (viewer) {
            const sockets = socketsOf.get(viewer.sub) ?? new Map<WebSocket, string | null>();
            sockets.set(ctx.extra.socket, session ?? null);
            socketsOf.set(viewer.sub, sockets);
          }
          if (expiresAt) {
            const ms = Math.min(expiresAt * 1000 - Date.now(), 2 ** 31 - 1);
            ctx.extra.expiryTimer = setTimeout(
              () => ctx.extra.socket.close(SESSION_ENDED_CLOSE_CODE, 'Unauthorized'),
              Math.max(ms, 0),
            );
          }
          return true;
        } catch (err) {
          if (err instanceof AppError && err.reason === 'ACCOUNT_SUSPENDED')
            ctx.extra.socket.close(SUSPENDED_CLOSE_CODE, 'Account suspended');
          if (err instanceof AppError) return false;
          logger.error({ err }, 'websocket authentication failed unexpectedly');
          return false;
        }
      },
      onClose: (ctx) => {
        if (ctx.extra.expiryTimer) clearTimeout(ctx.extra.expiryTimer);
        const sub = ctx.extra.viewer?.sub;
        const sockets = sub ? socketsOf.get(sub) : undefined;
        if (sub && sockets) {
          sockets.delete(ctx.extra.socket);
          if (sockets.size === 0) socketsOf.delete(sub);
        }
      },
      onSubscribe: (ctx, _id, payload) => {
        const document = documentFor(payload.query);
        const refuse = (errors: readonly GraphQLError[]) =>
          runInScope({ requestId: ctx.extra.connectionId ?? '', locale: ctx.extra.locale ?? 'tr' }, () =>
            errors.map((e) => {
              const formatted = options.formatError(e.toJSON(), e);
              return new GraphQLError(formatted.message, { extensions: formatted.extensions });
            }),
          );
        if (!('kind' in document)) return refuse(document);
        const operation = getOperationAST(document, payload.operationName);
        if (!operation)
          return refuse([
            new GraphQLError('Unable to identify operation', {
              extensions: { code: 'OPERATION_RESOLUTION_FAILURE' },
            }),
          ]);
        const viewer = ctx.extra.viewer ?? null;
        const refusal = introspectionRefusal(document, viewer, options.config.introspection);
        if (refusal) return refuse([refusal]);
        const contextValue: Context = {
          viewer,
          services: options.services,
          config: options.config,
          logger: (ctx.extra.logger ??= logger.child({ connectionId: ctx.extra.connectionId })),
          requestId: ctx.extra.connectionId ?? crypto.randomUUID(),
          locale: ctx.extra.locale ?? 'tr',
          ip: ctx.extra.request.socket.remoteAddress ?? null,
          now: options.clock.now(),
          // A subscription lives long: its loaders batch but never cache, so every event reads fresh rows.
          loaders: (ctx.extra.loaders ??= createLoaders(options.services, viewer, { cache: false })),
        };
        return {
          schema: options.schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue,
        } satisfies ExecutionArgs;
      },
      // Results go through the same error formatting as HTTP (closed codes, localized, masked).
      onNext: (ctx, _id, _payload, _args, result) => {
        if (!('errors' in result) || !result.errors) return;
        return runInScope(
          { requestId: ctx.extra.connectionId ?? '', locale: ctx.extra.locale ?? 'tr' },
          () => ({
            ...result,
            errors: result.errors!.map((e) => options.formatError(e.toJSON(), e) as unknown as GraphQLError),
          }),
        );
      },
      onError: (_ctx, _id, _payload, errors) => {
        logger.warn({ errors: errors.map((e) => e.message) }, 'websocket operation failed');
      },
    },
    wsServer,
  );

  return {
    wsServer,
    clientCount: () => wsServer.clients.size,
    // Closes the sockets of a user's sessions on this instance: `session` only that sign-in's,
    // `except` all but that one's, neither all of them (a suspension, a sign-out; ADR 039, 067).
    closeUser(
      sub: string,
      code: number,
      reason: string,
      which: { session?: string | null; except?: string | null } = {},
    ): number {
      const sockets = socketsOf.get(sub);
      if (!sockets) return 0;
      let closed = 0;
      for (const [socket, session] of sockets) {
        if (which.session && session !== which.session) continue;
        if (which.except && session === which.except) continue;
        socket.close(code, reason);
        closed++;
      }
      return closed;
    },
    async close() {
      // Tell clients to reconnect (to another instance) rather than drop them silently.
      for (const client of wsServer.clients) client.close(1001, 'Server shutting down');
      await serverCleanup.dispose();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
    },
  };
}

// Every step of a subscription (each event's resolvers) runs in the operation's scope; `ended` is told
// once when the subscription finishes, however it finishes.
function scopedIterator<T>(
  source: AsyncGenerator<T, void, void> | AsyncIterableIterator<T>,
  scope: RequestScope,
  ended?: () => void,
): AsyncGenerator<T, void, void> {
  const iterator = source[Symbol.asyncIterator]();
  const finish = <R extends IteratorResult<T>>(result: R): R => {
    if (result.done) ended?.();
    return result;
  };
  // Asserted, not annotated: where a dependency's types pull in lib esnext, AsyncGenerator also asks
  // for Symbol.asyncDispose, which graphql-ws never calls.
  const wrapped = {
    next: () => runInScope(scope, () => iterator.next()).then(finish),
    return: (value?: unknown) => {
      ended?.();
      return runInScope(scope, () =>
        iterator.return ? iterator.return(value as never) : Promise.resolve({ done: true, value: undefined }),
      ) as Promise<IteratorResult<T, void>>;
    },
    throw: (err?: unknown) => {
      ended?.();
      return runInScope(scope, () =>
        iterator.throw ? iterator.throw(err) : Promise.reject(err as Error),
      ) as Promise<IteratorResult<T, void>>;
    },
    [Symbol.asyncIterator]() {
      return wrapped;
    },
  } as AsyncGenerator<T, void, void>;
  return wrapped;
}
