import { describe, expect, it } from 'vitest';
import { REASON_CODES, reasonText } from './moderation.reasons.ts';
import { checkWithRules, createRulesOnlyChecker } from './moderation.rules.ts';
import { THRESHOLDS } from './moderation.thresholds.ts';
import type { CheckContext } from './moderation.ts';

// The rules layer alone (ADR 020, 036); the model's part is in moderation.model.test.ts.

const now = new Date('2025-06-14T18:00:00Z');
const none: CheckContext = { recentMessages: [], now };
const check = (text: string, context: CheckContext = none) => checkWithRules(text, context);
const verdict = (text: string) => check(text).verdict;

describe('rules engine', () => {
  it('passes an empty or blank message without reasons', async () => {
    const checker = createRulesOnlyChecker();
    for (const text of ['', '   ', '\n\t']) {
      expect(await checker.check(text, none)).toEqual({
        verdict: 'ok',
        reasons: [],
        engine: 'rules',
        categories: [],
      });
    }
  });

  it('passes friendly messages', () => {
    for (const text of [
      'Selam! Ben de halı sahaya gelmek isterim, kaleci olabilirim 🙂',
      'Merhaba, ilk defa katılacağım, sorun olur mu?',
      'Hi! Can I join? I’m new to the city.',
      "Discord'dan konuşuruz",
      'Discord: kartal#1234, Riot ID Yagiz#TR1, Steam arkadaş kodum 12345678',
      'WhatsApp grubu var mı? Ona da katılabilirim.',
      'Saat 19.30, 5 kişiyiz, kişi başı 150 TL, 12.05.2025',
      'IBAN atarsan saha parasını yollarım',
      'Valorant’ta hepinizi öldürürüm 😂',
      'hahahaha gelirim, ASDFGHJKL çok iyi ya',
    ]) {
      expect(check(text), text).toEqual({ verdict: 'ok', reasons: [], engine: 'rules', categories: [] });
    }
  });

  it('keeps Turkish words that only contain a rude piece clean', () => {
    for (const text of [
      'Eski bir sikke getiririm',
      'Trafik çok sıkıntılı',
      'sıkı antrenman',
      'hafif siklet',
      'amcam da gelsin',
      'ambalajı açılmamış',
      'amacım tanışmak',
      "Amasya'dan geldim",
      'piknik olursa',
      'topları götürürüm, beni de götür',
      'kasığım ağrıyor',
      'tamam',
      "Çorum'dan",
      "Sikkim'e gittim",
      'malzemeleri alırım',
      'çok şık bir mekan',
      'cok sik bir mekan',
      'sik sik gelirim',
      'aptalca bir soru',
      'makarna pişirmeyi severim',
      'cok sikildim evde',
      'sikici bir hafta',
      'otobus sikisikti',
      'ayakkabı ayağımı sıkıyor',
      'Adım Amine',
      'ananas suyu',
      'boks eldiveni',
      'yarasa gibi',
      'Salacak sahilinde',
      'MK11 turnuvası, mk 11 oynayan var mı',
    ]) {
      expect(verdict(text), text).toBe('ok');
    }
  });

  it('keeps English words that only contain a rude piece clean', () => {
    for (const text of [
      'Scunthorpe',
      'teaching assistant',
      'beginner class',
      'my passion',
      'a cocktail',
      'reading Dickens',
      'shiitake and shitake',
      'therapist',
      'grape juice',
      "Assassin's Creed",
      'Sussex and Essex',
      'data analysis',
      'I got it',
      'Moby Dick',
      'I will find you a seat',
      'skill issue',
    ]) {
      expect(verdict(text), text).toBe('ok');
    }
  });

  it('sees through obfuscation', () => {
    for (const text of [
      'siktir',
      'SİKTİR',
      'SIKTIR',
      'siiiiiiktir',
      's.i.k.t.i.r',
      's i k t i r',
      'sik tir',
      's1kt1r',
      '$iktir',
      's*kt*r',
      's!kerim',
      'amınakoyim',
      'am.ına koyim',
      'a.m.c.ı.k',
      '0r0spu',
      'or ospu',
      'o.ç.',
      'yaaarrrak',
      'y4rr4k',
      'f*ck off',
      'c u n t',
      'b1tch',
    ]) {
      expect(verdict(text), text).toBe('block');
    }
    for (const text of ['amk', 'a m k', '@mk', '4mk', 'aq', 'ammmk', 'fuuuuck', 'sh1t', 'wtf']) {
      expect(check(text), text).toMatchObject({ verdict: 'review', reasons: ['profanity'] });
    }
  });

  it('tells Turkish letters apart where they matter', () => {
    expect(verdict('piç')).toBe('block');
    expect(verdict('pişmiş')).toBe('ok');
    expect(verdict('oç')).toBe('block');
    expect(verdict('göt')).toBe('review');
    expect(verdict('got it')).toBe('ok');
    expect(verdict('sıktır')).toBe('ok');
  });

  it('names the kind of abuse', () => {
    expect(check('salak mısın').reasons).toEqual(['harassment']);
    expect(check('seks yapalım mı').reasons).toEqual(['sexual']);
    expect(check('ibneler gelmesin').reasons).toEqual(['hate']);
    expect(check('pis suriyeliler gelmesin').reasons).toEqual(['hate']);
    expect(check('kafanı kırarım')).toMatchObject({ verdict: 'block', reasons: ['threat'] });
    expect(check('I know where you live')).toMatchObject({ verdict: 'block', reasons: ['doxxing'] });
    expect(check('çok seksisin')).toMatchObject({ verdict: 'review', categories: ['sexual'] });
  });
});

describe('spam signals', () => {
  it('finds links, also spelled out or squeezed together', () => {
    for (const text of [
      'www.ucuzbilet.com',
      'https://ornek.net/x',
      'site[.]com',
      'ornek nokta com',
      'discord.gg/abc123',
      'instagram.com/ali',
    ]) {
      expect(check(text).reasons, text).toContain('link');
    }
    expect(check('wwwbahissitesicom')).toMatchObject({ verdict: 'block', reasons: ['betting', 'link'] });
    for (const text of ['node.js biliyorum', 'saat 19.30da', 'vs. gibi', 'Dr.Ali']) {
      expect(verdict(text), text).toBe('ok');
    }
  });

  it('finds Turkish phone numbers in their usual spellings', () => {
    for (const text of [
      '0532 123 45 67',
      '05321234567',
      '+90 532 123 45 67',
      '+90 (532) 123-45-67',
      '0 5 3 2 1 2 3 4 5 6 7',
      '0532.123.45.67',
      '0212 555 44 33',
      '5321234567',
      '+49 151 23456789',
    ]) {
      expect(check(text).reasons, text).toContain('phone');
    }
    for (const text of ['Öğrenci no 2021123456', 'TC 12345678901', 'Skor 2-1', '1.500 TL mi 2.500 TL mi']) {
      expect(check(text).reasons, text).not.toContain('phone');
    }
  });

  it('finds IBANs and blocks one sent with a request to pay', () => {
    expect(check('TR33 0006 1005 1978 6457 8413 26')).toMatchObject({ verdict: 'review', reasons: ['iban'] });
    expect(check('IBAN: TR330006100519786457841326').reasons).toEqual(['iban']);
    expect(check('TR12 0006 1005 1978 6457 8413 26 ücreti buraya yatırın').verdict).toBe('block');
  });

  it('finds e-mail addresses, also with [at] and dot spelled out', () => {
    for (const text of [
      'ali.veli@gmail.com',
      'ali [at] gmail [dot] com',
      'ali at gmail dot com',
      'ali(at)gmail.com',
    ]) {
      expect(check(text), text).toMatchObject({ verdict: 'review', reasons: ['email'] });
    }
  });

  it('blocks betting, crypto and follower ads; talk about them passes', () => {
    for (const text of [
      'deneme bonusu veren siteler',
      '1xbet promosyon kodu',
      'bet365 giriş',
      'canlı casino bonusu',
      'Bitcoin yatırım fırsatı, kazanç garantili!',
      'USDT ile günlük %5 kazanç',
      'airdrop kaçırma',
      'ucuz takipçi satın al',
      'evden para kazanmak isteyen',
      'bahis oynamak isteyen dm',
    ]) {
      expect(verdict(text), text).toBe('block');
    }
    for (const text of [
      'maçtan sonra iddaa oynarız belki',
      'bonus olarak kek getiririm',
      'bitcoin hakkında sohbet etmek isterim',
      'indirim kodu var mı kafede',
      'vip masa ayırtalım mı',
    ]) {
      expect(verdict(text), text).toBe('ok');
    }
    expect(check('Ethereum yatırımı yaptım batırdım')).toMatchObject({
      verdict: 'review',
      reasons: ['crypto'],
    });
  });

  it('flags pressure to move off the platform, but not game platforms or questions', () => {
    for (const text of [
      "whatsapp'tan yaz",
      'wp den yazarsın',
      'dm at konuşalım',
      'insta: ayse.k_',
      'ig @selin.run',
      'instagramım @ali',
      'telegramdan ulaş',
      'snapte ekle',
      'numaramı al',
      'beni arayın',
      't.me/kanal',
    ]) {
      expect(check(text).reasons, text).toContain('off_platform');
    }
    for (const text of [
      "Discord'dan konuşuruz",
      'discorddan yaz',
      'steamden ekle beni',
      'WhatsApp grubuna ekler misiniz?',
      'Instagram hesabım yok',
      'Bana dm atabilirsin uygulamadan',
    ]) {
      expect(verdict(text), text).toBe('ok');
    }
  });

  it('flags shouting only for long all-caps messages', () => {
    expect(check('SELAM BEN DE GELMEK İSTİYORUM LÜTFEN BENİ ALIN').reasons).toEqual(['shouting']);
    for (const text of ['SELAM!', 'CS2 FACEIT ELO 2000', 'KPSS ve ALES çalışıyorum, ÖSYM takvimine göre']) {
      expect(verdict(text), text).toBe('ok');
    }
  });

  it('flags keyboard mashing but not laughter or stretched words', () => {
    for (const text of [
      'asdasdasdasd',
      'qwertyuiop',
      'sdfghjklşi',
      'kdkdkdkdkd',
      'xcvbnm asdfgh',
      'jjjjjjjjj',
    ]) {
      expect(check(text).reasons, text).toEqual(['gibberish']);
    }
    for (const text of ['hahahaha', 'sjsjsjsj', 'hmmmmm bakarım', 'ksjdksjdksjd selam gelicem']) {
      expect(verdict(text), text).toBe('ok');
    }
    expect(check('siktirrrrr').reasons).toEqual(['profanity']);
  });
});

describe('context signals', () => {
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  const sent = (text: string, events: number, minutes = 60) =>
    Array.from({ length: events }, (_, i) => ({
      text,
      eventId: `e${i}`,
      createdAt: minutesAgo(minutes + i),
    }));
  const pitch = 'Merhaba, ben Ali, 25 yaşındayım, halı saha için kaleci olabilirim';

  it('reviews the same text sent to 3 events in 24 hours and blocks it at 6', () => {
    expect(check(pitch, { now, recentMessages: sent(pitch, THRESHOLDS.duplicateReview - 2) }).verdict).toBe(
      'ok',
    );
    expect(check(pitch, { now, recentMessages: sent(pitch, THRESHOLDS.duplicateReview - 1) })).toMatchObject({
      verdict: 'review',
      reasons: ['duplicate'],
    });
    expect(check(pitch, { now, recentMessages: sent(pitch, THRESHOLDS.duplicateBlock - 1) })).toMatchObject({
      verdict: 'block',
      reasons: ['duplicate'],
    });
  });

  it('counts events, not messages, and matches near-identical texts', () => {
    const sameEvent = sent(pitch, 5).map((m) => ({ ...m, eventId: 'e1' }));
    expect(check(pitch, { now, recentMessages: sameEvent }).verdict).toBe('ok');
    const variants = [
      'merhaba ben ali 25 yasindayim hali saha icin kaleci olabilirim!!',
      'MERHABA, ben Ali, 26 yaşındayım, halı saha için kaleci olabilirim',
    ].map((text, i) => ({ text, eventId: `v${i}`, createdAt: minutesAgo(30) }));
    expect(check(pitch, { now, recentMessages: variants }).reasons).toEqual(['duplicate']);
  });

  it('ignores messages older than 24 hours and very short greetings', () => {
    expect(check(pitch, { now, recentMessages: sent(pitch, 8, 25 * 60) }).verdict).toBe('ok');
    expect(check('selam', { now, recentMessages: sent('selam', 8) }).verdict).toBe('ok');
  });

  it('reviews 5 requests within 10 minutes', () => {
    const burst = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        text: `mesaj ${i} farklı`,
        eventId: `f${i}`,
        createdAt: minutesAgo(i),
      }));
    expect(check('Selam', { now, recentMessages: burst(THRESHOLDS.floodReview - 2) }).verdict).toBe('ok');
    expect(check('Selam', { now, recentMessages: burst(THRESHOLDS.floodReview - 1) })).toMatchObject({
      verdict: 'review',
      reasons: ['flood'],
    });
  });
});

describe('reasons', () => {
  it('lists reasons once, most serious first, with their categories', () => {
    expect(check('siktir git salak, 0532 123 45 67')).toMatchObject({
      reasons: ['harassment', 'profanity', 'phone'],
      categories: ['harassment', 'profanity', 'off_platform'],
    });
  });
});

describe('reasonText', () => {
  it('has a Turkish and an English text for every code, and a generic one for unknown codes', () => {
    for (const code of REASON_CODES) {
      expect(reasonText(code, 'tr')).toMatch(/^[A-ZÇĞİÖŞÜ]/);
      expect(reasonText(code, 'en')).toMatch(/^[A-Z]/);
      expect(reasonText(code, 'tr')).not.toBe(reasonText(code, 'en'));
    }
    expect(reasonText('profanity', 'tr')).toBe('Mesajında küfür var');
    expect(reasonText('something-new', 'tr')).toBe('Mesajının kontrol edilmesi gerekiyor');
  });
});
