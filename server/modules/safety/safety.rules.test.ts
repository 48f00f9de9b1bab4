import { describe, expect, it } from 'vitest';
import { unsafeReportRefusal } from './safety.rules.ts';

const HOUR = 3600_000;
const end = new Date('2026-11-20T20:00:00Z');
const event = {
  hostId: 'host',
  startsAt: new Date(end.getTime() - 2 * HOUR),
  endsAt: end,
  cancelledAt: null,
};
const at = (ms: number) => new Date(end.getTime() + ms);

describe('unsafeReportRefusal', () => {
  it('lets the host and accepted participants report after the end, for 30 days', () => {
    expect(unsafeReportRefusal(event, 'host', false, at(0))).toBeNull();
    expect(unsafeReportRefusal(event, 'guest', true, at(HOUR))).toBeNull();
    expect(unsafeReportRefusal(event, 'guest', true, at(30 * 24 * HOUR))).toBeNull();
    expect(unsafeReportRefusal(event, 'guest', true, at(30 * 24 * HOUR + 1))?.key).toBe(
      'safety.unsafeWindowClosed',
    );
  });

  it('refuses people who did not take part first, then anything before the end', () => {
    expect(unsafeReportRefusal(event, 'stranger', false, at(-HOUR))).toEqual({
      code: 'FORBIDDEN',
      key: 'safety.unsafeNotParticipant',
    });
    expect(unsafeReportRefusal(event, 'guest', true, at(-1))).toEqual({
      code: 'CONFLICT',
      key: 'safety.unsafeNotOver',
    });
  });

  it('refuses an event cancelled before it began, not one cancelled while it ran', () => {
    const early = { ...event, cancelledAt: new Date(event.startsAt.getTime() - HOUR) };
    expect(unsafeReportRefusal(early, 'guest', true, at(HOUR))?.key).toBe('safety.unsafeCancelled');
    const during = { ...event, cancelledAt: new Date(event.startsAt.getTime() + HOUR) };
    expect(unsafeReportRefusal(during, 'guest', true, at(HOUR))).toBeNull();
  });
});
