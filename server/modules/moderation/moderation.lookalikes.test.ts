import { describe, expect, it } from 'vitest';
import { checkWithRules } from './moderation.rules.ts';
import type { CheckContext } from './moderation.ts';

// Harmless texts that borrow the words of harm (ADR 073, rounds 7–9), each beside the harmful text it
// resembles: the rules must pass the first and flag the second.

const none: CheckContext = { recentMessages: [], now: new Date('2025-06-14T18:00:00Z') };
const check = (text: string, context: CheckContext = none) => checkWithRules(text, context);

describe('look-alikes of harm (ADR 073, rounds 7–9)', () => {
  // Each harmless form beside the harmful one it resembles: the first must pass, the second must not.
  const pairs: [fine: string, harmful: string][] = [
    [
      "I'm gonna break your ankles with my crossover on Saturday 😂",
      "I'm going to break your face on Saturday",
    ],
    ['Halı sahada sizi ezeriz bu hafta, hazır olun 😎', 'Sokakta görürsem seni ezerim, bekle'],
    ["Biri 'seni öldürcem' diye bağırdı golde, çok güldük", 'Seni öldürcem, bekle beni'],
    ['Fıstık alerjim var, tatlıda fıstık olacak mı?', 'Selam fıstık, bu akşam ne yapıyoruz 😏'],
    ['Tartışma ateşli olabilir ama saygı kuralımız', 'Profil fotonda çok ateşlisin'],
    ['Yoga için rahat tayt giyin, mat getirin', 'Tayt giy de gel, arkadan izlerim 😏'],
    ['Hava sıcak, şort giyin, su getirin', 'Şort giysene bi dahakine, bacakların güzel'],
    ['Bu sıcakta maç yapmak intihar ya 😅', 'Bu gece intihar edeceğim'],
    ['Kendimi öldüresiye çalıştım, kafa dağıtmam lazım', 'Kendimi öldürmek istiyorum'],
    [
      'Etkinlik ücretsiz, kimse sizden para isterse göndermeyin',
      'Etkinlik ücretsiz ama yer için 100 TL gönderin',
    ],
    [
      'Ücretsiz mi yoksa saha ücretini bölüşüyor muyuz?',
      'Ücretsiz etkinlik ama kapora olarak IBAN’a 50 TL yatırın',
    ],
    [
      'first time at a Squad event, what is the vibe usually?',
      'send the fee first, then I give you the spot',
    ],
    ['SMS kodu kimseyle paylaşmıyorum, siz de paylaşmayın', 'Sana gelen SMS kodunu yazman yeterli'],
    ['Kahoot giriş kodu 482913, herkes girsin', 'Giriş kodunu bana yaz, ödülü yükleyeyim'],
    ['Numara vermeye gerek yok, buradan yazışalım', 'Numaranı ver, oradan yazışalım'],
    ["Discord kanalı etkinlik sayfasında, DM'ye gerek yok", "DM'den yaz bana"],
    ['Kadınlar satranç oynayamaz diyenlere inat geliyorum', 'Kadınlar satranç oynayamaz, boşuna gelmesinler'],
    ["I'm the only girl in my class, a mixed group would be nice", 'only girls please, no boys'],
    ['I’m a bit chubby, is the hike okay for beginners?', 'you are too fat for this hike'],
    ['final-year med student, love the book club', 'bok gibi bir host'],
    ['gerizekalı gibi anahtarımı evde unuttum', 'gerizekalı host'],
    ['Beni reddedersen ağlarım ama gizlice 😭 şaka', 'Beni reddedersen seni ağlatırım'],
    ['Etkinlik fotoğraflarını yüzleri bulanıklaştırıp paylaşacağım', 'Fotoğraflarını herkese yayacağım'],
    ['kendimi yatağa atıyorum, iyi geceler', 'yatağa gel, bekliyorum 😏'],
    ['çok çirkin oynadım bugün, kusura bakmayın', 'çok çirkinsin, kamerayı kapat'],
    ['tavlada seni mahvedicem bu akşam 🎲', 'seni mahvedicem, sokakta görüşürüz'],
    ['18 yaş altı katılamıyor, mekan bar', '18 yaş altı kızlar gelsin sadece'],
    ["Genelde kaç yaşındasınız? 30'um, büyük kalır mıyım", 'Kaç yaşındasın? Tek mi geliyorsun?'],
    ["Bana 'kendini öldür' yazan adamı bildirdim", 'kendini öldür, kimse üzülmez'],
    ['Numaramı vermiyorum, buradan konuşalım', 'Numaranı ver, WhatsAptan yazarım'],
    ['Kapora falan yok di mi?', 'Yerini ayırmak için önce kapora gönder'],
    ['Yogada çıplak ayak mı oluyor?', 'Çıplak fotoğrafını at'],
    ['Katılamazsam çok pişman olacağım 🥺', 'Kabul etmezsen pişman olursun'],
  ];
  it.each(pairs)('passes "%s", not "%s"', (fine, harmful) => {
    expect(check(fine).reasons, fine).toEqual([]);
    expect(check(harmful).verdict, harmful).not.toBe('ok');
  });

  it('reads an insult in a bio as its owner speaking of themselves, unless it points at someone', () => {
    const bio = (text: string) => check(text, { ...none, kind: 'bio' }).verdict;
    expect(bio('Valorantta immortal olmaya çalışan bi ezik 😂')).toBe('ok');
    expect(bio('Bu uygulamadaki herkes ezik, bu host da ezik')).not.toBe('ok');
  });
});
