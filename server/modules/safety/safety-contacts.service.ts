import crypto from 'node:crypto';
import { z } from 'zod';
import type { Tx } from '#db/client.ts';
import type { TrustedContactRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { AppError, ErrorCode, badInput, notFound } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { inTransaction } from '#server/lib/unit-of-work.ts';
import { parseInput } from '#server/lib/validation.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { createSafetyKitRepository } from './safety-kit.repository.ts';
import { contactConfirmMail } from './safety-kit.mails.ts';

export const MAX_TRUSTED_CONTACTS = 3;
// Adding and removing in a loop must not make Squad a mail cannon aimed at a stranger.
const CONTACT_ADDS_PER_DAY = 10;

const addSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('validation.contactEmail')),
});
const tokenSchema = z.object({ token: z.string().min(1).max(200) });

export const newSecret = () => crypto.randomBytes(32).toString('base64url');

// Trusted contacts (issue 30 point 1, ADR 068): up to three e-mail addresses per user, each
// confirmed once through a link before it receives anything.
export function createSafetyContactsService(deps: Deps, options: { users: UsersService }) {
  const repo = createSafetyKitRepository(deps.db);
  return {
    contactsOf: (viewer: Viewer) => repo.contactsOf(viewer.id),

    async add(viewer: Viewer, input: unknown): Promise<TrustedContactRow> {
      const { email } = parseInput(addSchema, input);
      const [user] = await options.users.byIds([viewer.id]);
      if (!user) throw notFound();
      if (user.email && user.email.toLowerCase() === email)
        throw badInput([{ field: 'input.email', key: 'safety.contactSelf' }]);
      const limit = await deps.limiter.hit(`trusted-contact:${viewer.id}`, CONTACT_ADDS_PER_DAY, 86_400);
      if (!limit.allowed) throw new AppError(ErrorCode.RATE_LIMITED, 'error.rateLimited');
      const contact = await inTransaction(deps.db, deps.logger, async (tx) => {
        await repo.lockUser(tx, viewer.id);
        const existing = await repo.contactsOf(viewer.id, tx);
        if (existing.some((c) => c.email === email))
          throw new AppError(ErrorCode.CONFLICT, 'safety.contactExists');
        if (existing.length >= MAX_TRUSTED_CONTACTS)
          throw new AppError(ErrorCode.CONFLICT, 'safety.contactLimit');
        const row = await repo.insertContact(tx, { userId: viewer.id, email, confirmToken: newSecret() });
        if (!row) throw new AppError(ErrorCode.CONFLICT, 'safety.contactExists');
        return row;
      });
      const locale = user.locale === 'en' ? 'en' : 'tr';
      await deps.mailer.send(
        contactConfirmMail(email, {
          locale,
          name: user.displayName,
          link: `${deps.config.publicUrl}/safety/confirm/${contact.confirmToken}`,
        }),
      );
      deps.logger.info({ userId: viewer.id, contactId: contact.id }, 'trusted contact added');
      return contact;
    },

    // Immediate: the contact leaves every plan it was on (cascade) and gets nothing more.
    async remove(viewer: Viewer, input: { id: string }): Promise<string> {
      if (!isUuid(input.id) || !(await repo.removeContact(viewer.id, input.id)))
        throw notFound('safety.contactNotFound');
      deps.logger.info({ userId: viewer.id, contactId: input.id }, 'trusted contact removed');
      return input.id;
    },

    // In the account deletion's transaction: everything the safety kit holds for the user.
    // (The hook's number counts cancelled events for the goodbye mail: none here.)
    async eraseAllOf(tx: Tx, userId: string): Promise<number> {
      await repo.eraseAllOf(tx, userId);
      return 0;
    },

    // The link in the confirmation mail (no account): answers only the sharing user's display name,
    // which the mail already named.
    async confirm(input: unknown): Promise<{ userName: string }> {
      const { token } = parseInput(tokenSchema, input);
      const row = await repo.confirmContact(token, deps.clock.now());
      if (!row) throw notFound('safety.confirmLinkInvalid');
      const [user] = await options.users.byIds([row.userId]);
      if (!user) throw notFound('safety.confirmLinkInvalid');
      deps.logger.info({ contactId: row.id }, 'trusted contact confirmed');
      return { userName: user.displayName };
    },
  };
}
