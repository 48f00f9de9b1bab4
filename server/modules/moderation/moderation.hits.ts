import type { Level } from './moderation.lexicon.ts';
import type { PhraseTag } from './moderation.phrases.ts';
import type { KnownReason } from './moderation.reasons.ts';

// One finding of the rules or the model: a reason, how severe, and (for phrases) what kind of
// pattern found it, so the policy can set it aside in an innocent context.
// `word`: the folded word a word-list hit came from, for contexts that clear one reading of a word.
export type Hit = { code: KnownReason; level: Level; tag?: PhraseTag; model?: boolean; word?: string };

// A deposit said not to be asked ("kimse kapora istemiyor", "kapora istemediğiniz için", "kapora
// alınmıyor"): what follows "kapora" where the scam and the payment patterns must not see a demand.
export const NOT_ASKED = '(?:yok|istenmiyo|istemiyo|istenmedi|istemedi|alinmiyo|almiyo)\\w*';

// Word text holds only [a-z0-9] words and single spaces, where \b is the same boundary and faster.
export const wordBounded = (source: string) => `\\b(?:${source})\\b`;
// Over the folded text with punctuation: no letter or digit on either side.
export const bounded = (source: string) => `(?<![a-z0-9])(?:${source})(?![a-z0-9])`;

// A phrase named as an example of what people say, not said: "'göçmenler gitsin' gibi sloganlar",
// "'şifrenizi girin' gibi bir mesaj gelirse". The frame follows the match (from `end` in the word
// text) or sits inside it, when a phrase reaches past the quote ("… gibi söylemler nefret suçu mu").
const AS_SAID = ' gibi (?:bir |bu )?(?:slogan|mesaj|soylem|soz|laf|ifade|cumle|yorum|paylasim)\\w*';
const QUOTED_AS = new RegExp(AS_SAID, 'y');
const QUOTED_WITHIN = new RegExp(AS_SAID);
export function quotedAsAt(words: string, end: number, match = ''): boolean {
  QUOTED_AS.lastIndex = end;
  return QUOTED_AS.test(words) || (match.includes(' gibi ') && QUOTED_WITHIN.test(match));
}
