import type { Tx } from '#db/client.ts';
import type { ReportRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import { createTrustRepository } from './trust.repository.ts';
import { AUTO_HIDE_REPORTERS, AUTO_HIDE_WINDOW_MS } from './trust.validation.ts';

// The automatic safeguards (ADR 039), run inside the transactions of the reports and join requests
// that trigger them, and written to the audit log with no moderator.
export function createTrustSafeguards(deps: Deps) {
  const repo = createTrustRepository(deps.db);
  const log = async (tx: Tx, values: Parameters<typeof repo.insertAction>[1]) => {
    const action = await repo.insertAction(tx, values);
    deps.logger.info(
      { actionId: action.id, action: action.action, targetUserId: action.targetUserId },
      'safeguard',
    );
    return action;
  };

  return {
    // Automatic safeguard, in the report's transaction: several different reporters in a short time
    // take the user out of discovery until a moderator has looked.
    async afterReport(tx: Tx, report: ReportRow): Promise<void> {
      const since = new Date(deps.clock.now().getTime() - AUTO_HIDE_WINDOW_MS);
      const reporters = await repo.distinctReportersSince(tx, report.targetUserId, since);
      if (reporters < AUTO_HIDE_REPORTERS) return;
      const user = await repo.lockUser(tx, report.targetUserId);
      if (!user || user.hiddenFromDiscoveryAt || user.role !== 'user') return;
      await repo.updateUser(tx, user.id, { hiddenFromDiscoveryAt: deps.clock.now() });
      await log(tx, {
        moderatorId: null,
        action: 'auto_hide',
        targetUserId: user.id,
        reportId: report.id,
        reason: `${reporters} farklı kişi ${AUTO_HIDE_WINDOW_MS / 3600_000} saat içinde şikâyet etti`,
        details: { reporters },
      });
    },

    // Automatic safeguard, in the join request's transaction (join requests count the verdicts).
    async pauseJoinRequests(tx: Tx, userId: string, until: Date, blocks: number): Promise<void> {
      const user = await repo.lockUser(tx, userId);
      if (!user || (user.joinRequestsPausedUntil && user.joinRequestsPausedUntil >= until)) return;
      await repo.updateUser(tx, userId, { joinRequestsPausedUntil: until });
      await log(tx, {
        moderatorId: null,
        action: 'auto_pause_joins',
        targetUserId: userId,
        reason: `${blocks} katılım mesajı içerik kontrolünde engellendi`,
        until,
        details: { blocks },
      });
    },
  };
}

export type TrustSafeguards = ReturnType<typeof createTrustSafeguards>;
