import { notFound } from '#server/errors/app-error.ts';
import { t } from '#server/lib/i18n.ts';
import { currentLocale } from '#server/lib/request-scope.ts';
import type {
  LegacyEventListQuery,
  LegacyEventQuery,
  LegacyMyEventsQuery,
} from './__generated__/operations.ts';
import * as documents from './legacy-documents.ts';
import { fromLegacyCreatePayload, num, restFilter } from './legacy-input.ts';
import { legacyEvent } from './legacy-shapes.ts';
import type { RestKit } from './router.ts';

// /private/event(s): creating one, the physical and online lists, one event, one's own events.
export function eventRoutes({ router, services, run, asyncRoute }: RestKit) {
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

  router.get(
    '/myEvents',
    asyncRoute(async (req, res) => {
      const { myEvents } = await run<LegacyMyEventsQuery>(req, documents.LegacyMyEventsQuery, { first: 100 });
      res.json(myEvents.edges.map((e) => legacyEvent(e.node)));
    }),
  );
}
