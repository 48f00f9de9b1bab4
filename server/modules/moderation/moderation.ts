// The content check (ARCHITECTURE §8, ADR 020 and 036): the public surface every service uses.
import { clearlyFine, createRulesChecker } from './moderation.engine.ts';
import { createLlmChecker } from './moderation.llm.ts';
import { categoryOf, reasonText } from './moderation.reasons.ts';
import { supportText } from './moderation.support.ts';
import type { MessageChecker, TextKind, Verdict } from './moderation.types.ts';

export type {
  Category,
  CheckContext,
  CheckResult,
  MessageChecker,
  ReasonCode,
  TextKind,
  Verdict,
} from './moderation.types.ts';
export { CATEGORIES } from './moderation.types.ts';
export { categoryOf, reasonText } from './moderation.reasons.ts';
export { supportText } from './moderation.support.ts';
export { clearlyFine, createRulesChecker } from './moderation.engine.ts';
export { createLlmChecker } from './moderation.llm.ts';

// The LLM engine (with the rules and the model as its fallback) when a URL and a model are
// configured, else the rules and the model. The LLM is asked only when the rules and the model are
// unsure (ADR 073): a signal short of a block, or a text they do not find clearly fine.
export function createMessageChecker(config: {
  moderationLlm: { url?: string; model?: string; key?: string };
}): MessageChecker {
  const rules = createRulesChecker();
  const { url, model, key } = config.moderationLlm;
  if (!url || !model) return rules;
  return createLlmChecker({
    url,
    model,
    apiKey: key,
    fallback: rules,
    unsure: (text, context) => !clearlyFine(text, context),
  });
}

// For text that is published rather than reviewed by a host (names, bios, rating feedback): why it
// may not be shown, in `locale` (a block verdict's reasons), or null when it may (ADR 033, 036).
export async function refusalOf(
  checker: MessageChecker,
  text: string,
  context: { now: Date; locale: 'tr' | 'en'; kind?: TextKind },
): Promise<string | null> {
  const result = await checker.check(text, {
    now: context.now,
    recentMessages: [],
    locale: context.locale,
    kind: context.kind,
  });
  if (result.verdict !== 'block') return null;
  return result.reasons.map((r) => reasonText(r, context.locale)).join(', ');
}

// The writer's support text for stored reasons (a join request's check, a flagged message), or null.
export function supportOf(verdict: Verdict, reasons: readonly string[], locale: 'tr' | 'en'): string | null {
  return supportText(
    { verdict, reasons: [...reasons], engine: 'rules', categories: [...new Set(reasons.map(categoryOf))] },
    locale,
  );
}
