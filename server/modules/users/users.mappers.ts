import type { BadgeRow, UserRow } from '#db/schema/index.ts';

export type UserModel = UserRow;
export type BadgeModel = BadgeRow & { earnedAt: Date };
export type UserStatsModel = {
  eventsHosted: number;
  eventsJoined: number;
  totalParticipants: number;
  averageRating: number | null;
};

// A display name for a new account: the name claim, else the e-mail's local part, else "Squad üyesi".
export function defaultDisplayName(claims: {
  name?: string | null;
  email?: string | null;
  username?: string | null;
}): string {
  const name = claims.name?.trim();
  if (name) return name.slice(0, 60);
  const local = claims.email?.split('@')[0]?.trim();
  if (local) return local.slice(0, 60);
  return 'Squad üyesi';
}
