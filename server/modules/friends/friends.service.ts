import { z } from 'zod';
import type { Tx } from '#db/client.ts';
import type { UserRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { isSelf } from '#server/auth/access.ts';
import { AppError, badInput, ErrorCode, notFound } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { decodeCursor, pageOf, pageSize } from '#server/lib/paging.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
import { parseInput } from '#server/lib/validation.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import type { SafetyService } from '#server/modules/safety/safety.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { createFriendsRepository, otherOf } from './friends.repository.ts';

// Generous for a person, small for a script that adds everyone (ADR 042).
export const FRIEND_REQUESTS_PER_HOUR = 30;

export type FriendshipStatus = 'none' | 'friends' | 'request_sent' | 'request_received';

const userRef = z.object({ userId: z.string() });
const respondSchema = z.object({ userId: z.string(), accept: z.boolean() });

// Friends (ADR 042): requests one way, acceptance the other; never across a block (either side's);
// a block ends the friendship and any request.
export function createFriendsService(
  deps: Deps,
  options: { users: UsersService; safety: SafetyService; notifications: NotificationsService },
) {
  const repo = createFriendsRepository(deps.db);
  const { notifications } = options;

  // The other user: not the viewer, existing, not deleted, no block either way (looks like nobody).
  async function other(viewer: Viewer, userId: string): Promise<UserRow> {
    if (isSelf(viewer, { id: userId })) throw badInput([{ field: 'input.userId', key: 'friends.self' }]);
    if (!isUuid(userId)) throw notFound('error.userNotFound');
    const [user] = await options.users.byIds([userId]);
    if (!user || user.deletedAt) throw notFound('error.userNotFound');
    if (await options.safety.blockedBetween(viewer.id, user.id)) throw notFound('error.userNotFound');
    return user;
  }

  const run = <T>(work: (tx: Tx, afterCommit: AfterCommit) => Promise<T>) =>
    inTransaction(deps.db, deps.logger, work);

  async function acceptLocked(tx: Tx, afterCommit: AfterCommit, viewer: Viewer, requesterId: string) {
    await repo.accept(tx, viewer.id, requesterId, deps.clock.now());
    await notifications.notify(tx, afterCommit, [
      { userId: requesterId, type: 'friend_request_accepted', actorId: viewer.id },
    ]);
  }

  return {
    async send(viewer: Viewer, input: unknown): Promise<UserRow> {
      const { userId } = parseInput(userRef, input);
      const user = await other(viewer, userId);
      const limit = await deps.limiter.hit(`friend-request:${viewer.id}`, FRIEND_REQUESTS_PER_HOUR, 3600);
      if (!limit.allowed)
        throw new AppError(ErrorCode.RATE_LIMITED, 'friends.tooMany', {
          params: { minutes: Math.ceil(limit.retryAfterSeconds / 60) },
        });
      await run(async (tx, afterCommit) => {
        const existing = await repo.pair(tx, viewer.id, user.id, true);
        if (existing?.status === 'accepted') return;
        // They asked first: asking back accepts.
        if (existing && existing.requestedBy === user.id)
          return acceptLocked(tx, afterCommit, viewer, user.id);
        if (existing) return;
        const row = await repo.insertPending(tx, viewer.id, user.id);
        if (!row) return;
        await notifications.notify(tx, afterCommit, [
          { userId: user.id, type: 'friend_request_received', actorId: viewer.id },
        ]);
      });
      return user;
    },

    async respond(viewer: Viewer, input: unknown): Promise<UserRow> {
      const { userId, accept } = parseInput(respondSchema, input);
      const user = await other(viewer, userId);
      await run(async (tx, afterCommit) => {
        const row = await repo.pair(tx, viewer.id, user.id, true);
        if (!row || row.status !== 'pending' || row.requestedBy !== user.id)
          throw notFound('friends.requestNotFound');
        if (accept) await acceptLocked(tx, afterCommit, viewer, user.id);
        else await repo.delete(tx, viewer.id, user.id, { status: 'pending' });
      });
      return user;
    },

    // Takes back the viewer's own pending request; nothing to take back is fine (a double click).
    async cancel(viewer: Viewer, input: unknown): Promise<UserRow> {
      const { userId } = parseInput(userRef, input);
      const user = await other(viewer, userId);
      await repo.delete(deps.db, viewer.id, user.id, { status: 'pending', requestedBy: viewer.id });
      return user;
    },

    async remove(viewer: Viewer, input: unknown): Promise<UserRow> {
      const { userId } = parseInput(userRef, input);
      const user = await other(viewer, userId);
      await repo.delete(deps.db, viewer.id, user.id, { status: 'accepted' });
      return user;
    },

    // Part of a block (its transaction): the friendship or request between the two ends.
    async endBetween(tx: Tx, a: string, b: string): Promise<void> {
      await repo.delete(tx, a, b);
    },

    async friends(viewer: Viewer, args: { first?: number | null; after?: string | null }) {
      const limit = pageSize(args.first);
      const after = args.after ? decodeCursor(args.after, ['c']) : undefined;
      const rows = await repo.friends(viewer.id, {
        limit: limit + 1,
        after: after && { c: after.c!, id: after.id },
      });
      return pageOf(
        rows.map((r) => ({ id: r.userId, userId: r.userId, since: r.since })),
        limit,
        (r) => ({ c: r.since.toISOString(), id: r.userId }),
      );
    },

    async requests(viewer: Viewer) {
      const rows = await repo.pending(viewer.id);
      const toItem = (r: (typeof rows)[number]) => ({
        userId: otherOf(r, viewer.id),
        createdAt: r.createdAt,
      });
      return {
        incoming: rows.filter((r) => r.requestedBy !== viewer.id).map(toItem),
        outgoing: rows.filter((r) => r.requestedBy === viewer.id).map(toItem),
      };
    },

    // The viewer's relation to each of `others`.
    async statuses(viewer: Viewer, others: readonly string[]): Promise<Map<string, FriendshipStatus>> {
      const rows = await repo.between(viewer.id, others);
      const map = new Map<string, FriendshipStatus>();
      for (const r of rows) {
        const otherId = otherOf(r, viewer.id);
        map.set(
          otherId,
          r.status === 'accepted'
            ? 'friends'
            : r.requestedBy === viewer.id
              ? 'request_sent'
              : 'request_received',
        );
      }
      return map;
    },

    areFriends: async (a: string, b: string) => (await repo.pair(deps.db, a, b))?.status === 'accepted',
    mutualCounts: (viewer: Viewer, others: readonly string[]) => repo.mutualCounts(viewer.id, others),
    friendCounts: (userIds: readonly string[]) => repo.friendCounts(userIds),
    friendsGoing: (viewer: Viewer, eventIds: readonly string[]) => repo.friendsGoing(viewer.id, eventIds),
    friendsEvents: (viewer: Viewer, first: number | null | undefined) => {
      const limit = first ?? 10;
      if (!Number.isInteger(limit) || limit < 1 || limit > 50)
        throw badInput([{ field: 'first', key: 'validation.pageSize' }]);
      return repo.friendsEvents(viewer.id, deps.clock.now(), limit);
    },
    shareEvent: (a: string, b: string) => repo.shareEvent(a, b),
  };
}

export type FriendsService = ReturnType<typeof createFriendsService>;
