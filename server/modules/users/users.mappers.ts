import type { RatingRow, UserRow } from '#db/schema/index.ts';

export type UserModel = UserRow;
// A badge a user holds; its texts come from the badge catalogue (modules/badges).
export type BadgeModel = { id: string; earnedAt: Date };
export type UserStatsModel = {
  eventsHosted: number;
  eventsJoined: number;
  totalParticipants: number;
  averageRating: number | null;
  // Ratings received as a host (the average's weight; the host rank needs it).
  hostRatingCount: number;
};
export type RatingSummaryModel = { average: number | null; count: number };

// A display name for a new account: the name claim, else the e-mail's local part, else "Squad üyesi".
export function defaultDisplayName(claims: {
  name?: string | null;
  email?: string | null;
  username?: string | null;
}): string {
  const name = claims.name?.trim();
  if (name) return name.slice(0, 50);
  const local = claims.email?.split('@')[0]?.trim();
  if (local) return local.slice(0, 50);
  return 'Squad üyesi';
}

// Whether the user wants this kind of e-mail (settings; on unless turned off).
export function wantsEmail(
  user: Pick<UserRow, 'notificationPrefs' | 'deletedAt' | 'email'>,
  kind: keyof NonNullable<UserRow['notificationPrefs']>,
): user is typeof user & { email: string } {
  return !user.deletedAt && user.email !== null && user.notificationPrefs[kind] !== false;
}

// User.reviews: a page of ratings and the total, counted only when asked.
export type ReviewConnectionModel = {
  nodes: RatingRow[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: () => Promise<number>;
};

// Reminders and waitlist offers: which channels the user wants (ADR 046); each on unless turned off.
// E-mail also needs an address, and nothing goes to a deleted account.
export function channelsOf(
  user: Pick<UserRow, 'notificationPrefs' | 'deletedAt' | 'email'>,
  topic: 'reminders' | 'waitlist',
): { inApp: boolean; email: string | null; push: boolean } {
  if (user.deletedAt) return { inApp: false, email: null, push: false };
  const p = user.notificationPrefs;
  const on = (key: keyof NonNullable<UserRow['notificationPrefs']>) => p[key] !== false;
  return topic === 'reminders'
    ? {
        inApp: on('inAppReminders'),
        email: on('emailReminders') ? user.email : null,
        push: on('pushReminders'),
      }
    : {
        inApp: on('inAppWaitlist'),
        email: on('emailWaitlist') ? user.email : null,
        push: on('pushWaitlist'),
      };
}
