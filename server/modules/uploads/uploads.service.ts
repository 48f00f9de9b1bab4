import crypto from 'node:crypto';
import path from 'node:path';
import type { UploadRow, UserRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { requireOwner } from '#server/auth/access.ts';
import { AppError, badInput, ErrorCode, notFound } from '#server/errors/app-error.ts';
import type { MessageKey } from '#server/lib/i18n.ts';
import { isUuid } from '#server/lib/ids.ts';
import { serverSecret } from '#server/lib/server-secrets.ts';
import { inTransaction } from '#server/lib/unit-of-work.ts';
import type { EarnedBadge } from '#server/modules/badges/badges.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import {
  AVATAR_MAX_BYTES,
  AVATAR_SIZES,
  ImageRejected,
  inProcessingSlot,
  processAvatarInSlot,
  type AvatarVariant,
  type ImageRejection,
} from './uploads.images.ts';
import { createUploadsRepository } from './uploads.repository.ts';
import { createLocalStorage, readBodyLimited, verifyLocalPut } from './uploads.storage-local.ts';
import { createS3Storage } from './uploads.storage-s3.ts';
import { ObjectTooLarge, type ObjectStorage } from './uploads.storage.ts';

// Profile pictures (ADR 033). The browser PUTs the file straight to storage (a URL the app signs in
// embedded mode, an S3 presigned URL in production); the server then reads it back, checks it by
// content, re-encodes it (sharp: square, EXIF and GPS gone) into a few sizes and only then makes it
// the picture. Nothing under incoming/ is ever served.

export const AVATAR_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/heif',
] as const;
const PUT_EXPIRES_SECONDS = 10 * 60;
// A finished upload may arrive a little after its URL expired (a slow connection started in time).
const COMPLETE_GRACE_MS = 10 * 60_000;
const UPLOADS_PER_HOUR = 20;
// An upload not completed within this is abandoned: its object and row are swept (ADR 063).
export const ABANDONED_AFTER_MS = 60 * 60_000;
const SWEEP_BATCH = 500;
const IMMUTABLE = 'public, max-age=31536000, immutable';

export type AvatarSizeName = 'small' | 'medium' | 'large';
const SIZE_PX: Record<AvatarSizeName, (typeof AVATAR_SIZES)[number]> = { small: 96, medium: 256, large: 512 };

// Processed files: <key>-96.webp, -256.webp, -512.webp and -512.jpg, key = avatars/<user>/<upload>.
const MEDIA_KEY = /^avatars\/([0-9a-f-]{36})\/([0-9a-f-]{36})-(96|256|512)\.(webp|jpg)$/;
const variantKeys = (key: string) => [...AVATAR_SIZES.map((size) => `${key}-${size}.webp`), `${key}-512.jpg`];

const REJECTION_KEYS: Record<ImageRejection, MessageKey> = {
  notImage: 'upload.notImage',
  svg: 'upload.notImage',
  tooLarge: 'upload.tooLarge',
  tooManyPixels: 'upload.tooManyPixels',
};
const rejected = (reason: ImageRejection) =>
  new AppError(ErrorCode.BAD_USER_INPUT, REJECTION_KEYS[reason], {
    fields: [{ field: 'input.uploadId', key: REJECTION_KEYS[reason] }],
  });

export type AvatarUploadModel = {
  id: string;
  url: string;
  headers: { name: string; value: string }[];
  contentType: string;
  maxBytes: number;
  fileUrl: string;
  expiresAt: Date;
};

export function createUploadsService(deps: Deps, options: { users: UsersService }) {
  const repo = createUploadsRepository(deps.db);
  const { users } = options;
  const { config } = deps;
  const mediaBase = config.media.publicUrl ?? `${config.publicUrl}/media`;

  let storagePromise: Promise<ObjectStorage> | undefined;
  const storage = () =>
    (storagePromise ??= (async (): Promise<ObjectStorage> => {
      if (config.s3.bucket)
        return createS3Storage({
          bucket: config.s3.bucket,
          region: config.s3.region,
          endpoint: config.s3.endpoint,
          publicEndpoint: config.s3.publicEndpoint,
        });
      return createLocalStorage({
        root: path.join(config.dataDir, 'uploads'),
        publicUrl: config.publicUrl,
        secret: await serverSecret(deps.db, 'uploads'),
      });
    })().catch((err: unknown) => {
      storagePromise = undefined;
      throw err;
    }));

  const avatarUrl = (key: string, size: AvatarSizeName = 'medium') =>
    `${mediaBase}/${key}-${SIZE_PX[size]}.webp`;

  async function reject(upload: UploadRow, reason: ImageRejection): Promise<never> {
    await repo.markRejected(upload.id, reason, deps.clock.now());
    await (await storage()).delete([upload.objectKey]).catch(() => {});
    deps.logger.info({ uploadId: upload.id, reason }, 'avatar upload refused');
    throw rejected(reason);
  }

  // Checks, re-encodes and applies one upload. Idempotent: a finished upload answers with the
  // current profile, a refused one with its refusal.
  async function finish(upload: UploadRow): Promise<{ user: UserRow; newBadges: EarnedBadge[] }> {
    const current = async () => {
      const [user] = await users.byIds([upload.userId]);
      if (!user) throw notFound('upload.notFound');
      return user;
    };
    if (upload.status === 'processed') return { user: await current(), newBadges: [] };
    if (upload.status === 'rejected') throw rejected((upload.rejection ?? 'notImage') as ImageRejection);
    const store = await storage();
    const now = deps.clock.now();
    // The file is read inside the processing slot (ADR 055): uploads waiting their turn hold no
    // picture in memory, only the one being processed does.
    const outcome = await inProcessingSlot(
      async (): Promise<
        { variants: AvatarVariant[]; size: number } | { rejected: ImageRejection } | { missing: true }
      > => {
        let bytes: Buffer | null;
        try {
          bytes = await store.get(upload.objectKey, { maxBytes: AVATAR_MAX_BYTES });
        } catch (err) {
          if (err instanceof ObjectTooLarge) return { rejected: 'tooLarge' };
          throw err;
        }
        if (!bytes) return { missing: true };
        try {
          return { variants: await processAvatarInSlot(bytes), size: bytes.length };
        } catch (err) {
          if (err instanceof ImageRejected) return { rejected: err.reason };
          throw err;
        }
      },
    );
    if ('missing' in outcome) {
      if (now.getTime() > upload.expiresAt.getTime() + COMPLETE_GRACE_MS)
        throw new AppError(ErrorCode.CONFLICT, 'upload.expired');
      throw new AppError(ErrorCode.CONFLICT, 'upload.notReceived');
    }
    if ('rejected' in outcome) return reject(upload, outcome.rejected);
    const { variants } = outcome;
    const key = `avatars/${upload.userId}/${upload.id}`;
    await Promise.all(
      variants.map((v) =>
        store.put(`${key}-${v.size}.${v.format === 'jpeg' ? 'jpg' : 'webp'}`, v.body, {
          contentType: v.contentType,
          cacheControl: IMMUTABLE,
        }),
      ),
    );
    const result = await inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
      // Two completions at once (the PUT route and the client): one marks it, the other reads.
      if (!(await repo.markProcessed(tx, upload.id, outcome.size, now))) return undefined;
      const newBadges = await users.setAvatar(tx, afterCommit, upload.userId, key, upload.createdAt);
      afterCommit(() => store.delete([upload.objectKey]));
      return { newBadges };
    });
    deps.logger.info({ uploadId: upload.id, userId: upload.userId }, 'avatar processed');
    return { user: await current(), newBadges: result?.newBadges ?? [] };
  }

  return {
    avatarUrl,
    // A user's picture: the processed upload, else an external URL (demo data), else none.
    pictureOf: (user: Pick<UserRow, 'avatarKey' | 'avatarUrl'>, size: AvatarSizeName = 'medium') =>
      user.avatarKey ? avatarUrl(user.avatarKey, size) : user.avatarUrl,

    async createAvatarUpload(
      viewer: Viewer,
      input: { contentType?: unknown; fileName?: unknown; byteSize?: unknown },
    ): Promise<AvatarUploadModel> {
      const contentType = typeof input.contentType === 'string' ? input.contentType.trim().toLowerCase() : '';
      if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(contentType))
        throw badInput([{ field: 'input.contentType', key: 'upload.notImage' }]);
      // The declared size is signed into the URL: storage then takes that many bytes and no other
      // (ADR 063). Clients of the REST shim declare none; theirs is held to the limit by the local store
      // and by completion only.
      const byteSize = input.byteSize ?? undefined;
      if (byteSize !== undefined) {
        if (typeof byteSize !== 'number' || !Number.isInteger(byteSize) || byteSize < 1)
          throw badInput([{ field: 'input.byteSize', key: 'upload.notImage' }]);
        if (byteSize > AVATAR_MAX_BYTES)
          throw badInput([{ field: 'input.byteSize', key: 'upload.tooLarge' }]);
      }
      const fileName = typeof input.fileName === 'string' ? input.fileName.slice(0, 255) : null;
      const now = deps.clock.now();
      const recent = await deps.limiter.hit(`upload:${viewer.id}`, UPLOADS_PER_HOUR, 3600);
      if (!recent.allowed)
        throw new AppError(ErrorCode.RATE_LIMITED, 'upload.tooMany', {
          params: { seconds: recent.retryAfterSeconds },
        });
      const id = crypto.randomUUID();
      const objectKey = `incoming/${id}`;
      const expiresAt = new Date(now.getTime() + PUT_EXPIRES_SECONDS * 1000);
      const put = await (
        await storage()
      ).presignPut(objectKey, {
        contentType,
        expiresSeconds: PUT_EXPIRES_SECONDS,
        maxBytes: AVATAR_MAX_BYTES,
        contentLength: byteSize,
      });
      await repo.insert({
        id,
        userId: viewer.id,
        kind: 'avatar',
        objectKey,
        contentType,
        fileName,
        // The app's clock, not the database's: the sweep of abandoned uploads compares with it.
        createdAt: now,
        expiresAt,
      });
      return {
        id,
        url: put.url,
        headers: Object.entries(put.headers).map(([name, value]) => ({ name, value })),
        contentType,
        maxBytes: AVATAR_MAX_BYTES,
        fileUrl: avatarUrl(`avatars/${viewer.id}/${id}`),
        expiresAt: put.expiresAt,
      };
    },

    async completeAvatarUpload(viewer: Viewer, uploadId: string) {
      const upload = isUuid(uploadId) ? await repo.byId(uploadId) : undefined;
      return finish(requireOwner(viewer, upload, 'upload.notFound'));
    },

    // Embedded mode's PUT target (setup-uploads.ts): checks the signature, takes at most the signed
    // size, stores the bytes and finishes the upload at once (clients of the REST shim never call
    // completeAvatarUpload).
    async receiveLocalPut(
      key: string,
      query: Record<string, unknown>,
      contentType: string | undefined,
      body: NodeJS.ReadableStream,
    ): Promise<{ fileUrl: string; user: UserRow }> {
      const store = await storage();
      if (store.kind !== 'local') throw notFound('upload.badLink');
      const str = (v: unknown) => (typeof v === 'string' ? v : '');
      const verdict = verifyLocalPut(
        await serverSecret(deps.db, 'uploads'),
        {
          key,
          expires: str(query.expires),
          ct: str(query.ct),
          max: str(query.max),
          len: str(query.len),
          sig: str(query.sig),
        },
        deps.clock.now(),
      );
      if (!verdict.ok)
        throw new AppError(
          ErrorCode.FORBIDDEN,
          verdict.reason === 'expired' ? 'upload.expired' : 'upload.badLink',
        );
      if ((contentType ?? '').split(';')[0].trim().toLowerCase() !== verdict.contentType)
        throw new AppError(ErrorCode.BAD_USER_INPUT, 'upload.contentTypeMismatch');
      const upload = await repo.byKey(key);
      if (!upload) throw notFound('upload.notFound');
      if (upload.status !== 'pending')
        return { fileUrl: avatarUrl(`avatars/${upload.userId}/${upload.id}`), ...(await finish(upload)) };
      // The body is stored and let go before the upload waits for its processing slot.
      // A body longer than the declared size is refused while it arrives (the limit is that size), a
      // shorter one once it has: neither is stored.
      const storeBody = async () => {
        const bytes = await readBodyLimited(body, verdict.maxBytes);
        if (verdict.exactBytes !== undefined && bytes.length !== verdict.exactBytes)
          throw new AppError(ErrorCode.BAD_USER_INPUT, 'upload.sizeMismatch');
        await store.put(key, bytes, { contentType: verdict.contentType });
      };
      try {
        await storeBody();
      } catch (err) {
        if (err instanceof ObjectTooLarge) return reject(upload, 'tooLarge');
        throw err;
      }
      const { user } = await finish(upload);
      return { fileUrl: avatarUrl(`avatars/${upload.userId}/${upload.id}`), user };
    },

    // A processed file for GET /media/… Only processed variants are served; a variant of an upload
    // that is still pending is finished first (S3 clients that PUT and then show fileUrl).
    async openMedia(key: string) {
      const m = MEDIA_KEY.exec(key);
      if (!m) return null;
      const store = await storage();
      const found = await store.open(key);
      if (found) return found;
      const upload = await repo.byId(m[2]);
      if (!upload || upload.userId !== m[1] || upload.status !== 'pending') return null;
      try {
        await finish(upload);
      } catch (err) {
        if (err instanceof AppError) return null;
        throw err;
      }
      return store.open(key);
    },

    // A picture nobody uses any more (replaced, removed, account deleted).
    async dropAvatarFiles(key: string) {
      await (await storage()).delete(variantKeys(key));
    },

    // Uploads nobody completed within ABANDONED_AFTER_MS (the client gave up, or never meant to): their
    // objects, then their rows. Run by the uploads.sweep schedule (once across replicas); a sweep cut
    // short is finished by the next one, as rows go only after their objects. Returns how many went.
    async sweepAbandoned(): Promise<number> {
      const cutoff = new Date(deps.clock.now().getTime() - ABANDONED_AFTER_MS);
      let swept = 0;
      for (;;) {
        const stale = await repo.pendingCreatedBefore(cutoff, SWEEP_BATCH);
        if (stale.length === 0) break;
        await (await storage()).delete(stale.map((u) => u.objectKey));
        swept += await repo.deletePending(stale.map((u) => u.id));
        if (stale.length < SWEEP_BATCH) break;
      }
      if (swept > 0) deps.logger.info({ swept }, 'abandoned uploads removed');
      return swept;
    },

    // Raw uploads of a deleted account (ADR 054).
    async dropObjects(keys: string[]) {
      if (keys.length > 0) await (await storage()).delete(keys);
    },
  };
}
