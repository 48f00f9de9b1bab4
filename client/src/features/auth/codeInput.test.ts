import { describe, expect, it } from 'vitest';
import { sanitizeCode } from './codeInput.ts';

describe('sanitizeCode', () => {
  it('keeps digits only', () => {
    expect(sanitizeCode('12a3-4 5')).toBe('12345');
    expect(sanitizeCode('abc')).toBe('');
    expect(sanitizeCode(' 1 2 3 ')).toBe('123');
  });
  it('caps at 6 digits', () => {
    expect(sanitizeCode('1234567890')).toBe('123456');
    expect(sanitizeCode('Kod: 987 654 321')).toBe('987654');
  });
  it('drops non-ASCII digits', () => {
    expect(sanitizeCode('١٢٣456')).toBe('456');
  });
});
