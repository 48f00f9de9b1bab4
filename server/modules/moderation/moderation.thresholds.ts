// Longer messages are checked on their first characters only; join messages are short.
export const MAX_CHECKED_CHARS = 4000;

// Thresholds (ADR 020).
export const THRESHOLDS = {
  duplicateReview: 3, // the same (near-identical) text to ≥ 3 events in 24 h, this one included
  duplicateBlock: 6,
  duplicateMinChars: 8, // "selam", "merhaba" alone are not copy-paste spam
  duplicateSimilarity: 0.8, // word-set Jaccard for "near-identical"
  floodReview: 5, // ≥ 5 requests in 10 minutes, this one included
  floodWindowMs: 10 * 60_000,
  recentWindowMs: 24 * 60 * 60_000,
  shoutingMinLetters: 20,
  shoutingUpperShare: 0.7,
  gibberishMinLetters: 6,
  gibberishShare: 0.6,
  spamSignalsBlock: 3,
};
