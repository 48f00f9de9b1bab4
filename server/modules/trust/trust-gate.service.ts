import type { DbOrTx } from '#db/client.ts';
import type { ContentFlagRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import { badInput, type FieldIssue } from '#server/errors/app-error.ts';
import type { Locale } from '#server/lib/i18n.ts';
import { currentLocale } from '#server/lib/request-scope.ts';
import {
  reasonText,
  type CheckContext,
  type MessageChecker,
  type TextKind,
} from '#server/modules/moderation/moderation.ts';
import { createTrustRepository } from './trust.repository.ts';

// Where a text lives; the content check's policy and the moderator's "remove" differ per kind.
export type { TextKind };

type CheckResult = Awaited<ReturnType<MessageChecker['check']>>;

// One text and what the check said of it, before it is stored.
export type Screening = { kind: TextKind; authorId: string; text: string; result: CheckResult };

// Kinds whose block verdict does not refuse the text: a join message blocked by the check is stored
// as an automatically declined request (the requester sees why), and a report quotes the abuse it
// reports.
const NOT_REFUSED: ReadonlySet<TextKind> = new Set(['join_message', 'report']);
const SPAM: ReadonlySet<string> = new Set(['spam', 'scam']);

// The content gate (ADR 039): every user text goes through the content check before anyone sees it.
// A block verdict is refused on its field with the reasons in the writer's language; a review verdict
// is published and recorded as a flag for moderators, inside the transaction that stores the text.
export function createTrustGate(deps: Deps, checker: MessageChecker) {
  const repo = createTrustRepository(deps.db);

  async function check(
    kind: TextKind,
    text: string,
    extra: Partial<Pick<CheckContext, 'recentMessages'>> & { locale?: Locale } = {},
  ): Promise<CheckResult> {
    return checker.check(text, {
      now: deps.clock.now(),
      recentMessages: extra.recentMessages ?? [],
      locale: extra.locale ?? currentLocale(),
      kind,
    });
  }

  return {
    check,

    // Checks every non-blank field; refuses all blocked ones at once (BAD_USER_INPUT, one issue per
    // field, `input.<field>`), else returns the screenings to record once the rows exist.
    async screenFields(
      authorId: string,
      fields: { field: string; kind: TextKind; text: string | null | undefined }[],
    ): Promise<Screening[]> {
      const locale = currentLocale();
      const screened = await Promise.all(
        fields
          .filter((f): f is typeof f & { text: string } => typeof f.text === 'string' && f.text.trim() !== '')
          .map(async (f) => ({
            field: f.field,
            screening: { kind: f.kind, authorId, text: f.text, result: await check(f.kind, f.text) },
          })),
      );
      const refused: FieldIssue[] = screened
        .filter((s) => s.screening.result.verdict === 'block' && !NOT_REFUSED.has(s.screening.kind))
        .map((s) => ({
          field: `input.${s.field}`,
          key: 'validation.textRefused',
          params: { reasons: s.screening.result.reasons.map((r) => reasonText(r, locale)).join(', ') },
        }));
      if (refused.length > 0) throw badInput(refused);
      return screened.map((s) => s.screening);
    },

    // Stores a flag for a text the check wants a human to look at (review; block for the kinds that
    // are not refused). Nothing for ok. Inside the transaction that stored the text.
    async record(
      tx: DbOrTx,
      screening: Screening | undefined,
      where: { subjectId?: string | null; eventId?: string | null } = {},
    ): Promise<ContentFlagRow | null> {
      if (!screening || screening.result.verdict === 'ok') return null;
      // A report (or an appeal) quotes the abuse it is about; only spam in it needs a moderator's look.
      if (screening.kind === 'report' && !screening.result.categories.some((c) => SPAM.has(c))) return null;
      // A newer text replaces what an open flag on the same field showed.
      await repo.closeFlagsOn(
        tx,
        { authorId: screening.authorId, kind: screening.kind, subjectId: where.subjectId ?? null },
        { status: 'kept', reviewedAt: deps.clock.now() },
      );
      return repo.insertFlag(tx, {
        kind: screening.kind,
        authorId: screening.authorId,
        eventId: where.eventId ?? null,
        subjectId: where.subjectId ?? null,
        text: screening.text.slice(0, 4000),
        verdict: screening.result.verdict,
        reasons: screening.result.reasons,
        engine: screening.result.engine,
      });
    },

    async recordAll(
      tx: DbOrTx,
      screenings: readonly Screening[],
      where: { subjectId?: string | null; eventId?: string | null } = {},
    ): Promise<void> {
      for (const s of screenings) await this.record(tx, s, where);
    },
  };
}

export type TrustGate = ReturnType<typeof createTrustGate>;
