import type { Hit } from './moderation.hits.ts';
import { fold, lower } from './moderation.text.ts';
import { MAX_CHECKED_CHARS, THRESHOLDS } from './moderation.thresholds.ts';
import type { CheckContext } from './moderation.types.ts';

// What the sender's history shows (ADR 020): the same text to many events, many requests at once.

// Cheap on purpose: it runs over every recent message.
export function normalizeForDuplicate(text: string): string {
  return fold(lower(text.slice(0, MAX_CHECKED_CHARS)))
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// The same history is looked at on every check of a user: keep recent normalisations (bounded).
const normalized = new Map<string, { text: string; words: Set<string> }>();
function normalizedRecent(text: string) {
  let n = normalized.get(text);
  if (!n) {
    if (normalized.size >= 2000) normalized.clear();
    const norm = normalizeForDuplicate(text);
    n = { text: norm, words: new Set(norm.split(' ')) };
    normalized.set(text, n);
  }
  return n;
}

function similar(a: string, aWords: Set<string>, b: { text: string; words: Set<string> }): boolean {
  if (a === b.text) return true;
  const bWords = b.words;
  if (aWords.size < 4 || bWords.size < 4) return false;
  // Jaccard ≥ s needs the smaller set to be at least s times the larger one.
  const [small, large] = aWords.size < bWords.size ? [aWords.size, bWords.size] : [bWords.size, aWords.size];
  if (small < large * THRESHOLDS.duplicateSimilarity) return false;
  let common = 0;
  for (const w of aWords) if (bWords.has(w)) common++;
  return common / (aWords.size + bWords.size - common) >= THRESHOLDS.duplicateSimilarity;
}

export function contextHits(checked: string, context: CheckContext, hits: Hit[]) {
  if (context.recentMessages.length === 0) return;
  const text = normalizeForDuplicate(checked);
  const now = context.now.getTime();
  const recent = context.recentMessages.filter((m) => {
    const t = m.createdAt.getTime();
    return t <= now && now - t <= THRESHOLDS.recentWindowMs;
  });
  const inFlood = recent.filter((m) => now - m.createdAt.getTime() <= THRESHOLDS.floodWindowMs).length + 1;
  if (inFlood >= THRESHOLDS.floodReview) hits.push({ code: 'flood', level: 'review' });

  if (text.replace(/ /g, '').length < THRESHOLDS.duplicateMinChars) return;
  const words = new Set(text.split(' '));
  const events = new Set<string>();
  for (const m of recent) {
    if (similar(text, words, normalizedRecent(m.text))) events.add(m.eventId);
  }
  const count = events.size + 1;
  if (count >= THRESHOLDS.duplicateBlock) hits.push({ code: 'duplicate', level: 'block' });
  else if (count >= THRESHOLDS.duplicateReview) hits.push({ code: 'duplicate', level: 'review' });
}
