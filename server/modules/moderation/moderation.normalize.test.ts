import { describe, expect, it } from 'vitest';
import { cleanText, joinSpacedSingles, spellDigits, squeezeRepeats } from './moderation.normalize.ts';
import { checkWithRules } from './moderation.rules.ts';

const check = (text: string) => checkWithRules(text, { recentMessages: [], now: new Date('2026-01-01') });

describe('cleanText', () => {
  it('maps Cyrillic and Greek look-alikes to Latin letters, keeping Turkish ones', () => {
    expect(cleanText('\u0455iktir')).toBe('siktir');
    expect(cleanText('\u043er\u043esp\u0443')).toBe('orospy');
    expect(cleanText('\u03bfr\u03bfspu')).toBe('orospu');
    expect(cleanText('s\u0435ni g\u0435b\u0435rtirim')).toBe('seni gebertirim');
    expect(cleanText('Şık ığdır İstanbul ÇÖĞÜ')).toBe('Şık ığdır İstanbul ÇÖĞÜ');
  });

  it('removes invisible characters and stray marks and undoes fullwidth letters', () => {
    expect(cleanText('si\u200bk\u200dtir')).toBe('siktir');
    expect(cleanText('s\u0336i\u0336k\u0336')).toBe('sik');
    expect(cleanText('ｓｉｋｔｉｒ')).toBe('siktir');
    expect(cleanText('s\u0327ık')).toBe('şık');
  });

  it('joins three or more characters typed one by one, two spaces still separate words', () => {
    expect(joinSpacedSingles('s i k t i r git')).toBe('siktir git');
    expect(joinSpacedSingles('w w w . k a z a n . c o m')).toBe('www.kazan.com');
    expect(joinSpacedSingles('b a h i s  s i t e s i')).toBe('bahis  sitesi');
    expect(joinSpacedSingles('o 3 gol attı, A takımı')).toBe('o 3 gol attı, A takımı');
  });

  it('squeezes letters repeated for emphasis but keeps doubles', () => {
    expect(squeezeRepeats('siiiiiktir')).toBe('siktir');
    expect(squeezeRepeats('yarrak assassin')).toBe('yarrak assassin');
  });
});

describe('spellDigits', () => {
  it('reads Turkish phone numbers written out in words', () => {
    expect(spellDigits('bes yuz otuz iki yuz yirmi uc kirk bes altmis yedi ara')).toBe('5321234567 ara');
    expect(spellDigits('sifir bes yuz elli iki, yuz yirmi uc, kirk bes, altmis yedi')).toBe('05521234567');
    expect(spellDigits('bes yuz kirk iki, uc yuz on bir, yirmi, otuz')).toBe('5423112030');
    expect(spellDigits('sifir bes uc iki bes bes bes alti alti yedi yedi')).toBe('05325556677');
  });

  it('reads English words, digits glued to words and a letter o among digits', () => {
    expect(spellDigits('five three two one two three four five six seven, text me')).toBe(
      '5321234567, text me',
    );
    expect(spellDigits('0 five three two 123 45 67')).toBe('05321234567');
    expect(spellDigits('05three2 555 66 77')).toBe('0532 555 66 77');
    expect(spellDigits('o5 32 1 23 45 67')).toBe('05 32 1 23 45 67');
  });

  it('leaves ordinary numbers in words alone', () => {
    for (const text of [
      'bes kisiyiz, on iki kisilik yer var mi',
      'saat on dokuz otuzda',
      'bir iki uc deneme',
      'bes yuz metre',
    ]) {
      expect(spellDigits(text)).toBe(text);
    }
  });
});

describe('normalisation in the rules', () => {
  it('sees swearing, threats and phone numbers through the tricks', () => {
    expect(check('\u0455iktir').verdict).toBe('block');
    expect(check('s\u0435ni g\u0435b\u0435rtirim').reasons).toContain('threat');
    expect(check('s\u200bi\u200bk\u200bt\u200bi\u200br').verdict).toBe('block');
    expect(check('beş yüz otuz iki yüz yirmi üç kırk beş altmış yedi ara beni').reasons).toContain('phone');
    expect(check('sıfır beş otuz iki, bir iki üç, kırk beş, altmış yedi').reasons).toContain('phone');
    expect(check('w w w . k a z a n . c o m').reasons).toContain('link');
  });

  it('knows swear words without their vowels', () => {
    for (const text of ['sktr git', 'hssktr', 'sktrgt', 'ananı skm', 'skyim böyle işi', 'orspu cocugu']) {
      expect(check(text).verdict, text).toBe('block');
    }
    for (const text of ['amq ne zaman', 'mk yine geç kaldım', 'mq']) {
      expect(check(text), text).toMatchObject({ verdict: 'review', reasons: ['profanity'] });
    }
    expect(check('skor kaç oldu, sk bitti mi').verdict).toBe('ok');
  });
});
