import { describe, expect, it } from 'vitest';
import { BADGE_IDS, earnedBadges, longestWeekRun, type BadgeFacts } from './badges.catalog.ts';

const none: BadgeFacts = {
  hosted: 0,
  joined: 0,
  night: false,
  early: false,
  modes: 0,
  weeks: [],
  hostRatings: 0,
  hostAverage: null,
  feedbackGiven: 0,
  hasPicture: false,
  hasUsername: false,
  hasBio: false,
  hasCity: false,
  interests: 0,
};

describe('badge rules', () => {
  it('has about ten badges with unique ids', () => {
    expect(BADGE_IDS.length).toBeGreaterThanOrEqual(10);
    expect(new Set(BADGE_IDS).size).toBe(BADGE_IDS.length);
  });

  it('earns nothing from nothing', () => {
    expect(earnedBadges(none)).toEqual([]);
  });

  it('counts hosting and joining at their thresholds', () => {
    expect(earnedBadges({ ...none, hosted: 1 })).toEqual(['first-host']);
    expect(earnedBadges({ ...none, hosted: 4 })).toEqual(['first-host']);
    expect(earnedBadges({ ...none, hosted: 5 })).toEqual(['first-host', 'host-5']);
    expect(earnedBadges({ ...none, joined: 9 })).toEqual(['first-join']);
    expect(earnedBadges({ ...none, joined: 10 })).toEqual(['first-join', 'joined-10']);
  });

  it('needs five ratings averaging 4.8 for the five-star host', () => {
    expect(earnedBadges({ ...none, hostRatings: 4, hostAverage: 5 })).toEqual([]);
    expect(earnedBadges({ ...none, hostRatings: 5, hostAverage: 4.79 })).toEqual([]);
    expect(earnedBadges({ ...none, hostRatings: 5, hostAverage: 4.8 })).toEqual(['five-star-host']);
  });

  it('needs every part of a complete profile', () => {
    const full = { ...none, hasPicture: true, hasUsername: true, hasBio: true, hasCity: true, interests: 3 };
    expect(earnedBadges(full)).toEqual(['profile-complete']);
    expect(earnedBadges({ ...full, interests: 2 })).toEqual([]);
    expect(earnedBadges({ ...full, hasPicture: false })).toEqual([]);
  });

  it('finds four weeks in a row, not four weeks with a gap', () => {
    expect(longestWeekRun(['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'])).toBe(4);
    expect(longestWeekRun(['2026-11-02', '2026-11-09', '2026-11-23', '2026-11-30'])).toBe(2);
    // Across the change to and from summer time there is none in Turkey, but the arithmetic is by day.
    expect(longestWeekRun(['2026-12-21', '2026-12-28', '2027-01-04', '2027-01-11', '2027-01-18'])).toBe(5);
    expect(
      earnedBadges({ ...none, weeks: ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'] }),
    ).toEqual(['streak-4']);
  });
});
