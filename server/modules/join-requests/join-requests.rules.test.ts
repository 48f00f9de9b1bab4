import { describe, expect, it } from 'vitest';
import { hasRules, reliabilityPercent, unmetRules, type RequesterFacts } from './join-requests.rules.ts';

const facts = (over: Partial<RequesterFacts> = {}): RequesterFacts => ({
  user: { emailVerified: 1, city: 'İstanbul' },
  host: { city: 'İstanbul' },
  participantRating: 4.5,
  reliability: { attended: 9, recorded: 10 },
  friends: false,
  ...over,
});

describe('auto-approval rules', () => {
  it('null means the host decides; a set with no condition on approves every ok message', () => {
    expect(hasRules(null)).toBe(false);
    expect(hasRules(undefined)).toBe(false);
    expect(hasRules({})).toBe(true);
    expect(hasRules({ verifiedEmail: false, friendsOnly: false, minRating: null })).toBe(true);
    expect(unmetRules({ verifiedEmail: false, friendsOnly: false }, facts())).toEqual([]);
    expect(hasRules({ minRating: 4 })).toBe(true);
  });

  it('names each rule the requester fails', () => {
    const all = { verifiedEmail: true, minRating: 4, minReliability: 80, friendsOnly: true, sameCity: true };
    expect(unmetRules(all, facts({ friends: true }))).toEqual([]);
    expect(unmetRules(all, facts())).toEqual(['friendsOnly']);
    expect(
      unmetRules(
        all,
        facts({
          user: { emailVerified: 0, city: 'Ankara' },
          participantRating: 3.9,
          reliability: { attended: 7, recorded: 10 },
        }),
      ),
    ).toEqual(['verifiedEmail', 'minRating', 'minReliability', 'friendsOnly', 'sameCity']);
  });

  it('unknown rating or reliability never passes a minimum', () => {
    expect(unmetRules({ minRating: 1 }, facts({ participantRating: null }))).toEqual(['minRating']);
    expect(unmetRules({ minReliability: 0 }, facts({ reliability: { attended: 0, recorded: 0 } }))).toEqual([
      'minReliability',
    ]);
  });

  it('compares cities the Turkish way', () => {
    expect(
      unmetRules(
        { sameCity: true },
        facts({ user: { emailVerified: 1, city: 'İZMİR' }, host: { city: 'izmir' } }),
      ),
    ).toEqual([]);
  });

  it('reliability is attended over recorded, rounded', () => {
    expect(reliabilityPercent({ attended: 2, recorded: 3 })).toBe(67);
    expect(reliabilityPercent({ attended: 0, recorded: 0 })).toBeNull();
  });
});
