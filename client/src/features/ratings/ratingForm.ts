// The rating form (ADR 022): a score of 1 to 5 is required, feedback is optional, at most 1000
// characters after trimming (UTF-16 units, as the textarea's maxLength and the server count them).
export const RATING_FEEDBACK_MAX = 1000;
export const SCORES = [1, 2, 3, 4, 5] as const;
// From here on the counter warns.
const NEAR_LIMIT = 900;

export type RatingFormState = {
  length: number;
  nearLimit: boolean;
  tooLong: boolean;
  // Submit may be pressed: a score is chosen, the feedback fits, and something differs from the
  // rating already stored (re-sending the same rating changes nothing).
  submittable: boolean;
};

export function feedbackToSend(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed : null;
}

export function ratingFormState(
  score: number | null,
  feedback: string,
  current: { score: number; feedback: string | null } | null = null,
): RatingFormState {
  const length = feedback.length;
  const tooLong = feedback.trim().length > RATING_FEEDBACK_MAX;
  const unchanged =
    current !== null && current.score === score && (current.feedback ?? null) === feedbackToSend(feedback);
  return {
    length,
    nearLimit: length >= NEAR_LIMIT,
    tooLong,
    submittable: score !== null && SCORES.includes(score as 1) && !tooLong && !unchanged,
  };
}

// Arrow keys move the chosen score within 1..5 (nothing chosen yet: Right picks 1, Left picks 5).
export function stepScore(score: number | null, key: string): number | null {
  if (key === 'ArrowRight' || key === 'ArrowUp') return Math.min(5, (score ?? 0) + 1);
  if (key === 'ArrowLeft' || key === 'ArrowDown') return Math.max(1, (score ?? 6) - 1);
  if (key === 'Home') return 1;
  if (key === 'End') return 5;
  return null;
}
