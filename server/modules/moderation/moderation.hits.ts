import type { Level } from './moderation.lexicon.ts';
import type { PhraseTag } from './moderation.phrases.ts';
import type { KnownReason } from './moderation.reasons.ts';

// One finding of the rules or the model: a reason, how severe, and (for phrases) what kind of
// pattern found it, so the policy can set it aside in an innocent context.
export type Hit = { code: KnownReason; level: Level; tag?: PhraseTag; model?: boolean };

// Word text holds only [a-z0-9] words and single spaces, where \b is the same boundary and faster.
export const wordBounded = (source: string) => `\\b(?:${source})\\b`;
// Over the folded text with punctuation: no letter or digit on either side.
export const bounded = (source: string) => `(?<![a-z0-9])(?:${source})(?![a-z0-9])`;
