import type { Express, NextFunction, Request, Response } from 'express';
import type { Authenticate } from '#server/auth/authenticate.ts';
import { bearerToken } from '#server/auth/access-tokens.ts';
import { roleOf, visibleEvent } from '#server/auth/access.ts';
import { AppError, ErrorCode } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import type { Services } from '#server/modules/services.ts';
import { sendError } from '#server/rest/router.ts';
import { createEventCardCache, matchesEtag } from './event-card-cache.ts';

const ICS = 'text/calendar; charset=utf-8';

// The lifecycle's HTTP (ADR 047, 049): the personal calendar feed (no session: the URL's secret is
// the key), one event's .ics (the exact place for its host and participants only), and the event's
// link-preview image.
export function mountLifecycle(
  app: Express,
  options: { services: Services; authenticate: Authenticate; cardRendered?: () => void },
) {
  const { services, authenticate } = options;
  const cards = createEventCardCache({ rendered: options.cardRendered });
  const wrap =
    (handler: (req: Request, res: Response) => Promise<void>) =>
    (req: Request, res: Response, next: NextFunction) => {
      handler(req, res).catch(next);
    };
  const notFound = (res: Response) =>
    res
      .status(404)
      .setHeader('Cache-Control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send('Bulunamadı');

  app.get(
    '/calendar/events/:file',
    wrap(async (req, res) => {
      const id = /^([0-9a-f-]{36})\.ics$/i.exec(String(req.params.file))?.[1];
      const [found] = id && isUuid(id) ? await services.events.byIds([id]) : [];
      if (!found) return void notFound(res);
      let viewer;
      try {
        ({ viewer } = await authenticate(bearerToken(req.headers.authorization), req.ip));
      } catch (err) {
        // A token that does not verify (bad, expired, malformed, revoked) is 401 as on /graphql, so
        // the client refreshes it; a suspended account's is 403 with its reason (issue 24).
        if (!(err instanceof AppError)) throw err;
        if (err.code === ErrorCode.UNAUTHENTICATED)
          res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
        res.setHeader('Cache-Control', 'no-store');
        return void sendError(res, err);
      }
      let role: ReturnType<typeof roleOf> = 'none';
      if (viewer) {
        const standing = (await services.joinRequests.standingOf(viewer, [found.id])).get(found.id);
        const relation = standing?.participant ? ('participant' as const) : undefined;
        const event = await visibleEvent(found, viewer, {
          blockedBetween: services.safety.blockedBetween,
          relation: async () => relation,
        });
        if (!event) return void notFound(res);
        role = roleOf(viewer, event, relation);
      }
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('Content-Disposition', `attachment; filename="squad-${found.id}.ics"`);
      res.type(ICS).send(services.calendar.eventIcs(found, role));
    }),
  );

  // /calendar/<secret>.ics: a guessed or revoked secret is a plain 404, like any unknown path.
  app.get(
    '/calendar/:file',
    wrap(async (req, res) => {
      const token = /^([0-9a-f]{64})\.ics$/.exec(String(req.params.file))?.[1];
      const body = token ? await services.calendar.feed(token) : null;
      if (!body) return void notFound(res);
      res.setHeader('Cache-Control', 'private, max-age=300');
      res.setHeader('X-Robots-Tag', 'noindex');
      res.type(ICS).send(body);
    }),
  );

  app.get(
    '/e/:id/og.png',
    wrap(async (req, res) => {
      const id = String(req.params.id);
      const [event] = isUuid(id) ? await services.events.byIds([id]) : [];
      if (!event || (event.hostHiddenUntil && event.hostHiddenUntil > new Date())) return void notFound(res);
      // The card's version is known before rendering: a revalidation never renders (ADR 055).
      const card = cards.card(event);
      res.setHeader('ETag', card.etag);
      res.setHeader('Cache-Control', 'public, max-age=600');
      if (matchesEtag(req.headers['if-none-match'], card.etag)) return void res.status(304).end();
      res.type('image/png').send(await card.png());
    }),
  );
}
