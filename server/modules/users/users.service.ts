import type { UserRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { inTransaction } from '#server/lib/unit-of-work.ts';
import { lookupIp } from '#server/modules/geo/geoip.ts';
import type { TokensService } from '#server/modules/tokens/tokens.service.ts';
import { defaultDisplayName } from './users.mappers.ts';
import { createUsersRepository } from './users.repository.ts';

export type IdentityClaims = {
  sub: string;
  username: string;
  email?: string | null;
  emailVerified?: boolean;
  name?: string | null;
  // Seconds since the epoch at which the token stops being valid, and at which it was issued.
  expiresAt?: number;
  issuedAt?: number;
  // The refresh token (session) the access token was issued from.
  originJti?: string;
};

export type ProfileLookup = () => Promise<{
  email: string | null;
  name: string | null;
  emailVerified: boolean;
} | null>;

const VIEWER_CACHE_TTL_MS = 60_000;
const VIEWER_CACHE_MAX = 10_000;

export function createUsersService(deps: Deps, tokens: TokensService) {
  const repo = createUsersRepository(deps.db);
  // sub -> viewer identity. Only the immutable part is cached; balances and profiles are read fresh.
  const cache = new Map<string, { viewer: Viewer; until: number }>();
  const lastSeenWrites = new Map<string, number>();
  const ipLocated = new Map<string, number>();

  function remember(viewer: Viewer) {
    if (cache.size >= VIEWER_CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(viewer.sub, { viewer, until: Date.now() + VIEWER_CACHE_TTL_MS });
  }

  const toViewer = (row: UserRow): Viewer => ({
    id: row.id,
    sub: row.sub,
    role: row.role,
    locale: row.locale === 'en' ? 'en' : 'tr',
  });

  return {
    // The user behind a verified token; the first authenticated request creates the row and grants the
    // sign-up tokens in the same transaction.
    async viewerFor(claims: IdentityClaims, lookupProfile?: ProfileLookup): Promise<Viewer> {
      const hit = cache.get(claims.sub);
      if (hit && hit.until > Date.now()) return hit.viewer;
      let row = await repo.findBySub(claims.sub);
      if (!row) {
        const profile = (await lookupProfile?.().catch(() => null)) ?? null;
        const who = { ...claims, email: claims.email ?? profile?.email, name: claims.name ?? profile?.name };
        row = await inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
          const created = await repo.insertIfAbsent(tx, {
            sub: claims.sub,
            email: who.email ?? null,
            emailVerified: (claims.emailVerified ?? profile?.emailVerified) ? 1 : 0,
            displayName: defaultDisplayName(who),
            fullName: who.name ?? null,
          });
          if (!created) return undefined;
          await tokens.grantSignup(tx, afterCommit, created.id);
          deps.logger.info({ userId: created.id }, 'user created');
          return created;
        });
        // Lost a race with a parallel first request: the other one created it.
        row ??= await repo.findBySub(claims.sub);
        if (!row) throw new Error('user row missing after insert');
      }
      const viewer = toViewer(row);
      remember(viewer);
      return viewer;
    },

    forget(sub: string) {
      cache.delete(sub);
    },

    byIds: (ids: readonly string[]) => repo.findByIds(ids),
    statsFor: (ids: readonly string[]) => repo.statsFor(ids),
    badgesFor: (ids: readonly string[]) => repo.badgesFor(ids),
    // At most one write a minute per user and instance: "active in the last 15 minutes" needs no more.
    // The request's IP also gives the map's default centre (offline GeoIP), refreshed hourly.
    seen(userId: string, ip: string | null) {
      const now = Date.now();
      const last = lastSeenWrites.get(userId) ?? 0;
      if (now - last < 60_000) return;
      if (lastSeenWrites.size > VIEWER_CACHE_MAX) lastSeenWrites.clear();
      lastSeenWrites.set(userId, now);
      let location;
      const located = ipLocated.get(userId) ?? 0;
      if (ip && now - located > 3_600_000) {
        ipLocated.set(userId, now);
        try {
          location = lookupIp(ip) ?? undefined;
        } catch (err) {
          deps.logger.warn({ err }, 'GeoIP lookup failed');
        }
      }
      repo.recordSeen(userId, location).catch((err) => deps.logger.warn({ err }, 'last-seen update failed'));
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
