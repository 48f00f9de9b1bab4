import { describe, expect, it } from 'vitest';
import { checkWithRules } from './moderation.rules.ts';
import type { Category, Verdict } from './moderation.types.ts';

// The structural patterns of ADR 073 by the rules alone: two parts harmless apart, harmful together.
// Sentences written for this test (not from any corpus split), with the look-alikes each must spare.
const check = (text: string) => checkWithRules(text, { recentMessages: [], now: new Date('2026-01-01') });

function expectAll(category: Category, verdict: Verdict, texts: string[]) {
  for (const text of texts) {
    const result = check(text);
    expect(result.categories, text).toContain(category);
    expect(result.verdict, text).toBe(verdict);
  }
}
const expectOk = (texts: string[]) => {
  for (const text of texts) expect(check(text), text).toMatchObject({ verdict: 'ok', reasons: [] });
};

describe('a condition on the host’s decision + a harm to them', () => {
  it('blocks it in any voice', () => {
    expectAll('threat', 'block', [
      'geri çevirirsen o sohbeti gruba paylaşırım',
      'hayir dersen mesajlarini ifsa ederim',
      'if u reject me those pics go online',
      'Başvurumun reddedilmesi halinde yazışmalarımızı herkese ileteceğim.',
    ]);
  });
  it('leaves a polite condition alone', () => {
    expectOk(['reddedersen de sorun yok, başka zaman', 'if you decline no worries at all!']);
  });
});

describe('a capability to locate + the target’s data', () => {
  it('blocks it', () => {
    expectAll('doxxing', 'block', [
      'telefon numaranı bulmak 2 dakikamı alır',
      'okulunu profilinden çıkardım',
      'i know ur dorm, saw the building in ur story',
    ]);
  });
  it('reviews a meeting the target never agreed to', () => {
    expectAll('doxxing', 'review', ['bir gün sokakta karşılaşırız nasılsa 😉']);
  });
  it('leaves places of events and own data alone', () => {
    expectOk(['salonun adresini biliyorum, oraya gelirim', 'okulum çok yakın, yürüyerek gelirim']);
  });
});

describe('a group + wishing it absent', () => {
  it('blocks it without a slur', () => {
    expectAll('hate', 'block', [
      'keşke hiç mülteci gelmese',
      'umarım çingenelerden kimse gelmez, çingeneler gelmesin',
      'hope the refugees stay away from our match',
    ]);
  });
  it('leaves people presenting themselves alone', () => {
    expectOk(['Suriyeliyim, Türkçe öğreniyorum, gelebilir miyim?', 'Kürt arkadaşımla geleceğim']);
  });
});

describe('women + what they supposedly cannot do', () => {
  it('flags it, in English too', () => {
    expectAll('harassment', 'review', ['kadınlar satranç oynayamaz', 'women cant aim, back to the kitchen']);
  });
  it('leaves a woman asking alone', () => {
    expectOk(['kadınlar da katılabilir mi?', 'I cannot aim at all haha']);
  });
});

describe('minors and secrecy', () => {
  it('blocks an age range under 18 and secrecy from parents', () => {
    expectAll('predatory', 'block', [
      '13-15 yaş arası gelsin',
      'prefer 15 to 17 years old',
      'ailene söyleme, gel sadece',
    ]);
  });
  it('leaves adult ages and parents who know alone', () => {
    expectOk(['20-25 yaş arası bir grubuz', 'ailem biliyor, gelebilirim']);
  });
});

describe('clothes asked for', () => {
  it('blocks a request for revealing clothes', () => {
    expectAll('sexual', 'block', ['gelirken mini etek giy', 'wear something tight 😏', 'taytla gel bence']);
  });
  it('leaves questions about what to wear alone', () => {
    expectOk(['şort giyebilir miyiz?', 'ne giyelim, hava soğuk mu?']);
  });
});

describe('money and links', () => {
  it('blocks a payment asked for a free event', () => {
    expectAll('scam', 'block', ['etkinlik bedava ama önce kapora yatırın']);
  });
  it('flags an invite link written in words', () => {
    expectAll('spam', 'review', ['discord gg slash oyunbonus', 't me slash kanalim']);
  });
  it('leaves a question about the price alone', () => {
    expectOk(['ücretsiz mi yoksa ödeme var mı?']);
  });
});

describe('looks and mothers', () => {
  it('flags derived forms and mother jokes', () => {
    expectAll('harassment', 'review', ['şişmanlığınla nasıl koşacaksın', 'your mom is so slow lol']);
  });
  it('leaves a kind word about a mother alone', () => {
    expectOk(['annene çok selam söyle', 'annem de gelmek istiyor 🙂']);
  });
});
