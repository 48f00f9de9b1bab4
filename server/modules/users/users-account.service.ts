import type { Viewer } from '#server/context/viewer.ts';
import type { Deps } from '#server/context/deps.ts';
import type { UserRow } from '#db/schema/index.ts';
import { AppError, badInput, ErrorCode, unauthenticated } from '#server/errors/app-error.ts';
import { t } from '#server/lib/i18n.ts';
import { mailLocale } from '#server/lib/i18n.mail.ts';
import { currentScope } from '#server/lib/request-scope.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
import { accountDeletedMail } from './users.mails.ts';
import { createErasureRepository } from './users.erasure.repository.ts';
import { createExportRepository } from './users.export.repository.ts';
import type { createUsersRepository } from './users.repository.ts';
import { normalizeUsername, usernameKey } from './users.username.ts';
import type { AccountDeletedHook, ErasedHook, PasswordCheck } from './users.service.ts';

// Without a password to check (Google sign-in, a Cognito pool), the token's sign-in must be this fresh.
export const RECENT_SIGN_IN_SECONDS = 5 * 60;
// One copy of one's data an hour.
const EXPORTS_PER_HOUR = 1;

// The end of an account and a copy of its data (ADR 033, 054): both ask the owner to prove it is
// them, and both answer for the whole account.
export function createAccountEnd(ctx: {
  deps: Deps;
  repo: ReturnType<typeof createUsersRepository>;
  cache: Map<string, unknown>;
  deletedHooks: AccountDeletedHook[];
  erasedHooks: ErasedHook[];
  passwordCheck: () => PasswordCheck | null;
  currentRow: (viewer: Viewer) => Promise<UserRow>;
  afterCommitDrop: (afterCommit: AfterCommit, key: string | null | undefined) => void;
}) {
  const { deps, repo, cache, deletedHooks, erasedHooks, currentRow, afterCommitDrop } = ctx;

  // The password when the account has one (a wrong one counts toward the sign-in limits), else a
  // sign-in within the last few minutes (the access token's auth_time).
  async function reauthenticate(viewer: Viewer, password: string, ip: string | null) {
    const passwordCheck = ctx.passwordCheck();
    if (passwordCheck) {
      const checked = await passwordCheck(viewer.sub, password, ip ?? 'unknown');
      if (checked.outcome === 'ok') return;
      if (checked.outcome === 'throttled')
        throw new AppError(ErrorCode.RATE_LIMITED, 'account.reauthTooMany', {
          params: { minutes: Math.max(1, Math.ceil(checked.retryAfterSeconds / 60)) },
        });
      if (checked.outcome === 'wrong')
        throw badInput([
          { field: 'input.password', key: password ? 'account.passwordWrong' : 'account.passwordRequired' },
        ]);
    }
    const authTime = currentScope()?.authTime;
    const fresh =
      authTime !== undefined && deps.clock.now().getTime() / 1000 - authTime <= RECENT_SIGN_IN_SECONDS;
    if (!fresh) throw new AppError(ErrorCode.FORBIDDEN, 'account.recentSignInRequired');
  }

  return {
    // The account goes (ADR 033, 054): the owner proves it (password, or a fresh sign-in), other
    // modules end what the user takes part in, then every personal trace is erased in the same
    // transaction; files and the saved payment method leave storage and the provider after commit.
    async deleteAccount(
      viewer: Viewer,
      input: { confirmation?: unknown; password?: unknown },
      ip: string | null = null,
    ): Promise<{ cancelledEvents: number }> {
      const current = await currentRow(viewer);
      const typed = typeof input.confirmation === 'string' ? input.confirmation.trim() : '';
      const matches =
        typed !== '' &&
        ((current.username !== null &&
          usernameKey(normalizeUsername(typed)) === usernameKey(current.username)) ||
          (current.email !== null && typed.toLowerCase() === current.email.toLowerCase()));
      if (!matches) throw badInput([{ field: 'input.confirmation', key: 'account.confirmationMismatch' }]);
      await reauthenticate(viewer, typeof input.password === 'string' ? input.password : '', ip);
      const result = await inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const row = await repo.lock(tx, viewer.id);
        if (!row || row.deletedAt) throw unauthenticated();
        // The goodbye e-mail's address and language, captured before the erasure forgets them; sent
        // only once it committed (ADR 057).
        const farewell = row.email ? { to: row.email, locale: mailLocale(row.locale) } : null;
        let cancelledEvents = 0;
        for (const hook of deletedHooks) cancelledEvents += await hook(tx, afterCommit, row);
        const leftovers = await createErasureRepository(tx).erase(row.id, {
          sub: row.sub,
          email: row.email,
          names: [row.displayName, row.fullName, row.username],
        });
        await repo.anonymize(tx, row.id, deps.clock.now(), t('tr', 'user.deleted'));
        afterCommitDrop(afterCommit, row.avatarKey);
        for (const key of leftovers.avatarKeys) afterCommitDrop(afterCommit, key);
        afterCommit(async () => {
          for (const hook of erasedHooks) await hook(leftovers);
        });
        if (farewell)
          afterCommit(async () => {
            try {
              await deps.mailer.send(
                accountDeletedMail(farewell.to, {
                  locale: farewell.locale,
                  cancelledEvents,
                  link: deps.config.publicUrl,
                }),
              );
            } catch (err) {
              deps.logger.warn({ err, userId: row.id }, 'account deletion e-mail failed');
            }
          });
        return { cancelledEvents };
      });
      cache.delete(viewer.sub);
      deps.logger.info({ userId: viewer.id, ...result }, 'account deleted');
      return result;
    },

    // 'Verilerimi indir' (ADR 054): a JSON copy of the viewer's own data, once an hour.
    async exportData(viewer: Viewer): Promise<{ archive: string; fileName: string; generatedAt: Date }> {
      await currentRow(viewer);
      const limit = await deps.limiter.hit(`data-export:${viewer.id}`, EXPORTS_PER_HOUR, 3600);
      if (!limit.allowed)
        throw new AppError(ErrorCode.RATE_LIMITED, 'account.exportTooMany', {
          params: { minutes: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)) },
        });
      const generatedAt = deps.clock.now();
      const data = await createExportRepository(deps.db).collect(viewer.id);
      const archive = JSON.stringify(
        { format: 'squad-data-export', version: 1, generatedAt: generatedAt.toISOString(), ...data },
        null,
        2,
      );
      deps.logger.info({ userId: viewer.id, bytes: archive.length }, 'data exported');
      const day = generatedAt.toISOString().slice(0, 10);
      return { archive, fileName: `squad-verilerim-${day}.json`, generatedAt };
    },
  };
}
