// The join-message check (ARCHITECTURE §8, ADR 020): the public surface the join-request service uses.
import { createLlmChecker } from './moderation.llm.ts';
import { createRulesChecker } from './moderation.rules.ts';
import { reasonText } from './moderation.reasons.ts';
import type { MessageChecker } from './moderation.types.ts';

export type { CheckContext, MessageChecker } from './moderation.types.ts';
export { reasonText } from './moderation.reasons.ts';
export { createRulesChecker } from './moderation.rules.ts';
export { createLlmChecker } from './moderation.llm.ts';

// The LLM engine (with the rules as its fallback) when a URL and a model are configured, else the rules.
export function createMessageChecker(config: {
  moderationLlm: { url?: string; model?: string; key?: string };
}): MessageChecker {
  const rules = createRulesChecker();
  const { url, model, key } = config.moderationLlm;
  if (!url || !model) return rules;
  return createLlmChecker({ url, model, apiKey: key, fallback: rules });
}

// For text that is published rather than reviewed by a host (names, bios, rating feedback): why it
// may not be shown, in `locale` (a block verdict's reasons), or null when it may (ADR 033).
export async function refusalOf(
  checker: MessageChecker,
  text: string,
  context: { now: Date; locale: 'tr' | 'en' },
): Promise<string | null> {
  const result = await checker.check(text, { now: context.now, recentMessages: [], locale: context.locale });
  if (result.verdict !== 'block') return null;
  return result.reasons.map((r) => reasonText(r, context.locale)).join(', ');
}
