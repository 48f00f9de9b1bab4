import crypto from 'node:crypto';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { createLoaders } from '#server/context/loaders.ts';
import type { Viewer } from '#server/context/viewer.ts';
import type { Authenticate } from '#server/auth/authenticate.ts';
import { bearerToken } from '#server/auth/access-tokens.ts';
import { AppError, ErrorCode, httpStatusOf, notFound, unauthenticated } from '#server/errors/app-error.ts';
import { t } from '#server/lib/i18n.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Logger } from '#server/lib/logger.ts';
import { currentLocale } from '#server/lib/request-scope.ts';
import type { Services } from '#server/modules/services.ts';
import { durationFromLabel } from '#server/modules/events/events.catalog.ts';
import { isUuid, type EventFilterInput } from '#server/modules/events/events.service.ts';
import { visibleEvent } from '#server/modules/events/events.visibility.ts';
import { reasonText } from '#server/modules/moderation/moderation.ts';
import { reenterScope } from '#server/app/http-middleware.ts';
import { legacyEvent, legacyProfile } from './legacy-shapes.ts';
import type { Inflight } from '#server/lib/inflight.ts';

declare module 'express-serve-static-core' {
  interface Request {
    viewer?: Viewer;
  }
}

type Deps = {
  services: Services;
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
    message,
    reason: message,
    code: err.code,
    ...(fields.length > 0 && { field: fields[0].field, fields }),
  });
}

function num(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : Number.NaN;
}

// The spec's create payload -> CreateEventInput (GraphQL's shape); the service validates the rest.
export function fromLegacyCreatePayload(body: Record<string, unknown>) {
  const location = (body.location ?? null) as {
    name?: unknown;
    address?: unknown;
    lat?: unknown;
    lng?: unknown;
  } | null;
  const coords = Array.isArray(body.coordinates) ? body.coordinates : null;
  const lat = num(location?.lat) ?? num(coords?.[1]);
  const lng = num(location?.lng) ?? num(coords?.[0]);
  const duration =
    typeof body.duration === 'string'
      ? (durationFromLabel(body.duration) ?? num(body.duration))
      : num(body.duration ?? body.durationMinutes);
  const type = typeof body.type === 'string' ? body.type.toLowerCase() : body.type;
  return {
    mode: type,
    title: body.title,
    description: body.description,
    category: body.category,
    tags: body.tags,
    date: body.date,
    time: body.time,
    durationMinutes: duration,
    maxParticipants: num(body.maxParticipants),
    location:
      location || coords
        ? { name: location?.name ?? body.public_location ?? '', address: location?.address ?? null, lat, lng }
        : null,
    publicLocation: body.public_location ?? body.publicLocation ?? null,
    platform: body.platform ?? null,
    price: num(body.price),
    requirements: body.requirements ?? null,
    skillLevel: typeof body.skillLevel === 'string' ? body.skillLevel.toLowerCase() : null,
    voiceChat:
      body.voiceRequired === true ? 'required' : typeof body.voiceChat === 'string' ? body.voiceChat : null,
  };
}

const list = (v: unknown) =>
  typeof v === 'string' && v.trim()
    ? v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : undefined;
const lower = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().toLowerCase() : undefined);

// Query parameters of the REST lists -> the GraphQL filter (same names, lower-case enum values).
export function restFilter(q: Record<string, unknown>): EventFilterInput {
  return {
    search: typeof q.search === 'string' ? q.search : typeof q.q === 'string' ? q.q : undefined,
    category: typeof q.category === 'string' ? q.category : undefined,
    tags: list(q.tags),
    timeWindow: lower(q.timeWindow) as EventFilterInput['timeWindow'],
    skillLevels: list(q.skill)?.map((s) => s.toLowerCase()) as EventFilterInput['skillLevels'],
    quick: list(q.quick)?.map((s) => s.toLowerCase()) as EventFilterInput['quick'],
    gameType: lower(q.gameType),
    platforms: list(q.platform),
    voiceChat: lower(q.voice) as EventFilterInput['voiceChat'],
  };
}

export function createRestRouter(deps: Deps): Router {
  const { services } = deps;
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

  const loadersFor = (req: Request) => createLoaders(services, req.viewer!);
  const legacyContext = (req: Request) => ({
    viewer: req.viewer!,
    loaders: loadersFor(req),
    services,
    now: deps.clock.now(),
    locale: currentLocale(),
  });

  router.get(
    '/profile',
    asyncRoute(async (req, res) => {
      const loaders = loadersFor(req);
      const user = await loaders.user.load(req.viewer!.id);
      if (!user) throw unauthenticated();
      const activity = await services.events.activityOf(req.viewer!, 50);
      res.json(await legacyProfile(user, loaders, activity));
    }),
  );

  router.post(
    '/event',
    asyncRoute(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const { event } = await services.events.createEvent(req.viewer!, fromLegacyCreatePayload(body));
      res
        .status(201)
        .location(`/private/event/${event.id}`)
        .type('text/plain; charset=utf-8')
        .send(t(currentLocale(), 'event.created'));
    }),
  );

  for (const mode of ['physical', 'online'] as const) {
    router.get(
      `/events/${mode}`,
      asyncRoute(async (req, res) => {
        const lat = num(req.query.lat);
        const lng = num(req.query.lng);
        const near =
          mode === 'physical'
            ? lat !== undefined && lng !== undefined
              ? { lat, lng }
              : services.events.defaultCenter()
            : null;
        const page = await services.events.list(req.viewer!, {
          filter: { ...restFilter(req.query), mode, near, radiusKm: num(req.query.radiusKm) ?? null },
          first: num(req.query.limit) ?? 100,
          after: typeof req.query.after === 'string' ? req.query.after : null,
        });
        const c = legacyContext(req);
        if (page.pageInfo.hasNextPage && page.pageInfo.endCursor)
          res.setHeader('X-Next-Cursor', page.pageInfo.endCursor);
        res.json(await Promise.all(page.edges.map((e) => legacyEvent(e.node, c))));
      }),
    );
  }

  router.get(
    '/event/:id',
    asyncRoute(async (req, res) => {
      const c = legacyContext(req);
      const [found] = await services.events.byIds([String(req.params.id)]);
      const event = await visibleEvent(found, req.viewer!.id, {
        blockedBetween: services.joinRequests.blockedBetween,
        relation: (eventId) => c.loaders.viewerRelation.load(eventId),
      });
      if (!event) throw notFound('error.eventNotFound');
      c.loaders.event.prime(event.id, event);
      res.json(await legacyEvent(event, c));
    }),
  );

  router.post(
    '/join-request',
    asyncRoute(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const { joinRequest } = await services.joinRequests.requestToJoin(req.viewer!, {
        eventId: typeof body.eventId === 'string' ? body.eventId : '',
        message: typeof body.message === 'string' ? body.message : null,
      });
      const locale = currentLocale();
      const declined = joinRequest.status === 'declined';
      res.status(201).json({
        message: t(locale, declined ? 'join.blockedByCheck' : 'join.sent'),
        joinRequest: {
          id: joinRequest.id,
          _id: joinRequest.id,
          status: joinRequest.status,
          check: {
            verdict: joinRequest.checkVerdict,
            reasons: joinRequest.checkReasons.map((code) => reasonText(code, locale)),
          },
        },
      });
    }),
  );

  for (const [action, accept] of [
    ['accept-request', true],
    ['decline-request', false],
  ] as const) {
    router.put(
      `/event/:eventId/${action}/:requestId`,
      asyncRoute(async (req, res) => {
        const [request] = await services.joinRequests.byIds([String(req.params.requestId)].filter(isUuid));
        // The request must belong to the event in the path.
        if (!request || request.eventId !== req.params.eventId) throw notFound('error.requestNotFound');
        const result = accept
          ? await services.joinRequests.accept(req.viewer!, request.id)
          : await services.joinRequests.decline(req.viewer!, request.id);
        res.json({
          message: t(currentLocale(), accept ? 'join.accepted' : 'join.declined'),
          joinRequest: {
            id: result.joinRequest.id,
            _id: result.joinRequest.id,
            status: result.joinRequest.status,
          },
          participants: { current: result.event.participantCount, max: result.event.maxParticipants },
        });
      }),
    );
  }

  router.get(
    '/myEvents',
    asyncRoute(async (req, res) => {
      const page = await services.events.mine(req.viewer!, { first: 100 });
      const c = legacyContext(req);
      res.json(await Promise.all(page.edges.map((e) => legacyEvent(e.node, c))));
    }),
  );

  router.use((_req: Request, res: Response) =>
    sendError(res, new AppError(ErrorCode.NOT_FOUND, 'error.routeNotFound')),
  );

  router.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof AppError) return sendError(res, err);
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
