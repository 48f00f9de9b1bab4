import type { AutoApprovalRules, EventRow, UserRow } from '#db/schema/index.ts';

// The host's automatic approval (ADR 045): a request is accepted without the host when the content
// check said ok and the requester meets every rule the host set. Missing knowledge never passes a
// rule: no rating yet fails a minimum rating, no recorded attendance fails a minimum reliability.
export type RequesterFacts = {
  user: Pick<UserRow, 'emailVerified' | 'city'>;
  host: Pick<UserRow, 'city'>;
  participantRating: number | null;
  reliability: { attended: number; recorded: number };
  friends: boolean;
};

// Automatic approval is on whenever the event has a rule set, null turns it off (the schema's words).
// A set whose every condition is off, `{}` over the API or the wizard's switch with no condition
// ticked, approves everyone whose message is clearly fine (issue 27; it approved nobody before).
export function hasRules(rules: AutoApprovalRules | null | undefined): rules is AutoApprovalRules {
  return rules != null;
}

export const reliabilityPercent = (r: { attended: number; recorded: number }): number | null =>
  r.recorded === 0 ? null : Math.round((r.attended / r.recorded) * 100);

// The rules the requester fails, by name (empty: approve).
export function unmetRules(rules: AutoApprovalRules, facts: RequesterFacts): string[] {
  const unmet: string[] = [];
  if (rules.verifiedEmail && !facts.user.emailVerified) unmet.push('verifiedEmail');
  if (rules.minRating != null && (facts.participantRating ?? 0) < rules.minRating) unmet.push('minRating');
  if (rules.minReliability != null) {
    const percent = reliabilityPercent(facts.reliability);
    if (percent === null || percent < rules.minReliability) unmet.push('minReliability');
  }
  if (rules.friendsOnly && !facts.friends) unmet.push('friendsOnly');
  if (rules.sameCity) {
    const fold = (s: string | null) => s?.toLocaleLowerCase('tr') ?? null;
    if (!facts.user.city || fold(facts.user.city) !== fold(facts.host.city)) unmet.push('sameCity');
  }
  return unmet;
}

// What holds a request for the host whatever their rules say (ADR 073): a message the content check
// is not sure of (any signal from any layer, or the model short of clearly fine), and a first request
// to a physical event from an account less than a day old. The host then decides, with the reasons.
const NEW_ACCOUNT_MS = 24 * 60 * 60_000;
export type RequestFacts = { clearlyFine: boolean; firstRequest: boolean; now: Date };
export function safetyHolds(
  request: RequestFacts,
  event: Pick<EventRow, 'mode'>,
  user: Pick<UserRow, 'createdAt'>,
): string[] {
  const holds: string[] = [];
  if (!request.clearlyFine) holds.push('messageNotClearlyFine');
  const young = request.now.getTime() - user.createdAt.getTime() < NEW_ACCOUNT_MS;
  if (event.mode === 'physical' && request.firstRequest && young) holds.push('newAccount');
  return holds;
}
