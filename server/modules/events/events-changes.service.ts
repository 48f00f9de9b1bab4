import { mailLocale } from '#server/lib/i18n.mail.ts';
import type { Tx } from '#db/client.ts';
import type { EventRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { AppError, badInput, ErrorCode } from '#server/errors/app-error.ts';
import { serverSecret } from '#server/lib/server-secrets.ts';
import type { AfterCommit } from '#server/lib/unit-of-work.ts';
import type { Mail } from '#server/mail/mailer.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import type { TrustGate } from '#server/modules/trust/trust-gate.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { wantsEmail } from '#server/modules/users/users.mappers.ts';
import { channels } from '#server/pubsub/channels.ts';
import { eventCancelledMail, eventMovedMail, type Recipient } from './events.mails.ts';
import { eventStatus, publicPoint } from './events.mappers.ts';
import { createEventsRepository } from './events.repository.ts';
import { validateUpdateEvent, type CreateEventValues } from './events.validation.ts';

// Columns written from validated values (create and update share this). `secret` moves the public
// point off the grid (ADR 040).
export function columnsOf(v: CreateEventValues, eventId: string, secret: Buffer) {
  const publicAt = v.location ? publicPoint(v.location, eventId, secret) : null;
  return {
    title: v.title,
    description: v.description,
    category: v.category,
    tags: v.tags,
    startsAt: v.startsAt,
    endsAt: v.endsAt,
    durationMinutes: v.durationMinutes,
    maxParticipants: v.maxParticipants,
    locationName: v.location?.name ?? null,
    address: v.location?.address ?? null,
    lat: v.location?.lat ?? null,
    lng: v.location?.lng ?? null,
    publicLocation: v.publicLocation,
    publicLat: publicAt?.lat ?? null,
    publicLng: publicAt?.lng ?? null,
    platform: v.platform,
    price: v.price,
    requirements: v.requirements,
    skillLevel: v.skillLevel,
    voiceChat: v.voiceChat,
    venueType: v.venueType,
    gameType: v.gameType,
    language: v.language,
    autoApproval: v.autoApproval,
  };
}

// Told in the transaction when an event's capacity grew (the waitlist offers the new places).
export type CapacityHook = (tx: Tx, afterCommit: AfterCommit, event: EventRow) => Promise<unknown>;

// What changes an existing event and tells its audience: shared by single events and series
// (ADR 048), so an occurrence is edited and cancelled exactly like any event.
export function createEventChanges(
  deps: Deps,
  options: { notifications: NotificationsService; users: UsersService; gate: TrustGate },
) {
  const repo = createEventsRepository(deps.db);
  const { notifications, users, gate } = options;
  const capacityHooks: CapacityHook[] = [];
  let publicPointSecret: Promise<Buffer> | undefined;
  const publicSecret = () => (publicPointSecret ??= serverSecret(deps.db, 'event-public-point'));

  // After commit: an e-mail to each of the audience who wants event-change e-mails (a failure is
  // logged, never undoes the change).
  function mailAudience(
    afterCommit: AfterCommit,
    audience: { userId: string; joinRequestId: string | null }[],
    actorId: string,
    mailFor: (r: Recipient, host: string) => Mail | null,
  ) {
    afterCommit(async () => {
      try {
        const people = await users.byIds([actorId, ...audience.map((a) => a.userId)]);
        const byId = new Map(people.map((u) => [u.id, u]));
        const host = byId.get(actorId)?.displayName ?? 'Host';
        for (const a of audience) {
          const user = byId.get(a.userId);
          if (!user || !wantsEmail(user, 'emailEventChanges')) continue;
          const mail = mailFor(
            {
              email: user.email,
              displayName: user.displayName,
              participant: a.joinRequestId === null,
              locale: mailLocale(user.locale),
            },
            host,
          );
          if (mail) await deps.mailer.send(mail);
        }
      } catch (err) {
        deps.logger.warn({ err }, 'event-change e-mail failed');
      }
    });
  }

  // Accepted participants and pending requesters hear about a change of the event: a notification
  // in the app, and an e-mail made by `mailFor` (ADR 033's event-change switch).
  async function tellAudience(
    tx: Tx,
    afterCommit: AfterCommit,
    event: EventRow,
    actorId: string,
    type: 'event_updated' | 'event_cancelled',
    data: Record<string, unknown>,
    mailFor: (r: Recipient, host: string) => Mail | null,
  ) {
    const audience = await repo.audience(tx, event.id);
    mailAudience(afterCommit, audience, actorId, mailFor);
    await notifications.notify(
      tx,
      afterCommit,
      audience.map((a) => ({
        userId: a.userId,
        type,
        eventId: event.id,
        actorId,
        joinRequestId: a.joinRequestId,
        data: { title: event.title, ...data },
      })),
    );
  }

  // Marks a locked event cancelled; participants and pending requesters hear about it.
  async function cancelLocked(
    tx: Tx,
    afterCommit: AfterCommit,
    current: EventRow,
    actorId: string,
    reason: string | null,
    now: Date,
  ) {
    const event = await repo.update(tx, current.id, { cancelledAt: now });
    const link = `${deps.config.publicUrl}/dashboard/${event.mode === 'online' ? 'online' : 'physical'}`;
    await tellAudience(tx, afterCommit, event, actorId, 'event_cancelled', { reason }, (r, host) =>
      eventCancelledMail(r, { event, host, reason, link }),
    );
    afterCommit(() =>
      deps.pubsub.publish(channels.event(event.id), { eventId: event.id, kind: 'cancelled' }),
    );
    return event;
  }

  // Titles and descriptions go through the content gate: a block is refused on its field (ADR 039).
  function screenTexts(viewer: Viewer, v: { title: string | null; description: string | null }) {
    return gate.screenFields(viewer.id, [
      { field: 'title', kind: 'event_title', text: v.title },
      { field: 'description', kind: 'event_description', text: v.description },
    ]);
  }

  // Changes one locked, upcoming event as `input` says; participants hear about a new time or place.
  async function updateLocked(
    tx: Tx,
    afterCommit: AfterCommit,
    viewer: Viewer,
    current: EventRow,
    input: Record<string, unknown>,
    now: Date,
  ): Promise<EventRow> {
    if (eventStatus(current, now) !== 'upcoming') throw new AppError(ErrorCode.CONFLICT, 'event.notUpcoming');
    const v = validateUpdateEvent(current, input, now);
    // Only changed texts are checked again (an untouched title was checked when it was written).
    const screenings = await screenTexts(viewer, {
      title: v.title === current.title ? null : v.title,
      description: v.description === current.description ? null : v.description,
    });
    await gate.recordAll(tx, screenings, { subjectId: current.id, eventId: current.id });
    if (v.maxParticipants < current.participantCount) {
      throw badInput([
        {
          field: 'input.maxParticipants',
          key: 'validation.capacityBelowParticipants',
          params: { count: current.participantCount },
        },
      ]);
    }
    const event = await repo.update(tx, current.id, columnsOf(v, current.id, await publicSecret()));
    const moved =
      event.startsAt.getTime() !== current.startsAt.getTime() ||
      event.endsAt.getTime() !== current.endsAt.getTime() ||
      event.lat !== current.lat ||
      event.lng !== current.lng ||
      event.platform !== current.platform;
    const link = `${deps.config.publicUrl}/dashboard/eventDetails/${event.id}`;
    if (moved)
      await tellAudience(tx, afterCommit, event, viewer.id, 'event_updated', {}, (r, host) =>
        eventMovedMail(r, { event, before: current, host, link }),
      );
    if (event.maxParticipants > current.maxParticipants)
      for (const hook of capacityHooks) await hook(tx, afterCommit, event);
    afterCommit(() => deps.pubsub.publish(channels.event(event.id), { eventId: event.id, kind: 'updated' }));
    return event;
  }

  return {
    publicSecret,
    tellAudience,
    cancelLocked,
    screenTexts,
    updateLocked,
    onCapacityRaised(hook: CapacityHook) {
      capacityHooks.push(hook);
    },
  };
}

export type EventChanges = ReturnType<typeof createEventChanges>;
