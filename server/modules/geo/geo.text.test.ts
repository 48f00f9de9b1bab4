import { describe, expect, it } from 'vitest';
import { compact, editDistance, fold, trigrams } from './geo.text.ts';

describe('fold', () => {
  it('folds Turkish letters and both cases of I', () => {
    for (const s of ['kadikoy', 'KADIKÖY', 'Kadıköy', 'kadıköy', 'KADIKOY']) expect(fold(s)).toBe('kadikoy');
    for (const s of ['ISTANBUL', 'istanbul', 'İstanbul', 'İSTANBUL', 'Istanbul'])
      expect(fold(s)).toBe('istanbul');
    expect(fold('Çağlayancerit')).toBe('caglayancerit');
    expect(fold('Şişli')).toBe('sisli');
    expect(fold('Hakkâri')).toBe('hakkari');
    expect(fold('Ümraniye')).toBe('umraniye');
  });

  it('drops a suffix after an apostrophe and separates words on punctuation', () => {
    expect(fold("Kadıköy'de")).toBe('kadikoy');
    expect(fold('İzmir’in')).toBe('izmir');
    expect(fold('  Moda,  Kadıköy ')).toBe('moda kadikoy');
    expect(compact(fold('19 Mayıs'))).toBe('19mayis');
  });
});

describe('editDistance', () => {
  it('counts edits and adjacent transpositions, bounded by max', () => {
    expect(editDistance('kadikoy', 'kadikoy', 2)).toBe(0);
    expect(editDistance('kadikoi', 'kadikoy', 2)).toBe(1);
    expect(editDistance('esenyrt', 'esenyurt', 2)).toBe(1);
    expect(editDistance('kaidkoy', 'kadikoy', 2)).toBe(1);
    expect(editDistance('ankara', 'izmir', 2)).toBe(3);
  });
});

describe('trigrams', () => {
  it('marks the start of the word', () => {
    expect(trigrams('cay')).toEqual([' ca', 'cay', 'ay ']);
  });
});
