import { z } from 'zod';
import type { EventRow, SafetyPlanRow, UserRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { isHost } from '#server/auth/access.ts';
import { AppError, ErrorCode, badInput, notFound } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { inTransaction } from '#server/lib/unit-of-work.ts';
import { parseInput } from '#server/lib/validation.ts';
import type { EventsService } from '#server/modules/events/events.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { createSafetyKitRepository } from './safety-kit.repository.ts';
import { homeAfterAlertMail, planSharedMail } from './safety-kit.mails.ts';
import { newSecret } from './safety-contacts.service.ts';
import {
  DEFAULT_HOME_AFTER_END,
  PAGE_LIFETIME_AFTER_END,
  homeTimeAllowed,
  planFacts,
  planState,
  type PlanState,
} from './safety-plans.rules.ts';

const shareSchema = z.object({
  eventId: z.string(),
  contactIds: z.array(z.string()).min(1, 'validation.planContacts').max(3, 'validation.planContacts'),
  shareExactPlace: z.boolean().nullish(),
  expectedHomeAt: z.date().nullish(),
});
const extendSchema = z.object({ planId: z.string(), expectedHomeAt: z.date() });

// What the public plan page may show (issue 30 point 2): the plan's state and what the user shared,
// nothing else about them; only the state once the page expired.
export type PublicPlan = {
  state: PlanState;
  plan: SafetyPlanRow;
  event: EventRow | null;
  user: UserRow | null;
  host: UserRow | null;
};

// Shared plans and their 'Evdeyim' check (issue 30 points 2 and 3, ADR 068). Only the owner reads
// or changes a plan by id; contacts see it through its page's token.
export function createSafetyPlansService(
  deps: Deps,
  options: { users: UsersService; events: EventsService },
) {
  const repo = createSafetyKitRepository(deps.db);
  const now = () => deps.clock.now();

  async function eventOf(viewer: Viewer, eventId: string): Promise<EventRow> {
    const [event] = isUuid(eventId) ? await options.events.byIds([eventId]) : [];
    if (!event) throw notFound('error.eventNotFound');
    const relation = (await options.events.relationsOf(viewer, [event.id])).get(event.id);
    if (!isHost(viewer, event) && relation !== 'participant')
      throw new AppError(ErrorCode.FORBIDDEN, 'safety.planNotAllowed');
    return event;
  }

  async function owned(viewer: Viewer, planId: string): Promise<SafetyPlanRow> {
    const plan = isUuid(planId) ? await repo.planById(viewer.id, planId) : undefined;
    if (!plan) throw notFound('safety.planNotFound');
    return plan;
  }

  async function factsOf(plan: SafetyPlanRow) {
    const [event] = await options.events.byIds([plan.eventId]);
    const [user, host] = await Promise.all([
      options.users.byIds([plan.userId]).then((r) => r[0]),
      options.users.byIds([event.hostId]).then((r) => r[0]),
    ]);
    return planFacts(deps.config.publicUrl, { plan, event, user, host });
  }

  // Sends `mail` to each confirmed contact of the plan; a failed send is logged by ids only.
  async function mailContacts(
    plan: SafetyPlanRow,
    make: (to: string) => Parameters<Deps['mailer']['send']>[0],
  ) {
    const contacts = await repo.planContacts(plan.id);
    const results = await Promise.allSettled(contacts.map((c) => deps.mailer.send(make(c.email))));
    for (const [i, r] of results.entries())
      if (r.status === 'rejected')
        deps.logger.warn({ err: r.reason, planId: plan.id, contactId: contacts[i].id }, 'safety mail failed');
    return contacts.length;
  }

  return {
    mine: async (viewer: Viewer, eventId: string) =>
      isUuid(eventId) ? ((await repo.planOf(viewer.id, eventId)) ?? null) : null,

    contactsOfPlan: (plan: SafetyPlanRow) => repo.planContacts(plan.id),

    // 'Planımı paylaş': to confirmed contacts the user chose, for an upcoming or running event they
    // host or were accepted to.
    async share(viewer: Viewer, input: unknown): Promise<SafetyPlanRow> {
      const v = parseInput(shareSchema, input);
      const event = await eventOf(viewer, v.eventId);
      const at = now();
      if (event.cancelledAt || event.endsAt <= at)
        throw new AppError(ErrorCode.CONFLICT, 'safety.planEventOver');
      const expectedHomeAt = v.expectedHomeAt ?? new Date(event.endsAt.getTime() + DEFAULT_HOME_AFTER_END);
      if (!homeTimeAllowed(event, expectedHomeAt))
        throw badInput([{ field: 'input.expectedHomeAt', key: 'safety.homeTimeRange' }]);
      const ids = [...new Set(v.contactIds)];
      const contacts = ids.every(isUuid) ? await repo.confirmedContacts(viewer.id, ids) : [];
      if (contacts.length !== ids.length)
        throw badInput([{ field: 'input.contactIds', key: 'safety.planNoContacts' }]);
      const plan = await inTransaction(deps.db, deps.logger, (tx) =>
        repo.insertPlan(
          tx,
          {
            userId: viewer.id,
            eventId: event.id,
            pageToken: newSecret(),
            shareExactPlace: v.shareExactPlace ?? false,
            expectedHomeAt,
            expiresAt: new Date(event.endsAt.getTime() + PAGE_LIFETIME_AFTER_END),
          },
          contacts.map((c) => c.id),
        ),
      );
      if (!plan) throw new AppError(ErrorCode.CONFLICT, 'safety.planExists');
      const facts = await factsOf(plan);
      await mailContacts(plan, (to) => planSharedMail(to, facts));
      deps.logger.info(
        { planId: plan.id, eventId: event.id, contacts: contacts.length },
        'safety plan shared',
      );
      return plan;
    },

    // 'Evdeyim': ends the check; after an alert the contacts hear that the user is home.
    async confirmHome(viewer: Viewer, input: { planId: string }): Promise<SafetyPlanRow> {
      const plan = await owned(viewer, input.planId);
      if (plan.homeAt) return plan;
      const updated = await repo.updatePlan(viewer.id, plan.id, { homeAt: now() }, 'unfinished');
      if (!updated) throw new AppError(ErrorCode.CONFLICT, 'safety.checkClosed');
      if (updated.alertedAt) {
        const facts = await factsOf(updated);
        await mailContacts(updated, (to) => homeAfterAlertMail(to, facts));
      }
      return updated;
    },

    // A later home time asks again before it; not once the contacts were alerted.
    async extend(viewer: Viewer, input: unknown): Promise<SafetyPlanRow> {
      const v = parseInput(extendSchema, input);
      const plan = await owned(viewer, v.planId);
      const [event] = await options.events.byIds([plan.eventId]);
      if (!homeTimeAllowed(event, v.expectedHomeAt) || v.expectedHomeAt <= now())
        throw badInput([{ field: 'input.expectedHomeAt', key: 'safety.homeTimeRange' }]);
      const updated = await repo.updatePlan(
        viewer.id,
        plan.id,
        { expectedHomeAt: v.expectedHomeAt, askedAt: null },
        'open',
      );
      if (!updated) throw new AppError(ErrorCode.CONFLICT, 'safety.checkClosed');
      return updated;
    },

    // Ends the check without 'Evdeyim': no question, no alert; the plan page stays.
    async endCheck(viewer: Viewer, input: { planId: string }): Promise<SafetyPlanRow> {
      const plan = await owned(viewer, input.planId);
      if (plan.checkEndedAt) return plan;
      const updated = await repo.updatePlan(viewer.id, plan.id, { checkEndedAt: now() }, 'unfinished');
      if (!updated) throw new AppError(ErrorCode.CONFLICT, 'safety.checkClosed');
      return updated;
    },

    // The plan, its contacts' links to it and the last shared position go at once.
    async remove(viewer: Viewer, input: { planId: string }): Promise<string> {
      const plan = await owned(viewer, input.planId);
      await repo.deletePlan(viewer.id, plan.id);
      deps.logger.info({ planId: plan.id }, 'safety plan deleted');
      return plan.id;
    },

    // The public page by its token: state only once expired.
    async publicPage(token: string): Promise<PublicPlan> {
      const plan = token.length >= 20 && token.length <= 100 ? await repo.planByToken(token) : undefined;
      if (!plan) throw notFound('safety.planPageNotFound');
      const state = planState(plan, now());
      if (state === 'expired') return { state, plan, event: null, user: null, host: null };
      const [event] = await options.events.byIds([plan.eventId]);
      const [user] = await options.users.byIds([plan.userId]);
      const [host] = event ? await options.users.byIds([event.hostId]) : [];
      return { state, plan, event: event ?? null, user: user ?? null, host: host ?? null };
    },

    factsOf,
    mailContacts,
  };
}

export type SafetyPlansService = ReturnType<typeof createSafetyPlansService>;
