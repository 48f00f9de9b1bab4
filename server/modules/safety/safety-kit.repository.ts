import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import {
  safetyPlanContacts,
  safetyPlans,
  trustedContacts,
  type SafetyPlanRow,
  type TrustedContactRow,
} from '#db/schema/index.ts';

// The safety kit's rows (ADR 068). Every read and write of a user's contacts and plans takes the
// owner's id; the only reads by something else are the public page's (by its unguessable token), the
// contact's confirmation (by its token) and the check's sweep.
export function createSafetyKitRepository(db: DbOrTx) {
  const openCheck = and(
    isNull(safetyPlans.homeAt),
    isNull(safetyPlans.checkEndedAt),
    isNull(safetyPlans.alertedAt),
  );
  return {
    contactsOf: (userId: string, tx: DbOrTx = db): Promise<TrustedContactRow[]> =>
      tx
        .select()
        .from(trustedContacts)
        .where(eq(trustedContacts.userId, userId))
        .orderBy(asc(trustedContacts.createdAt), asc(trustedContacts.id)),

    // Serialises one user's contact changes (the limit of three is read, then written).
    async lockUser(tx: DbOrTx, userId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`trusted:${userId}`}, 0))`);
    },

    async insertContact(tx: DbOrTx, row: { userId: string; email: string; confirmToken: string }) {
      const [inserted] = await tx.insert(trustedContacts).values(row).onConflictDoNothing().returning();
      return inserted as TrustedContactRow | undefined;
    },

    async removeContact(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(trustedContacts)
        .where(and(eq(trustedContacts.userId, userId), eq(trustedContacts.id, id)))
        .returning({ id: trustedContacts.id });
      return rows.length === 1;
    },

    // An account's erasure (ADR 054 keeps the user row): its plans, positions and contacts go.
    async eraseAllOf(tx: DbOrTx, userId: string): Promise<void> {
      await tx.delete(safetyPlans).where(eq(safetyPlans.userId, userId));
      await tx.delete(trustedContacts).where(eq(trustedContacts.userId, userId));
    },

    // Confirms once; a second click finds the row confirmed and changes nothing.
    async confirmContact(token: string, now: Date): Promise<TrustedContactRow | undefined> {
      const [row] = await db.select().from(trustedContacts).where(eq(trustedContacts.confirmToken, token));
      if (!row || row.confirmedAt) return row;
      const [updated] = await db
        .update(trustedContacts)
        .set({ confirmedAt: now })
        .where(and(eq(trustedContacts.id, row.id), isNull(trustedContacts.confirmedAt)))
        .returning();
      return updated ?? row;
    },

    planOf: async (userId: string, eventId: string): Promise<SafetyPlanRow | undefined> =>
      (
        await db
          .select()
          .from(safetyPlans)
          .where(and(eq(safetyPlans.userId, userId), eq(safetyPlans.eventId, eventId)))
      )[0],

    planById: async (userId: string, id: string): Promise<SafetyPlanRow | undefined> =>
      (
        await db
          .select()
          .from(safetyPlans)
          .where(and(eq(safetyPlans.userId, userId), eq(safetyPlans.id, id)))
      )[0],

    planByToken: async (token: string): Promise<SafetyPlanRow | undefined> =>
      (await db.select().from(safetyPlans).where(eq(safetyPlans.pageToken, token)))[0],

    async insertPlan(
      tx: DbOrTx,
      row: Pick<
        SafetyPlanRow,
        'userId' | 'eventId' | 'pageToken' | 'shareExactPlace' | 'expectedHomeAt' | 'expiresAt'
      >,
      contactIds: string[],
    ): Promise<SafetyPlanRow | undefined> {
      const [plan] = await tx.insert(safetyPlans).values(row).onConflictDoNothing().returning();
      if (!plan) return undefined;
      await tx
        .insert(safetyPlanContacts)
        .values(contactIds.map((contactId) => ({ planId: plan.id, contactId })));
      return plan;
    },

    // The confirmed contacts a plan is shared with (a removed or never-confirmed one gets nothing).
    async planContacts(planId: string): Promise<TrustedContactRow[]> {
      const rows = await db
        .select({ contact: trustedContacts })
        .from(safetyPlanContacts)
        .innerJoin(trustedContacts, eq(trustedContacts.id, safetyPlanContacts.contactId))
        .where(and(eq(safetyPlanContacts.planId, planId), isNotNull(trustedContacts.confirmedAt)))
        .orderBy(asc(trustedContacts.createdAt));
      return rows.map((r) => r.contact);
    },

    // Changes the owner's plan while its check is `open` (not answered, ended or alerted) or
    // `unfinished` (not answered or ended: 'Evdeyim' still counts after an alert).
    async updatePlan(
      userId: string,
      id: string,
      set: Partial<SafetyPlanRow>,
      when: 'open' | 'unfinished',
    ): Promise<SafetyPlanRow | undefined> {
      const condition =
        when === 'open' ? openCheck : and(isNull(safetyPlans.homeAt), isNull(safetyPlans.checkEndedAt));
      const [row] = await db
        .update(safetyPlans)
        .set(set)
        .where(and(eq(safetyPlans.userId, userId), eq(safetyPlans.id, id), condition))
        .returning();
      return row;
    },

    // The tapped position on the owner's plan for the event, if there is one.
    async recordPosition(userId: string, eventId: string, p: { lat: number; lng: number; at: Date }) {
      await db
        .update(safetyPlans)
        .set({ lastLat: p.lat, lastLng: p.lng, lastPositionAt: p.at })
        .where(and(eq(safetyPlans.userId, userId), eq(safetyPlans.eventId, eventId)));
    },

    async deletePlan(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(safetyPlans)
        .where(and(eq(safetyPlans.userId, userId), eq(safetyPlans.id, id)))
        .returning({ id: safetyPlans.id });
      return rows.length === 1;
    },

    // Open checks whose question is due and not yet asked.
    dueToAsk: (until: Date, limit: number) =>
      db
        .select({ id: safetyPlans.id, eventId: safetyPlans.eventId })
        .from(safetyPlans)
        .where(and(openCheck, isNull(safetyPlans.askedAt), lte(safetyPlans.expectedHomeAt, until)))
        .orderBy(asc(safetyPlans.expectedHomeAt))
        .limit(limit),

    // Open checks whose alert is due.
    dueToAlert: (until: Date, limit: number) =>
      db
        .select({ id: safetyPlans.id })
        .from(safetyPlans)
        .where(and(openCheck, lte(safetyPlans.expectedHomeAt, until)))
        .orderBy(asc(safetyPlans.expectedHomeAt))
        .limit(limit),

    // The claims: one conditional update wins on any replica; the others find nothing to claim.
    async claimAsk(tx: DbOrTx, id: string, now: Date, until: Date): Promise<SafetyPlanRow | undefined> {
      const [row] = await tx
        .update(safetyPlans)
        .set({ askedAt: now })
        .where(
          and(
            eq(safetyPlans.id, id),
            openCheck,
            isNull(safetyPlans.askedAt),
            lte(safetyPlans.expectedHomeAt, until),
          ),
        )
        .returning();
      return row;
    },

    async claimAlert(id: string, now: Date, until: Date): Promise<SafetyPlanRow | undefined> {
      const [row] = await db
        .update(safetyPlans)
        .set({ alertedAt: now })
        .where(and(eq(safetyPlans.id, id), openCheck, lte(safetyPlans.expectedHomeAt, until)))
        .returning();
      return row;
    },

    // What a plan keeps once its page expired: nothing shared (the position goes at once), the row
    // itself a week later.
    async sweepExpired(now: Date): Promise<number> {
      await db
        .update(safetyPlans)
        .set({ lastLat: null, lastLng: null, lastPositionAt: null })
        .where(and(lte(safetyPlans.expiresAt, now), isNotNull(safetyPlans.lastPositionAt)));
      const gone = await db
        .delete(safetyPlans)
        .where(lte(safetyPlans.expiresAt, new Date(now.getTime() - 7 * 86_400_000)))
        .returning({ id: safetyPlans.id });
      return gone.length;
    },

    confirmedContacts: (userId: string, ids?: string[]) =>
      db
        .select()
        .from(trustedContacts)
        .where(
          and(
            eq(trustedContacts.userId, userId),
            isNotNull(trustedContacts.confirmedAt),
            ids ? inArray(trustedContacts.id, ids) : undefined,
          ),
        )
        .orderBy(asc(trustedContacts.createdAt)),
  };
}
