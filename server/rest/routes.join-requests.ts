import { notFound } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { t } from '#server/lib/i18n.ts';
import { currentLocale } from '#server/lib/request-scope.ts';
import type {
  LegacyAcceptRequestMutation,
  LegacyDeclineRequestMutation,
  LegacyRequestToJoinMutation,
} from './__generated__/operations.ts';
import * as documents from './legacy-documents.ts';
import type { RestKit } from './router.ts';

// /private/join-request and a host's accept or decline.
export function joinRequestRoutes({ router, services, run, asyncRoute }: RestKit) {
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
}
