import type { Hit } from './moderation.hits.ts';
import {
  categoriesOf,
  categoryOf,
  minVerdict,
  orderReasons,
  type KnownReason,
} from './moderation.reasons.ts';
import { CONTACT } from './moderation.spam.ts';
import type { Analysis } from './moderation.text.ts';
import { THRESHOLDS } from './moderation.thresholds.ts';
import type { CheckResult, ReasonCode, TextKind, Verdict } from './moderation.types.ts';

// The verdict policy (ADR 036): from the signals of the rules and the model to ok / review / block,
// per kind of text.

export type RuleFacts = { links: string[]; gameLinks: string[]; handleOnly: boolean; analysis?: Analysis };

const COMMERCIAL: ReadonlySet<KnownReason> = new Set([
  'betting',
  'crypto',
  'advert',
  'boosting',
  'adult_promo',
  'referral',
]);
const SCAM: ReadonlySet<KnownReason> = new Set(['scam', 'phishing', 'premium_rate', 'wallet']);
const SPAM_SIGNALS: ReadonlySet<KnownReason> = new Set([...CONTACT, ...COMMERCIAL, ...SCAM]);

// What each kind of text may contain without a warning.
const ALLOWED: Partial<Record<TextKind, ReadonlySet<KnownReason>>> = {
  // Hosts link their forms, maps and Discord servers, and say "we'll make a WhatsApp group".
  event_description: new Set(['link', 'off_platform']),
  // People who met at an event share maps links and photos; shouting is how group chats sound.
  chat_message: new Set(['link', 'shouting']),
  direct_message: new Set(['link', 'shouting']),
  // A bio presents its owner: their site, their game or social profile.
  bio: new Set(['link']),
  // Names are short: capitals and random-looking usernames are normal.
  display_name: new Set(['shouting', 'gibberish']),
  username: new Set(['shouting', 'gibberish']),
};
// Words about who may come are a host's to choose ("sadece kadınlar katılsın", a women-only run).
const HOST_KINDS: ReadonlySet<TextKind> = new Set(['event_description', 'event_title']);
// Shown to everyone next to the person: a name must be clean, any signal refuses it.
const NAME_KINDS: ReadonlySet<TextKind> = new Set(['display_name', 'username']);

export function applicable(hits: Hit[], kind: TextKind, facts?: RuleFacts): Hit[] {
  const allowed = ALLOWED[kind];
  return hits.filter((h) => {
    if (allowed?.has(h.code)) return false;
    if (kind === 'bio' && h.code === 'off_platform' && facts?.handleOnly) return false;
    if (HOST_KINDS.has(kind) && h.tag === 'meet') return false;
    return true;
  });
}

// Block on a severe signal, an advert that comes with a way to reach the sender, three different
// spam signals, two different kinds of predatory question; otherwise review on any signal.
export function decide(hits: Hit[], kind: TextKind, facts?: RuleFacts): Omit<CheckResult, 'engine'> {
  const kept = applicable(hits, kind, facts);
  const rules = kept.filter((h) => !h.model);
  const spam = [...new Set(rules.map((h) => h.code))].filter((c) => SPAM_SIGNALS.has(c));
  const predatoryTags = new Set(rules.filter((h) => categoryOf(h.code) === 'predatory').map((h) => h.tag));
  const block =
    kept.some((h) => h.level === 'block' && h.code !== 'self_harm') ||
    (spam.some((c) => COMMERCIAL.has(c)) && spam.some((c) => CONTACT.has(c))) ||
    spam.length >= THRESHOLDS.spamSignalsBlock ||
    predatoryTags.size >= 2;
  return settle(
    block ? 'block' : 'review',
    kept.map((h) => h.code),
    kind,
  );
}

// The last word of the policy, for the rules and the LLM alike: what the kind allows goes, a name
// with any signal is refused, self-harm alone is never blocked, a report (which quotes abuse to
// describe it) is at most review.
export function settle(verdict: Verdict, codes: ReasonCode[], kind: TextKind): Omit<CheckResult, 'engine'> {
  const reasons = orderReasons(codes.filter((c) => !ALLOWED[kind]?.has(c as KnownReason)));
  if (reasons.length === 0) return { verdict: 'ok', reasons: [], categories: [] };
  let settled: Verdict = verdict === 'ok' ? 'review' : verdict;
  if (NAME_KINDS.has(kind) && reasons.some((c) => c !== 'self_harm')) settled = 'block';
  if (reasons.every((c) => c === 'self_harm') || kind === 'report') settled = minVerdict(settled, 'review');
  return { verdict: settled, reasons, categories: categoriesOf(reasons) };
}
