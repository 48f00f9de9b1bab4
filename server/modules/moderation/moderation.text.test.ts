import { describe, expect, it } from 'vitest';
import { analyse, expandRuns, fold, lower } from './moderation.text.ts';

describe('lower and fold', () => {
  it('reads both capital Is as i and keeps Turkish letters until folded', () => {
    expect(lower('SIKINTI')).toBe('sikinti');
    expect(lower('SİKTİR')).toBe('siktir');
    expect(lower('Şık ÇORUM')).toBe('şık çorum');
    expect(fold('şık ığüöç âé')).toBe('sik iguoc ae');
  });
});

describe('analyse', () => {
  const forms = (text: string) => analyse(text).candidates.map((c) => c.fold);

  it('undoes leetspeak only inside words that have a letter', () => {
    expect(forms('s1kt1r @mk 0r0spu $ik')).toEqual(
      expect.arrayContaining(['siktir', 'amk', 'orospu', 'sik']),
    );
    expect(analyse('19.30 0532 5 kişi').words).toEqual(['19', '30', '0532', '5', 'kisi']);
  });

  it('joins letters split by punctuation or spaces', () => {
    expect(forms('s.i.k.t.i.r')).toContain('siktir');
    expect(forms('a-m-k')).toContain('amk');
    expect(forms('a m k lan')).toContain('amk');
    expect(forms('c u n t')).toContain('cunt');
  });

  it('glues neighbouring words when one is short, marked as a pair', () => {
    const pair = analyse('or ospu').candidates.find((c) => c.pair);
    expect(pair?.fold).toBe('orospu');
  });

  it('fills masked letters with the vowel that makes a listed word', () => {
    const isWord = (w: string) => w === 'fuck' || w === 'siktir';
    expect(analyse('f*ck', isWord).words).toEqual(['fuck']);
    expect(analyse('s*kt*r', isWord).words).toEqual(['siktir']);
    expect(analyse('a*b', isWord).words).toEqual(['a', 'b']);
  });

  it('keeps the Turkish view apart from the folded one', () => {
    const [c] = analyse('şık').candidates;
    expect(c).toMatchObject({ tr: 'şık', fold: 'sik' });
  });

  it('strips punctuation at word edges so "!" is not a leet i', () => {
    expect(analyse('gelirim!!! tamam.').words).toEqual(['gelirim', 'tamam']);
    expect(analyse('s!kerim').words).toEqual(['sikerim']);
  });
});

describe('expandRuns', () => {
  it('lets every letter repeat and keeps escapes, classes and quantifiers working', () => {
    const re = (p: string) => new RegExp(`^(?:${expandRuns(p)})$`);
    expect(re('siktir').test('siiiiktirrr')).toBe(true);
    expect(re('ass').test('as')).toBe(false);
    expect(re('ass').test('asss')).toBe(true);
    expect(re('sikme(?:k|m)?').test('sikme')).toBe(true);
    expect(re('e?x').test('x')).toBe(true);
    expect(re('sikti[gğ]').test('siktiğ')).toBe(true);
    expect(re('a\\w').test('ab')).toBe(true);
  });
});
