import { describe, expect, it } from 'vitest';
import { checkWithRules } from './moderation.rules.ts';
import type { Category, Verdict } from './moderation.types.ts';

// Round 2 of ADR 073's structural patterns: the wider reach of each structure, by the rules alone.
// Sentences written for this test (not from any corpus file), each group with the look-alikes it must spare.
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

describe('a declined request + what is theirs to lose', () => {
  it('blocks it whatever the verb of harm', () => {
    expectAll('threat', 'block', [
      'onaylamazsan tatil fotoğrafların sınıf grubunda olur',
      'izin vermezsen yazışmalarımızı kuzenine yollarım',
      'turn me down and your dms end up on reddit',
      'kabul et yoksa elimdeki kayıtları kullanırım',
      'kabul edilmezsem bu fotoğrafları herkes görür',
      'if my request is denied, you ll be sorry about those photos',
    ]);
  });
  it('leaves an approval asked kindly alone', () => {
    expectOk([
      'onaylamazsan bana yaz, başka tarihe bakarım',
      'if you turn me down no problem, see you around',
      'kabul edersen fotoğraf makinemi getiririm',
      'kabul edilmezsem herkese iyi eğlenceler, görüşürüz',
    ]);
  });
});

describe('finding where someone is', () => {
  it('blocks a claim to have worked out their home or location', () => {
    expectAll('doxxing', 'block', [
      'evini storydeki balkondan çözdüm',
      'konumunu paylaştığın kahveden öğrendim',
      'figured out your home address from one photo',
    ]);
  });
  it('reviews an unasked meeting "sooner or later"', () => {
    expectAll('doxxing', 'review', [
      'er geç denk geliriz, aynı otobüse biniyoruz 😉',
      'we ll run into each other sooner or later',
    ]);
  });
  it('leaves the venue, a third party’s data and one’s own home alone', () => {
    expectOk([
      'mekanın telefon numarasını buldum, rezervasyon yaptım',
      'evim etkinliğe çok yakın, yürüyerek gelirim',
      'yolda karşılaşırsak selam veririm',
    ]);
  });
});

describe('a group wished away', () => {
  it('blocks it in many forms', () => {
    expectAll('hate', 'block', [
      'umarım göçmenlerden kimse gelmez bu sefer',
      'bu şehir Afganlar olmadan daha huzurluydu',
      'send the refugees back where they came from',
      'suriyelisiz bir mahalle olsa keşke',
      'honestly migrants are not welcome at our barbecue',
      'Afganlar bu kulüpten uzak dursun',
    ]);
  });
  it('leaves welcome and solidarity alone', () => {
    expectOk([
      'mülteci öğrenciler de gelsin, herkese açık',
      'refugees are welcome, we need volunteers',
      'Afganistanlı arkadaşım da gelecek, tanıştırırım',
      // "whether or not", asked by someone of the group (round 3, from a dev false alarm)
      'Göçmen bir öğrenciyim, etkinliğin herkese açık olup olmadığını merak ettim',
    ]);
  });
});

describe('women told what they are', () => {
  it('reviews generalisations about women', () => {
    expectAll('harassment', 'review', [
      'kızların hepsi zaten sadece fotoğraf için geliyor',
      'women should stay home, not host climbing trips',
      'female hosts are useless at planning',
    ]);
  });
  it('leaves women inviting women alone', () => {
    expectOk(['kızlar da gelsin, karışık takım kuralım']);
  });
});

describe('minors', () => {
  it('blocks under-18 as a preference and age asked with being alone', () => {
    expectAll('predatory', 'block', [
      'reşit olmayan katılımcılar varsa daha eğlenceli olur',
      'girls aged 15 to 17 preferred',
      'kaç yaşındasın? yalnız gelmen daha iyi olur',
      '15 yaşındaysan hatta daha iyi',
      'evdekilere bir şey deme, haberleri olmasın',
    ]);
  });
  it('leaves own ages and family alone', () => {
    expectOk(['19 yaşındayım, ilk kez katılıyorum', 'yalnız geliyorum, 23 yaşındayım']);
  });
});

describe('clothes, links, money, looks', () => {
  it('blocks revealing clothes asked for', () => {
    expectAll('sexual', 'block', [
      'sutyensiz gelsen daha rahat edersin',
      'askılı bir bluz giy, kollarını görelim',
    ]);
  });
  it('leaves the writer’s own clothes alone', () => {
    expectOk([
      'dün kısa etek giydim, üşüdüm',
      'pilatese tayt mı eşofman mı giyiyorsunuz?',
      'şort giyebilir miyim, yoksa uzun mu?',
    ]);
  });
  it('reviews a link spelt out in words, not an e-mail address', () => {
    expectAll('spam', 'review', ['katıl: discordgg slash bedavarol', 'site: kazan nokta net slash sayfam']);
  });
  it('blocks a fee on a free event', () => {
    expectAll('scam', 'block', ['bedava atölye ama malzeme ücretini şu ibana atın']);
  });
  it('reviews mocking weight and mothers', () => {
    expectAll('harassment', 'review', [
      'kaç kilosun sen, bisiklet dayanmaz',
      'annen de senin gibi berbat mı oynuyor',
    ]);
  });
  it('leaves one’s own weight and a kind word about a mother alone', () => {
    expectOk(['annen çok tatlı biri, selam söyle', 'balina izleme turu var mı?']);
  });
});
