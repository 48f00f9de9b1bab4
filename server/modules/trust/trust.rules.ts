import type { Tx } from '#db/client.ts';
import type { UserRow } from '#db/schema/index.ts';
import type { AfterCommit } from '#server/lib/unit-of-work.ts';

// What removing a piece of content means for its kind (clear a bio, hide a message, cancel an
// event …); the module that owns the row registers it at start-up.
export type ContentRemover = (
  tx: Tx,
  afterCommit: AfterCommit,
  target: { authorId: string; subjectId: string | null; eventId: string | null; reason: string },
) => Promise<unknown>;
export type EventCanceller = (
  tx: Tx,
  afterCommit: AfterCommit,
  eventId: string,
  moderatorId: string,
  reason: string,
) => Promise<{ hostId: string } | null>;
// Told after a suspension or restore has committed: sessions, caches and sockets (ADR 039).
export type AccountHook = (user: UserRow) => Promise<void>;

export type RemovableField = 'bio' | 'display_name' | 'username' | 'avatar';

// A suspension is active from its start until its end (none: until lifted).
export const isActiveSuspension = (u: Pick<UserRow, 'suspendedAt' | 'suspendedUntil'>, now: Date): boolean =>
  u.suspendedAt !== null && (u.suspendedUntil === null || u.suspendedUntil > now);
