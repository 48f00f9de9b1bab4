import webpush from 'web-push';
import { z } from 'zod';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { badInput } from '#server/errors/app-error.ts';
import { parseInput } from '#server/lib/validation.ts';
import { createEndpointGuard, EndpointRefused, type Resolve } from './push.endpoint.ts';
import { createPushRepository } from './push.repository.ts';

// Devices per user: a browser that registers an eleventh replaces the one registered longest ago.
export const PUSH_DEVICES_PER_USER = 10;

// What the service worker shows (another branch's client/src/sw.ts): a title, a body, the SPA path to
// open on click, and a tag that replaces an older notification about the same thing.
export type PushPayload = { title: string; body: string; url: string; tag: string };

const base64url = (bytes: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, message);

const subscriptionSchema = z.object({
  endpoint: z
    .string()
    .trim()
    .max(2000, 'validation.pushSubscription')
    .pipe(z.url({ protocol: /^https$/, error: 'validation.pushSubscription' })),
  // An uncompressed P-256 point (65 bytes) and a 16-byte auth secret (RFC 8291).
  p256dh: base64url(65, 'validation.pushSubscription'),
  auth: base64url(16, 'validation.pushSubscription'),
  userAgent: z
    .string()
    .trim()
    .max(300)
    .nullish()
    .transform((v) => v || null),
});

// Web Push with VAPID (ADR 046), through the `web-push` package: subscriptions per device, the keys
// from the environment or generated once and kept in the database.
export function createPushService(deps: Deps, options: { resolve?: Resolve } = {}) {
  const repo = createPushRepository(deps.db);
  // Only the browsers' push services, at public addresses pinned for the connection (ADR 055).
  const guard = createEndpointGuard({ extraHosts: deps.config.push.extraHosts, resolve: options.resolve });
  let stored: Promise<{ publicKey: string; privateKey: string }> | undefined;
  const { vapid } = deps.config;

  function keys() {
    if (vapid.publicKey && vapid.privateKey)
      return Promise.resolve({ publicKey: vapid.publicKey, privateKey: vapid.privateKey });
    stored ??= repo.vapidKeys(webpush.generateVAPIDKeys()).catch((err: unknown) => {
      stored = undefined;
      throw err;
    });
    return stored;
  }

  return {
    publicKey: async () => (await keys()).publicKey,

    async register(viewer: Viewer, input: unknown) {
      const v = parseInput(subscriptionSchema, input);
      try {
        await guard.check(v.endpoint);
      } catch (err) {
        if (!(err instanceof EndpointRefused)) throw err;
        deps.logger.warn({ userId: viewer.id, reason: err.reason }, 'push endpoint refused');
        throw badInput([{ field: 'input.endpoint', key: 'validation.pushEndpoint' }]);
      }
      const row = await repo.upsert({ userId: viewer.id, ...v });
      const replaced = await repo.keepNewest(viewer.id, PUSH_DEVICES_PER_USER);
      deps.logger.info(
        { userId: viewer.id, subscriptionId: row.id, replaced },
        'push subscription registered',
      );
      return row;
    },

    remove: (viewer: Viewer, endpoint: string) => repo.remove(viewer.id, endpoint),

    devices: (viewer: Viewer) => repo.forUser(viewer.id),

    // Sends to every device of the user; a device the push service no longer knows (404, 410) is
    // forgotten. Never throws: a push is a courtesy next to the stored notification and the e-mail.
    async sendToUser(userId: string, payload: PushPayload): Promise<number> {
      const subscriptions = await repo.forUser(userId);
      if (subscriptions.length === 0) return 0;
      const { publicKey, privateKey } = await keys();
      const gone: string[] = [];
      const delivered: string[] = [];
      await Promise.all(
        subscriptions.map(async (s) => {
          let agent;
          try {
            agent = guard.agentFor(s.endpoint);
          } catch (err) {
            // Stored before the check existed, or an extra host since removed: never sent to, and
            // forgotten (what the URL names cannot change).
            deps.logger.warn({ err, subscriptionId: s.id }, 'web push refused: endpoint');
            gone.push(s.id);
            return;
          }
          try {
            await webpush.sendNotification(
              { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
              JSON.stringify(payload),
              {
                vapidDetails: { subject: vapid.subject, publicKey, privateKey },
                // A reminder is useless after its hour; an offer after its deadline.
                TTL: 3600,
                urgency: 'high',
                timeout: 10_000,
                agent,
              },
            );
            delivered.push(s.id);
          } catch (err) {
            // The connection's lookup found a private address (or none): not connected, kept for the
            // next time the name resolves.
            if (err instanceof EndpointRefused) {
              deps.logger.warn({ subscriptionId: s.id, reason: err.reason }, 'web push refused: address');
              return;
            }
            const status = (err as { statusCode?: number }).statusCode;
            if (status === 404 || status === 410) gone.push(s.id);
            else deps.logger.warn({ err, subscriptionId: s.id, status }, 'web push failed');
          }
        }),
      );
      await repo.removeIds(gone);
      await repo.used(delivered, deps.clock.now());
      return delivered.length;
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
