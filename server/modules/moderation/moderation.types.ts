// Types of the content check (ARCHITECTURE §8, ADR 020 and 036), re-exported by moderation.ts.

export type Verdict = 'ok' | 'review' | 'block';

// Stable machine codes; the closed set, their categories and texts live in moderation.reasons.ts.
export type ReasonCode = string;

// What a reason is about; every reason code belongs to exactly one (categoryOf).
export const CATEGORIES = [
  'threat',
  'harassment',
  'sexual',
  'predatory',
  'hate',
  'doxxing',
  'self_harm',
  'spam',
  'scam',
  'off_platform',
  'profanity',
] as const;
export type Category = (typeof CATEGORIES)[number];

// Where the text is used: the policy differs per kind (ADR 036).
export type TextKind =
  | 'join_message'
  | 'event_title'
  | 'event_description'
  | 'chat_message'
  | 'direct_message'
  | 'bio'
  | 'display_name'
  | 'username'
  | 'rating_feedback'
  | 'report';

export type CheckResult = {
  verdict: Verdict;
  reasons: ReasonCode[];
  engine: 'rules' | 'llm';
  // Derived from the reasons, most serious first.
  categories: Category[];
};

export type CheckContext = {
  // The same user's recent texts of this kind (newest first, at most ~50, last 24 h), for duplicates
  // and floods.
  recentMessages: { text: string; eventId: string; createdAt: Date }[];
  now: Date;
  locale?: 'tr' | 'en';
  // Default 'join_message'.
  kind?: TextKind;
};

export interface MessageChecker {
  check(text: string, context: CheckContext): Promise<CheckResult>;
}
