import { describe, expect, it } from 'vitest';
import { hostRank } from './users.rank.ts';

const stats = (
  eventsHosted: number,
  totalParticipants: number,
  averageRating: number | null,
  hostRatingCount: number,
) => ({
  eventsHosted,
  totalParticipants,
  averageRating,
  hostRatingCount,
});

describe('hostRank', () => {
  it('starts new and reaches bronze once someone came to an event', () => {
    expect(hostRank(stats(0, 0, null, 0))).toBe('new');
    expect(hostRank(stats(2, 0, null, 0))).toBe('new');
    expect(hostRank(stats(1, 1, null, 0))).toBe('bronze');
  });

  it('needs events, attendance and (from gold on) enough good ratings for each level', () => {
    expect(hostRank(stats(3, 8, null, 0))).toBe('silver');
    expect(hostRank(stats(3, 7, null, 0))).toBe('bronze');
    // Gold needs five ratings averaging 4.0.
    expect(hostRank(stats(12, 40, 4.8, 4))).toBe('silver');
    expect(hostRank(stats(12, 40, 4.2, 5))).toBe('gold');
    expect(hostRank(stats(30, 120, 4.6, 15))).toBe('diamond');
    expect(hostRank(stats(30, 120, 4.4, 15))).toBe('gold');
  });

  it('lets a poor average hold a host back once enough ratings back it', () => {
    expect(hostRank(stats(5, 20, 3.2, 3))).toBe('bronze');
    // Two ratings are not yet a verdict.
    expect(hostRank(stats(5, 20, 1.0, 2))).toBe('silver');
  });
});
