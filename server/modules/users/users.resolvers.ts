import { isSelf } from '#server/auth/access.ts';
import type { Context } from '#server/context/context.ts';
import { requireViewer } from '#server/context/context.ts';
import { unauthenticated } from '#server/errors/app-error.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { isUuid } from '#server/lib/ids.ts';
import { tagOf } from '#server/modules/events/events.catalog.ts';
import { AVATAR_MAX_BYTES } from '#server/modules/uploads/uploads.images.ts';
import { packageById, TOKEN_PACKAGES } from '#server/modules/tokens/tokens.packages.ts';
import type { UserModel } from './users.mappers.ts';
import { USERNAME_MAX, USERNAME_MIN } from './users.username.ts';
import { PROFILE_LIMITS } from './users.validation.ts';
import { hostRank } from './users.rank.ts';

// Private fields: only the user themself sees them.
const own =
  <T>(pick: (u: UserModel) => T) =>
  (u: UserModel, _args: unknown, ctx: Context): T | null =>
    isSelf(ctx.viewer, u) ? pick(u) : null;

const SIZES = { SMALL: 'small', MEDIUM: 'medium', LARGE: 'large' } as const;

export const usersResolvers: Resolvers = {
  Query: {
    async me(_parent, _args, ctx) {
      const viewer = requireViewer(ctx);
      const row = await ctx.loaders.user.load(viewer.id);
      if (!row) throw unauthenticated();
      return row;
    },
    user: (_parent, { id }, ctx) => (isUuid(id) ? ctx.loaders.user.load(id) : null),
    profileLimits: () => ({
      displayNameMin: PROFILE_LIMITS.displayNameMin,
      displayNameMax: PROFILE_LIMITS.displayNameMax,
      usernameMin: USERNAME_MIN,
      usernameMax: USERNAME_MAX,
      bioMax: PROFILE_LIMITS.bioMax,
      interestsMax: PROFILE_LIMITS.interestsMax,
      avatarMaxBytes: AVATAR_MAX_BYTES,
    }),
    usernameAvailable: (_parent, { username }, ctx) =>
      ctx.services.users.usernameCheck(requireViewer(ctx), username),
  },
  Mutation: {
    async updateProfile(_parent, { input }, ctx) {
      const viewer = requireViewer(ctx);
      const { user, newBadges } = await ctx.services.users.updateProfile(viewer, input);
      ctx.loaders.user.clear(viewer.id).prime(viewer.id, user);
      ctx.loaders.userBadges.clear(viewer.id);
      return { viewer: user, newBadges };
    },
    async updateSettings(_parent, { input }, ctx) {
      const viewer = requireViewer(ctx);
      const user = await ctx.services.users.updateSettings(viewer, input);
      ctx.loaders.user.clear(viewer.id).prime(viewer.id, user);
      return { viewer: user };
    },
    deleteAccount: (_parent, { input }, ctx) =>
      ctx.services.users.deleteAccount(requireViewer(ctx), input, ctx.ip),
    exportMyData: (_parent, _args, ctx) => ctx.services.users.exportData(requireViewer(ctx)),
  },
  User: {
    role: (u, _args, ctx) => (isSelf(ctx.viewer, u) ? u.role : null),
    avatarUrl: (u, { size }, ctx) => ctx.services.uploads.pictureOf(u, SIZES[size ?? 'MEDIUM']),
    interests: (u) => u.interests.map(tagOf),
    stats: (u, _args, ctx) => ctx.loaders.userStats.load(u.id),
    badges: (u, _args, ctx) => ctx.loaders.userBadges.load(u.id),
    hostRating: async (u, _args, ctx) => (await ctx.loaders.ratingSummary.load(u.id)).host,
    participantRating: async (u, _args, ctx) => (await ctx.loaders.ratingSummary.load(u.id)).participant,
    reviews: (u, { first, after }, ctx) => ctx.services.users.reviews(requireViewer(ctx), u.id, first, after),
    email: own((u) => u.email),
    fullName: own((u) => u.fullName),
    tokenBalance: own((u) => u.tokenBalance),
    locale: own((u) => u.locale),
    notificationPreferences: own((u) => ({
      emailJoinRequests: u.notificationPrefs.emailJoinRequests ?? true,
      emailMessages: u.notificationPrefs.emailMessages ?? true,
      emailDecisions: u.notificationPrefs.emailDecisions ?? true,
      emailEventChanges: u.notificationPrefs.emailEventChanges ?? true,
      inAppReminders: u.notificationPrefs.inAppReminders ?? true,
      emailReminders: u.notificationPrefs.emailReminders ?? true,
      pushReminders: u.notificationPrefs.pushReminders ?? true,
      inAppWaitlist: u.notificationPrefs.inAppWaitlist ?? true,
      emailWaitlist: u.notificationPrefs.emailWaitlist ?? true,
      pushWaitlist: u.notificationPrefs.pushWaitlist ?? true,
    })),
    calendarFeedUrl: (u, _args, ctx) => (isSelf(ctx.viewer, u) ? ctx.services.calendar.feedUrl(u) : null),
    pushDevices: (u, _args, ctx) =>
      isSelf(ctx.viewer, u) ? ctx.services.push.devices(requireViewer(ctx)) : null,
    exactLocation: own((u) =>
      u.exactLocation
        ? {
            name:
              u.exactLocation.address ??
              `${u.exactLocation.lat.toFixed(6)}, ${u.exactLocation.lng.toFixed(6)}`,
            address: u.exactLocation.address,
            lat: u.exactLocation.lat,
            lng: u.exactLocation.lng,
            kind: 'address' as const,
            province: u.city,
            district: u.district,
            distanceKm: null,
          }
        : null,
    ),
    lastUsedIpLocation: own((u) => u.lastIpLocation ?? null),
    referralCode: own((u) => u.referralCode),
    referralLink: (u, _args, ctx) =>
      isSelf(ctx.viewer, u) ? `${ctx.config.publicUrl}/register?ref=${u.referralCode}` : null,
    autoRefill: own((u) => ({
      enabled: u.autoRefillEnabled === 1,
      threshold: u.autoRefillThreshold,
      package: packageById(u.autoRefillPackage) ?? TOKEN_PACKAGES[0],
      paymentMethod: u.paymentMethod
        ? { provider: u.paymentMethod.provider, brand: u.paymentMethod.brand, last4: u.paymentMethod.last4 }
        : null,
    })),
    expiringTokens: async (u, _args, ctx) =>
      isSelf(ctx.viewer, u)
        ? (await ctx.services.tokens.expiringLots(requireViewer(ctx))).map((lot) => ({
            tokens: lot.remaining,
            expiresAt: lot.expiresAt!,
          }))
        : null,
    homePoint: own((u) =>
      u.homeLat !== null && u.homeLng !== null ? { lat: u.homeLat, lng: u.homeLng } : null,
    ),
    mapCenter: own((u) => {
      if (u.exactLocation) return { lat: u.exactLocation.lat, lng: u.exactLocation.lng };
      if (u.homeLat !== null && u.homeLng !== null) return { lat: u.homeLat, lng: u.homeLng };
      return u.lastIpLocation ? { lat: u.lastIpLocation.lat, lng: u.lastIpLocation.lng } : null;
    }),
  },
  UserStats: {
    hostRank: (stats) => hostRank(stats),
  },
  ReviewConnection: {
    totalCount: (connection) => connection.totalCount(),
  },
};
