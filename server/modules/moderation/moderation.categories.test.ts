import { describe, expect, it } from 'vitest';
import { checkWithRules } from './moderation.rules.ts';
import type { Category, TextKind, Verdict } from './moderation.types.ts';

// Each category of ADR 036 by the rules alone: what it catches, with its verdict, and the innocent
// look-alikes it must leave alone.
const check = (text: string, kind?: TextKind) =>
  checkWithRules(text, { recentMessages: [], now: new Date('2026-01-01'), kind });

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

describe('threat', () => {
  it('blocks open, veiled and conditional threats', () => {
    expectAll('threat', 'block', [
      'kabul etmezsen pişman olursun',
      'beni reddedersen canını yakarım',
      'almazsan sahada seni sakat bırakırım',
      'seni bulurum, bu şehir küçük',
      'kafana sıkarım',
      'gece eve dönerken dikkat et 🙂',
      'silahım var, unutma',
      "if you don't let me in you'll regret it",
      "I'll break your legs",
      'watch your back',
    ]);
  });

  it('leaves game and sport banter and polite conditionals alone', () => {
    expectOk([
      'lobide hepinizi tek tek avlayacağım 😂',
      "mid'e gel seni kesicem haha, 1v1 atalım",
      "I'll kill the boss, you heal",
      'sahada kimseye acımam, sert oynarım ama temiz',
      'kabul etmezsen de sorun değil, başka sefere 🙂',
      "If you don't have space, no worries",
      'I will find you a seat',
      'dikkatli ol, yol kaygan',
    ]);
  });
});

describe('doxxing and stalking', () => {
  it('blocks knowing, publishing and watching', () => {
    expectAll('doxxing', 'block', [
      'nerede oturduğunu biliyorum',
      'numaranı herkese yayarım',
      'fotoğraflarını tüm gruplara atarım',
      'seni ifşa edeceğim',
      'okulunu biliyorum',
      'seni izliyorum',
      'dün balkondaydın, gördüm seni',
      "I'll post your number everywhere",
      'i followed you home',
    ]);
  });

  it('leaves addresses of places and social follows alone', () => {
    expectOk([
      'mekanın adresini biliyorum, daha önce gittim',
      'Adresi biliyorum, geçen sefer de gelmiştim',
      'instagramdan takip ediyorum sizi, etkinlikleriniz çok iyi',
      'fotoğrafları paylaşır mısın?',
    ]);
  });
});

describe('predatory', () => {
  it('reviews one question about age or being alone, blocks two kinds or interest in minors', () => {
    expectAll('predatory', 'review', [
      'kaç yaşındasın',
      'yalnız mı geleceksin',
      'sadece kızlar gelsin',
      'are you coming alone?',
    ]);
    expectAll('predatory', 'block', [
      'kaç yaşındasın? yalnız mı geleceksin?',
      'yalnız gel, kimseye söyleme',
      'liseli kızlar gelsin',
      '18 altı da olur',
      'i like them young',
    ]);
  });

  it('leaves women asking about women, people coming alone and family alone', () => {
    expectOk([
      'kız var mı, ben de kızım, yalnız kalmak istemem',
      'Sadece kızlardan oluşan bir grup var mı? Ben de kızım',
      'yalnız geliyorum ilk defa, sorun olur mu?',
      "I'm coming alone, hope that's ok",
      'kaç yaş aralığı geliyor genelde?',
      '25 yaşındayım, hafta sonları boşum',
      'kız kardeşim 16 yaşında, o da gelebilir mi?',
    ]);
    expect(check('sadece kadınlar katılsın, tempo 6:30', 'event_description').verdict).toBe('ok');
  });
});

describe('sexual', () => {
  it('blocks propositions and remarks about bodies, reviews flirting', () => {
    expectAll('sexual', 'block', [
      'göğüslerin çok güzel',
      'benimle yatar mısın',
      'odama gel bu akşam',
      'nude at',
      'nice ass',
    ]);
    expectAll('sexual', 'review', [
      'çok güzelsin',
      'sevgilin var mı',
      'you look so hot',
      'bebeğim gelirim tabi',
    ]);
  });

  it('leaves compliments on events, dress codes and titles alone', () => {
    expectOk([
      'Fotoğraflar çok güzel, etkinlik harika görünüyor',
      'kırmızı elbise giyeceğim, dress code var mı?',
      'Sex Education dizisini izleyenler kulübü 😄',
      'göğüs kontrolüyle indiririm topu',
      'ağzına sağlık, yemekler harikaydı',
    ]);
  });
});

describe('harassment, sexism and body-shaming', () => {
  it('reviews insults, also inside polite requests', () => {
    expectAll('harassment', 'review', [
      'rica etsem şu geri zekalıyı gruptan atın',
      'Lütfen kibarca söyleyeyim: tam bir salaksın.',
      'Kadından organizatör olmaz, erkek biri düzenlesin',
      'women belong in the kitchen',
      'o şişko kızı çağırmayın',
      'that fat guy better not come',
      'çok çirkinsin',
    ]);
    expect(check('Kadınlar halı sahadan ne anlar').reasons).toContain('sexism');
    expect(check('o şişko kızı çağırmayın').reasons).toContain('body_shaming');
  });

  it('leaves self-deprecation and praise alone', () => {
    expectOk([
      'ben tam bir salağım, haritayı okuyamam 😅',
      'salak gibi her seferinde ofsayta düşüyorum haha',
      "I'm an idiot, forgot my shoes",
      'kilolu biriyim ama koşmayı seviyorum',
      'Kadın hostların etkinlikleri daha düzenli oluyor bence',
      'kızlar da oynayabilir mi?',
      'kadın başına 100 TL mi?',
    ]);
  });
});

describe('hate', () => {
  it('blocks contempt and exclusion of groups', () => {
    expectAll('hate', 'block', [
      'Suriyeliler gelmesin',
      'afganlardan nefret ediyorum',
      'göçmenler hep suç işliyor',
      'eşcinseller hasta insanlar',
      'refugees go home',
      'no Arabs allowed',
      'bu yabancı sürüsü her yeri bastı',
    ]);
  });

  it('leaves people of those groups and their cultures alone', () => {
    expectOk([
      'Suriyeli bir arkadaşım da gelmek istiyor, olur mu?',
      'Kürtçe konuşan var mı?',
      'Arap kahvesi yapmayı bilen var mı',
      'eşcinsel bir çiftiz, gelmemizde sakınca var mı?',
      'Türkçesi zayıf yabancı öğrenciler de gelebilir mi?',
      'kurt gibi açım, yemek olacak mı',
      'Kurtlar Vadisi izleyen var mı',
    ]);
  });
});

describe('self-harm', () => {
  it('reviews the writer’s own thoughts of self-harm, never blocks them', () => {
    expectAll('self_harm', 'review', [
      'kendimi öldürmeyi düşünüyorum',
      'artık yaşamak istemiyorum',
      'i want to end my life',
      'kms',
    ]);
    expect(check('artık yaşamak istemiyorum, siktir').verdict).toBe('block');
  });

  it('leaves figures of speech alone', () => {
    expectOk([
      'gülmekten öldüm',
      'açlıktan ölüyorum, yemek var mı',
      'this exam is killing me',
      'I’m dying to try this game',
      'intihar önleme farkındalık yürüyüşüne katılmak istiyorum',
      'Suicide Squad izleme gecesi',
      'yaşamak çok zor bu şehirde, kiralar uçtu',
    ]);
  });
});

describe('spam, scam and off-platform', () => {
  it('finds bulk shapes and sales', () => {
    expect(check('🔥🔥🔥🔥🔥🔥🔥🔥🔥🔥🔥🔥').reasons).toEqual(['emoji_flood']);
    expect(check('gel gel gel gel gel gel').reasons).toEqual(['repetition']);
    expect(check('Merhaba {isim}, {etkinlik} için yazıyorum').reasons).toContain('template');
    expect(check('Bu mesajı tüm etkinliklere gönderiyorum').reasons).toContain('mass_message');
    expect(check('referans kodum ALI50, kaydol ikimiz de bonus kazanalım')).toMatchObject({
      verdict: 'block',
      reasons: ['referral'],
    });
    expect(check('valorant elo boost yapılır, her rank').reasons).toContain('boosting');
    expect(check('OnlyFans linkim profilde').reasons).toContain('adult_promo');
  });

  it('finds scams: wallets with a request, premium-rate lines, phishing, money first', () => {
    expect(check('BTC: bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh gönder')).toMatchObject({
      verdict: 'block',
      categories: ['scam'],
    });
    expect(check('ETH 0x71C7656EC7ab88b098defB751B7401B5f6d8976F').reasons).toEqual(['wallet']);
    expect(check('0900 524 12 34 arayın').reasons).toContain('premium_rate');
    expect(check('KAZAN yaz 7979’a gönder').reasons).toContain('premium_rate');
    expect(check('SMS ile gelen kodu bana yaz').reasons).toContain('phishing');
    expect(check('önce 200 TL gönder sonra konum atarım').reasons).toContain('scam');
  });

  it('leaves payment questions, prizes of the game and own profiles alone', () => {
    expectOk([
      'Saha ücretini IBAN’a mı atıyoruz yoksa nakit mi?',
      'tebrikler turnuvayı kazandınız, efsanesiniz',
      'steam profilim: steamcommunity.com/id/mehmetcs',
      'WhatsApp grubu var mı?',
      'numaram profilimde yok, buradan yazarsanız görürüm',
      'YKS 2025 için çalışıyorum, yaz kampı var mı',
      'hahaha ha ha ha ha ha',
      'Steam arkadaş kodum 12345678',
      'Mekan: Moda Cad. No:12, 2. kat',
    ]);
  });
});
