import type { Tx } from '#db/client.ts';
import { uniqueViolationOf } from '#db/client.ts';
import type { UserRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { AppError, badInput, ErrorCode, unauthenticated } from '#server/errors/app-error.ts';
import { t, type MessageKey } from '#server/lib/i18n.ts';
import { decodeCursor, pageOf, pageSize } from '#server/lib/paging.ts';
import { currentLocale } from '#server/lib/request-scope.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
import type { BadgesService, EarnedBadge } from '#server/modules/badges/badges.service.ts';
import type { GeoService } from '#server/modules/geo/geo.service.ts';
import { lookupIp } from '#server/modules/geo/geoip.ts';
import { reasonText } from '#server/modules/moderation/moderation.ts';
import type { Screening, TrustGate } from '#server/modules/trust/trust-gate.service.ts';
import type { TokensService } from '#server/modules/tokens/tokens.service.ts';
import { defaultDisplayName } from './users.mappers.ts';
import type { ErasureLeftovers } from './users.erasure.repository.ts';
import { createUsersRepository, type ProfileColumns } from './users.repository.ts';
import { normalizeUsername, usernameKey, usernameProblem } from './users.username.ts';
import { validateProfile, validateSettings } from './users.validation.ts';
import { createAccountEnd } from './users-account.service.ts';

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
  // When the user signed in (the token's auth_time, seconds since the epoch).
  authTime?: number;
};

export type ProfileLookup = () => Promise<{
  email: string | null;
  name: string | null;
  emailVerified: boolean;
} | null>;

// What other modules do when an account is deleted, inside the deletion's transaction. Returns how
// many upcoming events it cancelled (events), or 0.
export type AccountDeletedHook = (tx: Tx, afterCommit: AfterCommit, user: UserRow) => Promise<number>;
// A picture stopped being anyone's: its stored files can go (after commit).
export type AvatarDroppedHook = (key: string) => Promise<void>;
// After a deletion's commit: stored files and a saved payment method to remove outside (ADR 054).
export type ErasedHook = (leftovers: ErasureLeftovers) => Promise<void>;
// The owner proves it again before the account goes (ADR 054): the built-in provider checks the
// password through its sign-in guard; null when there is no provider that can (a Cognito pool).
export type PasswordCheck = (
  sub: string,
  password: string,
  ip: string,
) => Promise<
  { outcome: 'ok' | 'wrong' | 'no_password' } | { outcome: 'throttled'; retryAfterSeconds: number }
>;

const VIEWER_CACHE_TTL_MS = 60_000;
const VIEWER_CACHE_MAX = 10_000;

const conflict = (key: MessageKey, field: string) =>
  new AppError(ErrorCode.CONFLICT, key, { fields: [{ field, key }] });

export function createUsersService(
  deps: Deps,
  options: { tokens: TokensService; gate: TrustGate; geo: GeoService; badges: BadgesService },
) {
  const repo = createUsersRepository(deps.db);
  const { tokens, gate, geo, badges } = options;
  // sub -> viewer identity. Only the immutable part is cached; balances and profiles are read fresh.
  const cache = new Map<string, { viewer: Viewer; until: number }>();
  const lastSeenWrites = new Map<string, number>();
  const ipLocated = new Map<string, number>();
  const deletedHooks: AccountDeletedHook[] = [];
  const avatarHooks: AvatarDroppedHook[] = [];
  const erasedHooks: ErasedHook[] = [];
  let passwordCheck: PasswordCheck | null = null;

  function remember(viewer: Viewer) {
    if (cache.size >= VIEWER_CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(viewer.sub, { viewer, until: Date.now() + VIEWER_CACHE_TTL_MS });
  }

  const toViewer = (row: UserRow): Viewer => ({
    id: row.id,
    sub: row.sub,
    role: row.role,
    locale: row.locale === 'en' ? 'en' : 'tr',
    suspension: row.suspendedAt ? { until: row.suspendedUntil, reason: row.suspensionReason } : null,
  });

  // User text goes through the content gate before anyone sees it (ADR 033, 039): a block verdict is
  // refused on its field with the reasons; review is kept and flagged for moderators.
  function checkTexts(
    viewer: Viewer,
    fields: { displayName?: string | null; username?: string | null; bio?: string | null },
  ): Promise<Screening[]> {
    return gate.screenFields(viewer.id, [
      { field: 'displayName', kind: 'display_name', text: fields.displayName },
      { field: 'username', kind: 'username', text: fields.username },
      { field: 'bio', kind: 'bio', text: fields.bio },
    ]);
  }

  function afterCommitDrop(afterCommit: AfterCommit, key: string | null | undefined) {
    if (!key) return;
    afterCommit(async () => {
      for (const hook of avatarHooks) await hook(key);
    });
  }

  async function currentRow(viewer: Viewer): Promise<UserRow> {
    const [row] = await repo.findByIds([viewer.id]);
    if (!row) throw unauthenticated();
    return row;
  }

  const account = createAccountEnd({
    deps,
    repo,
    cache,
    deletedHooks,
    erasedHooks,
    passwordCheck: () => passwordCheck,
    currentRow,
    afterCommitDrop,
  });

  return {
    ...account,
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

    // The viewer of an existing account, never creating one (explaining a refused token).
    async knownViewer(sub: string): Promise<Viewer | undefined> {
      const row = await repo.findBySub(sub);
      return row ? toViewer(row) : undefined;
    },

    onAccountDeleted(hook: AccountDeletedHook) {
      deletedHooks.push(hook);
    },

    onAvatarDropped(hook: AvatarDroppedHook) {
      avatarHooks.push(hook);
    },

    onErased(hook: ErasedHook) {
      erasedHooks.push(hook);
    },

    usePasswordCheck(check: PasswordCheck) {
      passwordCheck = check;
    },

    // Whether the viewer may take `raw` as their username, and why not.
    async usernameCheck(viewer: Viewer, raw: string) {
      const username = normalizeUsername(raw);
      const locale = currentLocale();
      const refuse = (reason: string) => ({ username, available: false, reason });
      const problem = usernameProblem(username);
      if (problem) return refuse(t(locale, problem));
      const check = await gate.check('username', username, { locale });
      if (check.verdict === 'block')
        return refuse(
          t(locale, 'validation.textRefused', {
            reasons: check.reasons.map((r) => reasonText(r, locale)).join(', '),
          }),
        );
      if (await repo.usernameTakenByOther(usernameKey(username), viewer.id))
        return refuse(t(locale, 'username.taken'));
      return { username, available: true, reason: null };
    },

    // Names, username, bio, home, exact location, interests, picture removal (ADR 033).
    async updateProfile(
      viewer: Viewer,
      input: unknown,
    ): Promise<{ user: UserRow; newBadges: EarnedBadge[] }> {
      const v = validateProfile(input);
      const screenings = await checkTexts(viewer, v);
      const exact = v.exactLocation;
      if (exact && !geo.isInTurkey(exact.lat, exact.lng))
        throw badInput([{ field: 'input.exactLocation.lat', key: 'validation.locationOutsideTurkey' }]);
      if (v.username && (await repo.usernameTakenByOther(usernameKey(v.username), viewer.id)))
        throw conflict('username.taken', 'input.username');

      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const current = await repo.lock(tx, viewer.id);
        if (!current) throw unauthenticated();
        const values: ProfileColumns = {};
        if (v.displayName !== undefined) values.displayName = v.displayName;
        if (v.username !== undefined) values.username = v.username;
        if (v.bio !== undefined) values.bio = v.bio;
        if (v.interests !== undefined && v.interests !== null) values.interests = v.interests;
        if (exact !== undefined) values.exactLocation = exact ? { ...exact } : null;
        if (v.city !== undefined || v.district !== undefined) {
          // A new city without a district clears the old district; a district alone needs a city.
          const city = v.city === undefined ? current.city : v.city;
          const district =
            v.district === undefined ? (v.city === undefined ? current.district : null) : v.district;
          if (city === null) {
            if (district) throw badInput([{ field: 'input.district', key: 'validation.districtNeedsCity' }]);
            Object.assign(values, { city: null, district: null, homeLat: null, homeLng: null });
          } else {
            const home = geo.home(city, district);
            if (!home.ok)
              throw badInput([
                home.problem === 'unknownCity'
                  ? { field: 'input.city', key: 'validation.unknownCity' }
                  : { field: 'input.district', key: 'validation.unknownDistrict' },
              ]);
            Object.assign(values, {
              city: home.city,
              district: home.district,
              homeLat: home.point.lat,
              homeLng: home.point.lng,
            });
          }
        }
        if (v.removeAvatar) {
          Object.assign(values, { avatarKey: null, avatarUrl: null, avatarSetAt: deps.clock.now() });
          afterCommitDrop(afterCommit, current.avatarKey);
        }
        let user: UserRow;
        try {
          // A savepoint, so a lost username race is a clean CONFLICT and the transaction can end.
          user = await tx.transaction((sp) => repo.update(sp, viewer.id, values));
        } catch (err) {
          if (uniqueViolationOf(err) !== undefined) throw conflict('username.taken', 'input.username');
          throw err;
        }
        await gate.recordAll(tx, screenings);
        const newBadges = await badges.evaluate(tx, afterCommit, viewer.id);
        deps.logger.info({ userId: viewer.id, fields: Object.keys(values) }, 'profile updated');
        return { user, newBadges };
      });
    },

    // A moderator removed a profile field (ADR 039), in the action's transaction.
    async removeField(
      tx: Tx,
      afterCommit: AfterCommit,
      userId: string,
      field: 'bio' | 'display_name' | 'username' | 'avatar',
    ): Promise<void> {
      const current = await repo.lock(tx, userId);
      if (!current) return;
      const values: ProfileColumns =
        field === 'bio'
          ? { bio: null }
          : field === 'display_name'
            ? { displayName: defaultDisplayName({}) }
            : field === 'username'
              ? { username: null }
              : { avatarKey: null, avatarUrl: null, avatarSetAt: deps.clock.now() };
      if (field === 'avatar') afterCommitDrop(afterCommit, current.avatarKey);
      await repo.update(tx, userId, values);
    },

    // A processed picture becomes the profile picture, unless a newer one already did (uploads).
    async setAvatar(
      tx: Tx,
      afterCommit: AfterCommit,
      userId: string,
      key: string,
      uploadedAt: Date,
    ): Promise<EarnedBadge[]> {
      const result = await repo.setAvatarIfNewer(tx, userId, key, uploadedAt);
      if (!result.replaced) {
        afterCommitDrop(afterCommit, key);
        return [];
      }
      afterCommitDrop(afterCommit, result.previousKey);
      return badges.evaluate(tx, afterCommit, userId);
    },

    async updateSettings(viewer: Viewer, input: unknown): Promise<UserRow> {
      const v = validateSettings(input);
      const row = await inTransaction(deps.db, deps.logger, async (tx) => {
        const current = await repo.lock(tx, viewer.id);
        if (!current) throw unauthenticated();
        const prefs = { ...current.notificationPrefs };
        for (const key of [
          'emailJoinRequests',
          'emailDecisions',
          'emailMessages',
          'emailEventChanges',
          'inAppReminders',
          'emailReminders',
          'pushReminders',
          'inAppWaitlist',
          'emailWaitlist',
          'pushWaitlist',
        ] as const) {
          const value = v[key];
          if (value !== undefined && value !== null) prefs[key] = value;
        }
        return repo.update(tx, viewer.id, {
          notificationPrefs: prefs,
          ...(v.locale ? { locale: v.locale } : {}),
        });
      });
      // The cached viewer carries the locale.
      cache.delete(viewer.sub);
      return row;
    },

    async reviews(viewer: Viewer, userId: string, first: number | null | undefined, after?: string | null) {
      const limit = pageSize(first, 10);
      const cursor = after ? decodeCursor(after, ['c']) : undefined;
      const rows = await repo.reviews(
        userId,
        viewer.id,
        limit + 1,
        cursor && { c: cursor.c!, id: cursor.id },
      );
      return {
        ...pageOf(rows, limit, (r) => ({ c: r.createdAt.toISOString(), id: r.id })),
        totalCount: () => repo.reviewCount(userId, viewer.id),
      };
    },

    eventsInCommon: (viewer: Viewer, userId: string, limit: number) =>
      viewer.id === userId ? Promise.resolve([]) : repo.eventsInCommon(viewer.id, userId, limit),

    byIds: (ids: readonly string[]) => repo.findByIds(ids),
    withStats: (ids: readonly string[]) => repo.findWithStats(ids),
    statsFor: (ids: readonly string[]) => repo.statsFor(ids),
    ratingSummaries: (ids: readonly string[]) => repo.ratingSummaries(ids),
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
