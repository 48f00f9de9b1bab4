import crypto from 'node:crypto';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { buildContext } from '#server/context/context.ts';
import type { Viewer } from '#server/context/viewer.ts';
import type { Authenticate } from '#server/auth/authenticate.ts';
import { bearerToken } from '#server/auth/access-tokens.ts';
import { isDatabaseUnavailable } from '#db/client.ts';
import {
  AppError,
  ErrorCode,
  httpStatusOf,
  RETRY_AFTER_SECONDS,
  serviceUnavailable,
  unauthenticated,
} from '#server/errors/app-error.ts';
import type { Config } from '#server/lib/config.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Logger } from '#server/lib/logger.ts';
import { currentLocale } from '#server/lib/request-scope.ts';
import type { Services } from '#server/modules/services.ts';
import { reenterScope } from '#server/app/http-middleware.ts';
import { createGraphQLRunner } from './graphql-bridge.ts';
import { eventRoutes } from './routes.events.ts';
import { joinRequestRoutes } from './routes.join-requests.ts';
import { profileRoutes } from './routes.profile.ts';
import type { Inflight } from '#server/lib/inflight.ts';

declare module 'express-serve-static-core' {
  interface Request {
    viewer?: Viewer;
  }
}

// What a resource's routes get from the router: the services, GraphQL run as the request's viewer,
// and async handlers whose errors reach the router's error handler.
export type RestKit = {
  router: Router;
  services: Services;
  run: <T>(req: Request, document: DocumentNode, variables?: Record<string, unknown>) => Promise<T>;
  asyncRoute: (
    fn: (req: Request, res: Response) => Promise<void>,
  ) => (req: Request, res: Response, next: NextFunction) => void;
};

type Deps = {
  services: Services;
  schema: GraphQLSchema;
  config: Config;
  authenticate: Authenticate;
  logger: Logger;
  clock: Clock;
  bodyLimit: number;
  inflight: Inflight;
};

// Errors in the shape legacy clients read: `reason` (event creation) and `message` (everything else)
// carry the same localized text; `code` is the closed error code.
export function sendError(res: Response, err: AppError) {
  const fields = err.localizedFields();
  const message = err.localizedMessage();
  res.status(httpStatusOf[err.code]).json({
    ...err.extra,
    message,
    reason: message,
    code: err.code,
    reasonCode: err.reason,
    ...(fields.length > 0 && { field: fields[0].field, fields }),
  });
}

export function createRestRouter(deps: Deps): Router {
  const { services } = deps;
  const runGraphQL = createGraphQLRunner(deps.schema);
  const router = Router();
  const asyncRoute =
    (fn: (req: Request, res: Response) => Promise<void>) =>
    (req: Request, res: Response, next: NextFunction) =>
      deps.inflight.track(() => fn(req, res)).catch(next);

  // Every /private path needs a session.
  router.use((req: Request, _res: Response, next: NextFunction) => {
    deps.inflight
      .track(() => deps.authenticate(bearerToken(req.header('authorization')), req.ip))
      .then(({ viewer }) => {
        if (!viewer) return next(unauthenticated());
        req.viewer = viewer;
        next();
      }, next);
  });
  router.use(express.json({ limit: deps.bodyLimit }), reenterScope());

  // GraphQL's context for this request: the REST shim reads and decides through the same resolvers.
  const contextOf = (req: Request) =>
    buildContext({
      viewer: req.viewer!,
      services,
      config: deps.config,
      logger: req.log ?? deps.logger,
      requestId: req.id,
      locale: currentLocale(),
      ip: req.ip ?? null,
      now: deps.clock.now(),
    });
  const run = <T>(req: Request, document: DocumentNode, variables: Record<string, unknown> = {}) =>
    runGraphQL<T>(document, variables, contextOf(req));

  // The resources, each in its file.
  const kit: RestKit = { router, services, run, asyncRoute };
  profileRoutes(kit);
  eventRoutes(kit);
  joinRequestRoutes(kit);

  router.use((_req: Request, res: Response) =>
    sendError(res, new AppError(ErrorCode.NOT_FOUND, 'error.routeNotFound')),
  );

  router.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof AppError) return sendError(res, err);
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      return sendError(res, serviceUnavailable(err));
    }
    const status = (err as { status?: number; type?: string }).status;
    if (status && status >= 400 && status < 500) {
      const key =
        (err as { type?: string }).type === 'entity.too.large'
          ? 'error.payloadTooLarge'
          : (err as { type?: string }).type === 'entity.parse.failed'
            ? 'error.invalidJson'
            : 'error.badRequest';
      return sendError(res, new AppError(ErrorCode.BAD_USER_INPUT, key));
    }
    const errorId = crypto.randomUUID();
    req.log.error({ err, errorId }, 'unexpected error in REST shim');
    sendError(res, new AppError(ErrorCode.INTERNAL_SERVER_ERROR, 'error.internal', { params: { errorId } }));
  });

  return router;
}
