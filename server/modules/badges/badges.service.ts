import type { Tx } from '#db/client.ts';
import type { Deps } from '#server/context/deps.ts';
import type { AfterCommit } from '#server/lib/unit-of-work.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import { badgeCatalog, earnedBadges } from './badges.catalog.ts';
import { createBadgesRepository, type EarnedBadge } from './badges.repository.ts';

export type { EarnedBadge };

// Badges by rules (ADR 033): whoever writes something that can earn a badge calls `evaluate` inside
// that write's transaction, so a badge and its cause commit together, once.
export function createBadgesService(deps: Deps, notifications: NotificationsService) {
  const repo = createBadgesRepository(deps.db);
  return {
    catalog: badgeCatalog,

    // Awards the badges the user's stored facts now earn and does not hold yet, each with a
    // notification. Returns the new ones.
    async evaluate(tx: Tx, afterCommit: AfterCommit, userId: string): Promise<EarnedBadge[]> {
      const facts = await repo.factsOf(tx, userId);
      if (!facts) return [];
      const held = await repo.heldBy(tx, userId);
      const due = earnedBadges(facts).filter((id) => !held.has(id));
      const awarded = await repo.award(tx, userId, due, deps.clock.now());
      if (awarded.length > 0) {
        await notifications.notify(
          tx,
          afterCommit,
          awarded.map((b) => ({ userId, type: 'badge_earned' as const, data: { badgeId: b.id } })),
        );
        deps.logger.info({ userId, badges: awarded.map((b) => b.id) }, 'badges earned');
      }
      return awarded;
    },

    badgesFor: (userIds: readonly string[]) => repo.badgesFor(userIds),
  };
}

export type BadgesService = ReturnType<typeof createBadgesService>;
