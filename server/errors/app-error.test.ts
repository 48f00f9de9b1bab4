import { describe, expect, it } from 'vitest';
import { AppError, ErrorCode, reasonOf } from './app-error.ts';

describe('error reasons', () => {
  it('turns message keys into stable SCREAMING_SNAKE reasons without the generic namespace', () => {
    expect(reasonOf('join.full')).toBe('JOIN_FULL');
    expect(reasonOf('join.duplicate')).toBe('JOIN_DUPLICATE');
    expect(reasonOf('error.eventNotFound')).toBe('EVENT_NOT_FOUND');
    expect(reasonOf('validation.dateInPast')).toBe('DATE_IN_PAST');
    expect(reasonOf('event.notUpcoming')).toBe('EVENT_NOT_UPCOMING');
  });

  it('tells two conflicts apart by reason while the code stays closed', () => {
    const full = new AppError(ErrorCode.CONFLICT, 'join.full');
    const duplicate = new AppError(ErrorCode.CONFLICT, 'join.duplicate');
    expect(full.code).toBe(duplicate.code);
    expect(full.reason).not.toBe(duplicate.reason);
  });
});
