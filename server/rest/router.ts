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
  notFound,
  RETRY_AFTER_SECONDS,
  serviceUnavailable,
  unauthenticated,
} from '#server/errors/app-error.ts';
import type { Config } from '#server/lib/config.ts';
import { t } from '#server/lib/i18n.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Logger } from '#server/lib/logger.ts';
import { currentLocale } from '#server/lib/request-scope.ts';
import type { Services } from '#server/modules/services.ts';
import { legacy } from '#server/modules/events/events.catalog.ts';
import { isUuid } from '#server/lib/ids.ts';
import { reenterScope } from '#server/app/http-middleware.ts';
import type {
  EventFilter,
  LegacyAcceptRequestMutation,
  LegacyDeclineRequestMutation,
  LegacyEventListQuery,
  LegacyEventQuery,
  LegacyMyEventsQuery,
  LegacyProfileQuery,
  LegacyRequestToJoinMutation,
  LegacyCreateAvatarUploadMutation,
  LegacyUpdateProfileMutation,
  LegacyUsernameQuery,
} from './__generated__/operations.ts';
import { createGraphQLRunner } from './graphql-bridge.ts';
import * as documents from './legacy-documents.ts';
import { legacyEvent, legacyProfile } from './legacy-shapes.ts';
import type { Inflight } from '#server/lib/inflight.ts';

declare module 'express-serve-static-core' {
  interface Request {
    viewer?: Viewer;
  }
}

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

function num(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : Number.NaN;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// The spec's create payload -> CreateEventInput (GraphQL's shape); the service validates the rest.
export function fromLegacyCreatePayload(body: Record<string, unknown>) {
  const location = isRecord(body.location) ? body.location : null;
  const coords = Array.isArray(body.coordinates) ? body.coordinates : null;
  const lat = num(location?.lat) ?? num(coords?.[1]);
  const lng = num(location?.lng) ?? num(coords?.[0]);
  const duration =
    typeof body.duration === 'string'
      ? (legacy.durationMinutes(body.duration) ?? num(body.duration))
      : num(body.duration ?? body.durationMinutes);
  const type = typeof body.type === 'string' ? body.type.toLowerCase() : body.type;
  return {
    mode: type,
    title: body.title,
    description: body.description,
    category: typeof body.category === 'string' ? legacy.categoryId(body.category) : body.category,
    tags: Array.isArray(body.tags)
      ? (body.tags as unknown[]).map((tag) => (typeof tag === 'string' ? legacy.tagId(tag) : tag))
      : body.tags,
    date: body.date,
    time: body.time,
    durationMinutes: duration,
    maxParticipants: num(body.maxParticipants),
    location:
      location || coords
        ? { name: location?.name ?? body.public_location ?? '', address: location?.address ?? null, lat, lng }
        : null,
    publicLocation: body.public_location ?? body.publicLocation ?? null,
    platform: typeof body.platform === 'string' ? legacy.platformId(body.platform) : (body.platform ?? null),
    price: num(body.price),
    requirements: body.requirements ?? null,
    skillLevel: typeof body.skillLevel === 'string' ? body.skillLevel.toLowerCase() : null,
    voiceChat:
      body.voiceRequired === true ? 'required' : typeof body.voiceChat === 'string' ? body.voiceChat : null,
  };
}

// The spec's profile payload -> UpdateProfileInput. Absent keys stay absent (no change); interests
// may be the legacy Turkish labels or catalogue ids.
export function fromLegacyProfilePayload(body: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of ['displayName', 'username', 'bio', 'city', 'district'] as const)
    if (key in body) input[key] = body[key];
  if ('exactLocation' in body) {
    const exact = isRecord(body.exactLocation) ? body.exactLocation : null;
    input.exactLocation = exact
      ? { lat: num(exact.lat), lng: num(exact.lng), address: exact.address ?? null }
      : body.exactLocation;
  }
  if ('interests' in body)
    input.interests = Array.isArray(body.interests)
      ? (body.interests as unknown[]).map((i) => (typeof i === 'string' ? legacy.tagId(i) : i))
      : body.interests;
  return input;
}

const list = (v: unknown) =>
  typeof v === 'string' && v.trim()
    ? v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : undefined;
const upper = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().toUpperCase() : undefined);

// Query parameters of the REST lists -> the GraphQL filter: enum values in any case, categories, tags
// and platforms by their legacy names or ids. GraphQL refuses values it does not know (400).
export function restFilter(q: Record<string, unknown>): EventFilter {
  return {
    search: typeof q.search === 'string' ? q.search : typeof q.q === 'string' ? q.q : undefined,
    category: typeof q.category === 'string' ? legacy.categoryId(q.category) : undefined,
    tags: list(q.tags)?.map(legacy.tagId),
    timeWindow: upper(q.timeWindow) as EventFilter['timeWindow'],
    skillLevels: list(q.skill)?.map((s) => s.toUpperCase()) as EventFilter['skillLevels'],
    quick: list(q.quick)?.map((s) => s.toUpperCase()) as EventFilter['quick'],
    gameType: upper(q.gameType) as EventFilter['gameType'],
    platforms: list(q.platform)?.map(legacy.platformId),
    voiceChat: upper(q.voice) as EventFilter['voiceChat'],
  };
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

  router.get(
    '/profile',
    asyncRoute(async (req, res) => {
      const { me } = await run<LegacyProfileQuery>(req, documents.LegacyProfileQuery, { activity: 50 });
      res.json(legacyProfile(me));
    }),
  );

  // The settings form ({displayName, username, bio, city, district, coordinates, exactLocation}) or
  // the interests editor ({interests}, the tags' Turkish labels or ids). Only fields present change;
  // coordinates follow from the district (the gazetteer's point), so the ones sent are not stored.
  router.put(
    '/profile',
    asyncRoute(async (req, res) => {
      const input = fromLegacyProfilePayload((req.body ?? {}) as Record<string, unknown>);
      const { updateProfile } = await run<LegacyUpdateProfileMutation>(
        req,
        documents.LegacyUpdateProfileMutation,
        {
          input,
          activity: 50,
        },
      );
      const onlyInterests = Object.keys(input).length === 1 && 'interests' in input;
      res.json({
        message: t(currentLocale(), onlyInterests ? 'profile.interestsUpdated' : 'profile.updated'),
        profile: legacyProfile(updateProfile.viewer),
      });
    }),
  );

  router.get(
    '/check-username/:username',
    asyncRoute(async (req, res) => {
      const { usernameAvailable } = await run<LegacyUsernameQuery>(req, documents.LegacyUsernameQuery, {
        username: String(req.params.username),
      });
      res.json(usernameAvailable);
    }),
  );

  // {contentType, fileName} -> where to PUT the file ({url, fileUrl, contentType}); the picture
  // changes once the file is checked and processed.
  router.put(
    '/uploadProfilePicture',
    asyncRoute(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const { createAvatarUpload } = await run<LegacyCreateAvatarUploadMutation>(
        req,
        documents.LegacyCreateAvatarUploadMutation,
        {
          input: {
            contentType: typeof body.contentType === 'string' ? body.contentType : '',
            fileName: typeof body.fileName === 'string' ? body.fileName : null,
          },
        },
      );
      const { upload } = createAvatarUpload;
      res.json({
        url: upload.url,
        fileUrl: upload.fileUrl,
        contentType: upload.contentType,
        uploadId: upload.id,
        maxBytes: upload.maxBytes,
        expiresAt: upload.expiresAt,
        headers: Object.fromEntries(upload.headers.map((h) => [h.name, h.value])),
      });
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
        const { events } = await run<LegacyEventListQuery>(req, documents.LegacyEventListQuery, {
          filter: {
            ...restFilter(req.query),
            mode: mode.toUpperCase(),
            near,
            radiusKm: num(req.query.radiusKm) ?? null,
          },
          first: num(req.query.limit) ?? 100,
          after: typeof req.query.after === 'string' ? req.query.after : null,
        });
        if (events.pageInfo.hasNextPage && events.pageInfo.endCursor)
          res.setHeader('X-Next-Cursor', events.pageInfo.endCursor);
        res.json(events.edges.map((e) => legacyEvent(e.node)));
      }),
    );
  }

  router.get(
    '/event/:id',
    asyncRoute(async (req, res) => {
      const { event } = await run<LegacyEventQuery>(req, documents.LegacyEventQuery, {
        id: String(req.params.id),
      });
      if (!event) throw notFound('error.eventNotFound');
      res.json(legacyEvent(event));
    }),
  );

  router.post(
    '/join-request',
    asyncRoute(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const { requestToJoin } = await run<LegacyRequestToJoinMutation>(
        req,
        documents.LegacyRequestToJoinMutation,
        {
          input: {
            eventId: typeof body.eventId === 'string' ? body.eventId : '',
            message: typeof body.message === 'string' ? body.message : null,
          },
        },
      );
      const { joinRequest } = requestToJoin;
      const declined = joinRequest.status === 'DECLINED';
      res.status(201).json({
        message: t(currentLocale(), declined ? 'join.blockedByCheck' : 'join.sent'),
        joinRequest: {
          id: joinRequest.id,
          _id: joinRequest.id,
          status: joinRequest.status.toLowerCase(),
          check: { verdict: joinRequest.check.verdict.toLowerCase(), reasons: joinRequest.check.reasons },
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
        const variables = { input: { id: request.id } };
        const decision = accept
          ? (await run<LegacyAcceptRequestMutation>(req, documents.LegacyAcceptRequestMutation, variables))
              .acceptRequest
          : (await run<LegacyDeclineRequestMutation>(req, documents.LegacyDeclineRequestMutation, variables))
              .declineRequest;
        res.json({
          message: t(currentLocale(), accept ? 'join.accepted' : 'join.declined'),
          joinRequest: {
            id: decision.joinRequest.id,
            _id: decision.joinRequest.id,
            status: decision.joinRequest.status.toLowerCase(),
          },
          participants: { current: decision.event.participantCount, max: decision.event.maxParticipants },
        });
      }),
    );
  }

  router.get(
    '/myEvents',
    asyncRoute(async (req, res) => {
      const { myEvents } = await run<LegacyMyEventsQuery>(req, documents.LegacyMyEventsQuery, { first: 100 });
      res.json(myEvents.edges.map((e) => legacyEvent(e.node)));
    }),
  );

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
