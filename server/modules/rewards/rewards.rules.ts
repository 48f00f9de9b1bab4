// The earning rules of spec §9 and their anti-farming conditions (ADR 034). Amounts in tokens.
export const REWARDS = {
  // An accepted participant of an event that ended (not cancelled).
  participation: 1,
  // A host's 5-star rating from a participant, once per rater and event.
  fiveStar: 2,
  // A referred friend's first event ended with someone other than the referrer taking part.
  referral: 3,
  // Hosting this many qualifying events in one calendar month (Turkey).
  challenge: 5,
} as const;

export const CHALLENGE_GOAL = 5;
// A referral code is accepted this long after sign-up, and only before the account hosts anything.
export const REFERRAL_WINDOW_DAYS = 30;

// "2026-11": the calendar month of an instant in Turkey (UTC+3 all year).
export function turkeyMonth(at: Date): string {
  return new Date(at.getTime() + 3 * 3600_000).toISOString().slice(0, 7);
}

export function normalizeReferralCode(raw: string): string {
  return raw
    .trim()
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
}
