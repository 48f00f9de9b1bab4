// Types of the join-message check (ARCHITECTURE §8), re-exported by moderation.ts.

export type Verdict = 'ok' | 'review' | 'block';

// Stable machine codes; the closed set and its texts live in moderation.reasons.ts.
export type ReasonCode = string;

export type CheckResult = { verdict: Verdict; reasons: ReasonCode[]; engine: 'rules' | 'llm' };

export type CheckContext = {
  // The same user's recent join messages (newest first, at most ~50, last 24 h), for duplicates and floods.
  recentMessages: { text: string; eventId: string; createdAt: Date }[];
  now: Date;
  locale?: 'tr' | 'en';
};

export interface MessageChecker {
  check(text: string, context: CheckContext): Promise<CheckResult>;
}
