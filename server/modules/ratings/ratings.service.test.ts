import { describe, expect, it } from 'vitest';
import { ratingRefusal, RATING_WINDOW_MS } from './ratings.service.ts';

const DAY = 86_400_000;
const end = new Date('2026-03-01T18:00:00Z');
const event = {
  hostId: 'host',
  startsAt: new Date(end.getTime() - 90 * 60_000),
  endsAt: end,
  cancelledAt: null,
};
const at = (ms: number) => new Date(end.getTime() + ms);

describe('ratingRefusal', () => {
  it('opens when the event ends and closes 14 days later', () => {
    expect(ratingRefusal(event, 'guest', true, at(-1))?.key).toBe('rating.notOver');
    expect(ratingRefusal(event, 'guest', true, at(0))).toBeNull();
    expect(ratingRefusal(event, 'guest', true, at(RATING_WINDOW_MS))).toBeNull();
    expect(ratingRefusal(event, 'guest', true, at(RATING_WINDOW_MS + 1))?.key).toBe('rating.windowClosed');
  });

  it('checks who before when: host and non-participants are forbidden whatever the time', () => {
    expect(ratingRefusal(event, 'host', false, at(-1))).toEqual({
      code: 'FORBIDDEN',
      key: 'rating.ownEvent',
    });
    expect(ratingRefusal(event, 'x', false, at(1))).toEqual({
      code: 'FORBIDDEN',
      key: 'rating.notParticipant',
    });
  });

  it('never opens for a cancelled event', () => {
    const cancelled = { ...event, cancelledAt: at(-DAY) };
    expect(ratingRefusal(cancelled, 'guest', true, at(1))?.key).toBe('rating.cancelled');
  });
});
