import { describe, expect, it } from 'vitest';
import { foldLetters, foldTurkish, lowerTurkish } from './turkish-text.ts';

describe('Turkish text folding', () => {
  it('reads both capital I spellings as i and keeps the other Turkish letters when lowering', () => {
    expect(lowerTurkish('ISTANBUL')).toBe('istanbul');
    expect(lowerTurkish('İSTANBUL')).toBe('istanbul');
    expect(lowerTurkish('ŞIK ığdır')).toBe('şik ığdır');
  });

  it('folds every spelling of a place to one key', () => {
    for (const s of ['KADIKÖY', 'Kadıköy', 'kadikoy', 'KADİKÖY']) expect(foldTurkish(s)).toBe('kadikoy');
    expect(foldTurkish('Iğdır Çay Şöleni')).toBe('igdir cay soleni');
    expect(foldTurkish('Café Âşık')).toBe('cafe asik');
  });

  it('folds letters without changing case or ASCII text', () => {
    expect(foldLetters('Çağrı')).toBe('Cagri');
    const ascii = 'plain ascii 123';
    expect(foldLetters(ascii)).toBe(ascii);
  });
});
