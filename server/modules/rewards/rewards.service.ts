import type { Tx } from '#db/client.ts';
import type { EventRow, RatingRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { AppError, badInput, ErrorCode } from '#server/errors/app-error.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import type { EarnKind, TokensService } from '#server/modules/tokens/tokens.service.ts';
import { createRewardsRepository } from './rewards.repository.ts';
import {
  CHALLENGE_GOAL,
  normalizeReferralCode,
  REFERRAL_WINDOW_DAYS,
  REWARDS,
  turkeyMonth,
} from './rewards.rules.ts';

const SETTLE_BATCH = 200;
// How long after the end the host has to record attendance before the event is settled anyway
// (ADR 049); settled at once when every participant's attendance is recorded.
export const ATTENDANCE_GRACE_MS = 24 * 3600_000;

// Tokens earned by activity (spec §9, ADR 034). Each reward once per cause, in the transaction that
// causes it, with a notification; the ledger entry names the cause.
export function createRewardsService(
  deps: Deps,
  options: { tokens: TokensService; notifications: NotificationsService },
) {
  const repo = createRewardsRepository(deps.db);
  const { tokens, notifications } = options;

  async function reward(
    tx: Tx,
    afterCommit: AfterCommit,
    r: {
      userId: string;
      amount: number;
      kind: EarnKind;
      key: string;
      eventId?: string;
      detail?: Record<string, unknown>;
    },
  ) {
    const entry = await tokens.earn(tx, afterCommit, r);
    if (!entry) return false;
    await notifications.notify(tx, afterCommit, [
      {
        userId: r.userId,
        type: 'tokens_earned',
        eventId: r.eventId ?? null,
        data: { kind: r.kind, amount: r.amount, ...r.detail },
      },
    ]);
    return true;
  }

  // Participation (+1) for each participant the host did not record as absent (ADR 049): attendance
  // decides where it was recorded. Once per participant and event (the key).
  async function payParticipation(tx: Tx, afterCommit: AfterCommit, event: EventRow) {
    const participants = await repo.participants(tx, event.id);
    for (const p of participants.filter((x) => x.attended !== false))
      await reward(tx, afterCommit, {
        userId: p.userId,
        amount: REWARDS.participation,
        kind: 'participation',
        key: `participation:${event.id}:${p.userId}`,
        eventId: event.id,
        detail: { title: event.title },
      });
    return participants.map((p) => p.userId);
  }

  // One ended event: participants' rewards, the host's referrer's reward, the host's challenge.
  async function settleEvent(eventId: string, now: Date) {
    await inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
      const event = await repo.lockEvent(tx, eventId);
      if (event) await settleLocked(tx, afterCommit, event, now);
    });
  }

  async function settleLocked(tx: Tx, afterCommit: AfterCommit, event: EventRow, now: Date) {
    if (event.rewardsSettledAt) return;
    await repo.markSettled(tx, event.id, now);
    // Cancelled events and events nobody was accepted to earn nothing (anti-farming).
    if (event.cancelledAt || event.participantCount === 0) return;
    const participants = await payParticipation(tx, afterCommit, event);
    const host = await repo.user(tx, event.hostId);
    if (!host || host.deletedAt) return;
    // The referrer earns when the referred host's first real event ends: verified e-mail, someone
    // other than the referrer took part.
    if (host.referredBy && host.emailVerified && participants.some((p) => p !== host.referredBy)) {
      const referrer = await repo.user(tx, host.referredBy);
      if (referrer && !referrer.deletedAt)
        await reward(tx, afterCommit, {
          userId: referrer.id,
          amount: REWARDS.referral,
          kind: 'referral',
          key: `referral:${host.id}`,
          eventId: event.id,
          detail: { referredUserId: host.id, name: host.displayName },
        });
    }
    const month = turkeyMonth(event.startsAt);
    if ((await repo.qualifyingHosted(tx, host.id, month, now)) >= CHALLENGE_GOAL)
      await reward(tx, afterCommit, {
        userId: host.id,
        amount: REWARDS.challenge,
        kind: 'challenge',
        key: `challenge:${host.id}:${month}`,
        detail: { month },
      });
  }

  return {
    // The job's sweep: every event that ended and was not settled yet, each in its own transaction.
    async settleEndedEvents(): Promise<number> {
      const now = deps.clock.now();
      const ids = await repo.endedUnsettled(now, ATTENDANCE_GRACE_MS, SETTLE_BATCH);
      for (const id of ids) await settleEvent(id, now);
      return ids.length;
    },

    // In the attendance's transaction (the event row locked): an ended event whose participants all
    // have a record is settled now; one settled already pays whoever is now recorded as present.
    async afterAttendance(tx: Tx, afterCommit: AfterCommit, event: EventRow) {
      const now = deps.clock.now();
      if (event.endsAt > now) return;
      if (event.rewardsSettledAt) await payParticipation(tx, afterCommit, event);
      else if (await repo.allRecorded(tx, event.id)) await settleLocked(tx, afterCommit, event, now);
    },

    // In the rating's transaction: a 5-star rating of the host pays the host, once per rater and event.
    async afterRating(tx: Tx, afterCommit: AfterCommit, rating: RatingRow, hostId: string) {
      if (rating.score !== 5 || rating.rateeId !== hostId) return;
      // The notification's text names the event, as the participation one does.
      const title = await repo.eventTitle(tx, rating.eventId);
      await reward(tx, afterCommit, {
        userId: hostId,
        amount: REWARDS.fiveStar,
        kind: 'five_star',
        key: `five_star:${rating.eventId}:${rating.raterId}`,
        eventId: rating.eventId,
        detail: { title },
      });
    },

    // A new account names who invited it (the code from the invitation link).
    async applyReferralCode(viewer: Viewer, input: { code?: unknown }) {
      const code = typeof input.code === 'string' ? normalizeReferralCode(input.code) : '';
      const referrer = code ? await repo.userByReferralCode(code) : undefined;
      if (!referrer || referrer.deletedAt) throw badInput([{ field: 'input.code', key: 'referral.unknown' }]);
      if (referrer.id === viewer.id) throw badInput([{ field: 'input.code', key: 'referral.self' }]);
      const now = deps.clock.now();
      return inTransaction(deps.db, deps.logger, async (tx) => {
        const me = await repo.lockUser(tx, viewer.id);
        if (!me) throw badInput([{ field: 'input.code', key: 'referral.unknown' }]);
        if (me.referredBy) throw new AppError(ErrorCode.CONFLICT, 'referral.already');
        const tooOld = now.getTime() - me.createdAt.getTime() > REFERRAL_WINDOW_DAYS * 86_400_000;
        if (tooOld || (await repo.hostedAny(tx, me.id)))
          throw new AppError(ErrorCode.CONFLICT, 'referral.tooLate');
        // A ring of two: whoever referred the referrer cannot be referred by them in turn.
        if (referrer.referredBy === me.id) throw badInput([{ field: 'input.code', key: 'referral.self' }]);
        await repo.setReferrer(tx, me.id, referrer.id, now);
        deps.logger.info({ userId: me.id, referrerId: referrer.id }, 'referral applied');
        return referrer;
      });
    },

    async progress(viewer: Viewer) {
      const now = deps.clock.now();
      const month = turkeyMonth(now);
      const [hosted, done, referrals] = await Promise.all([
        repo.qualifyingHosted(deps.db, viewer.id, month, now),
        tokens.earned(`challenge:${viewer.id}:${month}`),
        repo.referralCounts(viewer.id),
      ]);
      return {
        challenge: {
          month,
          hostedEvents: Math.min(hosted, CHALLENGE_GOAL),
          goal: CHALLENGE_GOAL,
          reward: REWARDS.challenge,
          done,
        },
        referrals: { ...referrals, reward: REWARDS.referral },
        rules: REWARDS,
      };
    },
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
