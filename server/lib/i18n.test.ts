import { describe, expect, it } from 'vitest';
import { pickLocale, t } from './i18n.ts';

describe('server i18n', () => {
  it('prefers Turkish unless English ranks higher', () => {
    expect(pickLocale(undefined)).toBe('tr');
    expect(pickLocale('tr-TR,tr;q=0.9,en;q=0.8')).toBe('tr');
    expect(pickLocale('en-US,en;q=0.9,tr;q=0.8')).toBe('en');
    expect(pickLocale('de-DE,de;q=0.9')).toBe('tr');
    expect(pickLocale('de;q=1, en;q=0.5')).toBe('en');
  });

  it('fills parameters', () => {
    expect(t('tr', 'validation.tooShort', { min: 3 })).toBe('En az 3 karakter olmalı.');
    expect(t('en', 'error.internal', { errorId: 'x1' })).toBe(
      'Something unexpected went wrong. Error id: x1',
    );
  });
});
