import { isSelf } from '#server/auth/access.ts';
import type { Context } from '#server/context/context.ts';
import { requireViewer } from '#server/context/context.ts';
import { unauthenticated } from '#server/errors/app-error.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { isUuid } from '#server/lib/ids.ts';
import type { UserModel } from './users.mappers.ts';

// Private fields: only the user themself sees them.
const own =
  <T>(pick: (u: UserModel) => T) =>
  (u: UserModel, _args: unknown, ctx: Context): T | null =>
    isSelf(ctx.viewer, u) ? pick(u) : null;

export const usersResolvers: Resolvers = {
  Query: {
    async me(_parent, _args, ctx) {
      const viewer = requireViewer(ctx);
      const row = await ctx.loaders.user.load(viewer.id);
      if (!row) throw unauthenticated();
      return row;
    },
    user: (_parent, { id }, ctx) => (isUuid(id) ? ctx.loaders.user.load(id) : null),
  },
  User: {
    interests: (u) => u.interests,
    stats: (u, _args, ctx) => ctx.loaders.userStats.load(u.id),
    badges: (u, _args, ctx) => ctx.loaders.userBadges.load(u.id),
    email: own((u) => u.email),
    fullName: own((u) => u.fullName),
    tokenBalance: own((u) => u.tokenBalance),
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
    homePoint: own((u) =>
      u.homeLat !== null && u.homeLng !== null ? { lat: u.homeLat, lng: u.homeLng } : null,
    ),
  },
};
