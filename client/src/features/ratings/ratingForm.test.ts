import { describe, expect, it } from 'vitest';
import { feedbackToSend, ratingFormState, RATING_FEEDBACK_MAX, stepScore } from './ratingForm.ts';

describe('ratingFormState', () => {
  it('needs a score before it can be sent; feedback is optional', () => {
    expect(ratingFormState(null, '').submittable).toBe(false);
    expect(ratingFormState(null, 'Çok iyiydi').submittable).toBe(false);
    expect(ratingFormState(4, '').submittable).toBe(true);
    expect(ratingFormState(0, '').submittable).toBe(false);
  });

  it('refuses feedback over the limit after trimming, and warns near it', () => {
    expect(ratingFormState(5, 'a'.repeat(RATING_FEEDBACK_MAX)).submittable).toBe(true);
    expect(ratingFormState(5, `  ${'a'.repeat(RATING_FEEDBACK_MAX)}  `).tooLong).toBe(false);
    const over = ratingFormState(5, 'a'.repeat(RATING_FEEDBACK_MAX + 1));
    expect(over).toMatchObject({ tooLong: true, submittable: false, nearLimit: true });
    expect(ratingFormState(5, 'a'.repeat(899)).nearLimit).toBe(false);
  });

  it('does not resend an unchanged rating when editing', () => {
    const current = { score: 4, feedback: 'İyiydi' };
    expect(ratingFormState(4, ' İyiydi ', current).submittable).toBe(false);
    expect(ratingFormState(5, 'İyiydi', current).submittable).toBe(true);
    expect(ratingFormState(4, '', current).submittable).toBe(true);
    expect(ratingFormState(4, '   ', { score: 4, feedback: null }).submittable).toBe(false);
  });
});

describe('feedbackToSend', () => {
  it('trims, and sends null for blank text', () => {
    expect(feedbackToSend('  Süper  ')).toBe('Süper');
    expect(feedbackToSend(' \n ')).toBeNull();
  });
});

describe('stepScore', () => {
  it('moves within 1..5 with the arrow keys', () => {
    expect(stepScore(null, 'ArrowRight')).toBe(1);
    expect(stepScore(null, 'ArrowLeft')).toBe(5);
    expect(stepScore(3, 'ArrowRight')).toBe(4);
    expect(stepScore(5, 'ArrowRight')).toBe(5);
    expect(stepScore(1, 'ArrowLeft')).toBe(1);
    expect(stepScore(2, 'End')).toBe(5);
    expect(stepScore(2, 'Enter')).toBeNull();
  });
});
