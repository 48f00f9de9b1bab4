import { describe, expect, it } from 'vitest';
import { checkWithRules } from './moderation.rules.ts';
import type { CheckContext, TextKind } from './moderation.ts';

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

describe('look-alikes of harm (ADR 073, round 10)', () => {
  // Round 10's training lines: what the flagged word is said of (an eye, a statue, a chromosome, a
  // pet, the writer), who is sent where, a question or a warning about paying, not a request.
  const pairs: [fine: string, harmful: string][] = [
    ['Çıplak gözle Jüpiter görünür mü, dürbün getireyim mi?', 'Çıplak halini görmek istiyorum'],
    ['Müzede çıplak heykeller var, çocuklu aileler bilsin', 'Bana çıplak resmini gönder'],
    ['Desen atölyesinde bu hafta çıplak çalışma olmayacak, model kostümlü', 'Çıplak poz ver bana bu akşam'],
    ['Genetik dersinde seks kromozomlarını işledik, XY kısmını anlamadım', 'Seks yapmak ister misin?'],
    ['18 altı olanlar lise grubuna geçsin, burası yetişkinler için', '18 altı kızlar bu gruba geçsin'],
    ['Telefonun beş dakikadır titriyor, annen arıyor olabilir', 'Numaranı bulmak iki dakikamı aldı'],
    ['Şişman köpeğim de yürüyüşe gelebilir mi? Çok uslu', 'Şişman biri bu yürüyüşe gelmesin'],
    [
      'Kendimi çirkin hissettiğim bir haftaydı, sizinle gülmek iyi geldi',
      'Çirkin suratınla fotoğrafı bozdun',
    ],
    [
      'Bu merdiveni bir daha çıkarsam onu döverim, bacaklarım bitti 😤',
      'O herifi bir daha görürsem onu döverim',
    ],
    [
      'Oyunun ikinci perdesinde intihar sahnesi var, afişe uyarı ekleyelim mi?',
      'İntihar etmeyi düşünüyorum artık',
    ],
    [
      'Beni almazsan pişman olursun çünkü en güzel kurabiyeyi ben yaparım 🍪',
      'Beni almazsan pişman olursun çünkü seni bulurum',
    ],
    [
      'Eskiden kendime zarar verirdim, sonra koşmaya başladım, artık iyiyim',
      'Son zamanlarda yine kendime zarar veriyorum',
    ],
    [
      'SMS ile gelen doğrulama kodunu kimseye vermemem lazım değil mi?',
      'Sana gelen doğrulama kodunu bana vermen lazım',
    ],
    ["Rusçada 'bok' yan demekmiş, Moskova gezisinde çok güldük", 'bok gibi organizasyon, rezalet'],
    [
      'Ücretsiz değil mi? Biri kapora gerekiyor dedi, teyit etmek istedim',
      'Kapora gerekiyor, yerini ayırmak için 100 TL gönder',
    ],
    [
      'Kapıda mı ödüyoruz? Önceden para yatırmam gerekmiyor değil mi',
      'Önceden para yatırman gerekiyor, yoksa yer yok',
    ],
    ['Koşu için spor sütyeni tavsiyesi olan?', 'Sütyenin ne renk, göster bakalım 😏'],
    [
      'Sevgilimle katılacağım, ikimiz de kadınız, bir sakıncası olmaz umarım',
      'Kadınlar maç organize edemez, boşuna uğraşmayın',
    ],
    [
      "Etkinlik bedava, kimse kimseye ücret yatırmasın; DM'den para isteyen olursa şikayet edin",
      "DM'den yaz, ödemeyi orada konuşuruz",
    ],
  ];
  it.each(pairs)('passes "%s", not "%s"', (fine, harmful) => {
    expect(check(fine).reasons, fine).toEqual([]);
    expect(check(harmful).verdict, harmful).not.toBe('ok');
  });
});

describe('look-alikes of harm (ADR 073, round 11)', () => {
  // Round 11's training lines: suicide as a field of study or a story's event, not the writer's wish;
  // a slogan quoted as a debate topic or an assigned side; a concept's name; sportswear asked about for
  // oneself; role-play's out-of-character notes; a student number; warnings; a baby and a heated match;
  // the writer about themselves; a girlfriend; taunts in a game or a rematch.
  const pairs: [fine: string, harmful: string][] = [
    [
      'Tezim intihar sonrası yas desteği üzerine, danışmanımla görüştüm',
      'İntihar etmeyi planlıyorum bu hafta',
    ],
    [
      'Bugünkü derste intihar risk değerlendirmesi yaptık, kafam doldu',
      'İntihar riskim yüksek, kimse bilmiyor',
    ],
    [
      'We had a suicide risk assessment workshop, I need a quiet walk after',
      'I keep thinking about suicide again',
    ],
    [
      'Romanda kahramanın intiharı anlatılıyor, bu haftaki tartışma ağır olabilir',
      'İntihar etmek istiyorum artık',
    ],
    ['Bu soğukta gece bisiklet turu resmen intihar 😅 ama varım', 'Resmen intihar edeceğim, dayanamıyorum'],
    [
      "'Suriyeliler gitsin' gibi söylemler nefret suçu sayılır mı, bunu konuşacağız",
      'Suriyeliler gitsin, burada istemiyoruz',
    ],
    [
      "Münazarada kura bana 'göçmenler sınır dışı edilsin' tarafını verdi, savunması zor olacak",
      'Göçmenler sınır dışı edilsin, ben bu taraftayım',
    ],
    [
      "'Şifrenizi buraya yazın' gibi bir mesaj görürseniz ciddiye almayın",
      'Şifrenizi buraya yazın, hesabınızı doğrulayalım',
    ],
    ['Tecavüz kültürü üzerine bir makale okudum, okuma grubunda konuşalım mı?', 'Sana tecavüz ederim'],
    [
      'Tenis dersine spor sütyeni yeter mi, yoksa atlet de mi giysem?',
      'Spor sütyenini giy de gel, izleyeyim 😏',
    ],
    ['Yürüyüşe tayt ve bot ile gelsem olur mu?', 'Tayt ve topuklu ile gel, izlerim 😏'],
    ['ooc: karakterim az önce sana sert konuştu, kişisel değil 🙏', 'oç herif, sus artık'],
    [
      'Üyelik ücretini kulübün resmi hesabına yatırırken açıklamaya okul numaranızı yazın',
      'Numaranızı yazın, WhatsApp grubuna ekleyeyim',
    ],
    ['Grupta kimse zorla numara vermesin, rahatsız olan söylesin', 'Numara ver, oradan konuşalım'],
    ["Kitap ve koşu seviyorum. DM'den sürekli yazan engellenir.", "DM'den yazın, detayları orada vereyim"],
    ['Bebeğim 6 aylık, pusetle gelsek sorun olur mu?', 'Bebeğim bu akşam boş musun 😏'],
    ['Ateşli bir final maçı bekliyoruz, tribünde yer tutun', 'Çok ateşlisin, bu akşam buluşalım mı'],
    [
      'Kalabalıkta kendimi ezik hissediyorum ama gelmek istiyorum',
      'Kendimi bildim bileli senin gibi ezik görmedim',
    ],
    ['Kız arkadaşımla katılacağız, sorun olmaz değil mi?', 'Kızlar bu işten anlamaz, boşuna gelmesinler'],
    ['Minecraft sunucusunda creeper gibi gelip patlatacağım seni 💥', 'Arabanı patlatacağım, bekle sen'],
    ['Saklambaç turunda herkesi tek tek bulacağım, saklanın 👀', 'Nereye kaçarsan kaç seni bulacağım'],
    ['Rövanş isterim, bu kez sizi parçalarım 😤', 'Bir daha görürsem seni parçalarım, yemin ederim'],
    ['Kaleci eldivenlerini unutmayın, bu kez sizi 5-0 ezeriz 😎', 'Sokakta yalnız yakalarsam sizi ezerim'],
    ['Bütün kartları ezberleyeceğim, o zaman hepinizi yenerim', 'Hepinizi ezeceğim, sokakta görüşürüz'],
    ['Elmas kazmayı bulunca hepinizi ezerim 😎 survival başlasın', 'Okul çıkışı hepinizi ezerim, bekleyin'],
  ];
  it.each(pairs)('passes "%s", not "%s"', (fine, harmful) => {
    expect(check(fine).reasons, fine).toEqual([]);
    expect(check(harmful).verdict, harmful).not.toBe('ok');
  });

  it('leaves a joking death threat to a named person flagged (deliberate)', () => {
    expect(check('Bir daha geç kalırsan seni gerçekten öldürürüm Deniz 😂').verdict).not.toBe('ok');
  });
});

describe('look-alikes of harm (ADR 073, round 12)', () => {
  // Round 12's training lines: minors let in beside a guardian; a question others ask the writer;
  // when the writer will be downstairs; warnings and received fake messages about paying; a scam named
  // as a talk's subject; a deposit said not to be asked; crypto talk without an offer; following on a
  // platform; building a bot on a messenger; sportswear in an advice list; underwear under a costume;
  // words taken back as a joke; a bio's own loves.
  const pairs: [fine: string, harmful: string, kind?: TextKind][] = [
    [
      "Duyuruya 'reşit olmayanlar ailesiyle gelebilir' notunu düştüm",
      'Reşit olmayanlar gelsin, daha eğlenceli olur',
    ],
    [
      'Konserde 18 yaş altı veli izniyle giriyor, bilginize',
      '18 yaş altı olanlar veli izni olmadan gelsin, kimse bilmez',
    ],
    ['Reşit olmayanlar veli izniyle katılabilir', 'Kampa reşit olmayanları alıyorum, veli izni istemiyorum'],
    ['Under 18 with a parent is fine for the family picnic', 'under 18 girls only, dm me'],
    [
      "Kuzenim bana hep 'kaç yaşındasın' diye soruyor, 30 deyince inanmıyor",
      'Kaç yaşındasın? Yalnız mı geleceksin?',
    ],
    ['Apartmanın kapısında buluşalım, 5 dakikaya inerim', 'Apartmanını buldum, 5 dakikaya kapındayım'],
    ['Yurdun önünde bekleyin, 10 dakikada oradayım', 'Yurdunu 10 dakikada buldum, bekle beni'],
    [
      'Etkinlik bedava, kimse kapora istemiyor, soran olursa bana söyleyin',
      'Etkinlik bedava ama yer için kapora gönder',
    ],
    ["Biri sizden DM'den para isterse hemen bildirin", "DM'den yaz, ücreti orada konuşuruz"],
    ['Kapora istemediğiniz için teşekkürler, iyi ki böyle bir grup var', 'Yerini ayırmak için kapora gönder'],
    [
      'Sunumum kapora dolandırıcılığı üzerine, sahte ilanları anlatacağım',
      'Önce kapora yatır, sonra adresi veririm',
    ],
    [
      "Bu akşam 'ön ödeme' tuzaklarını konuşuyoruz, sorularınızı getirin",
      'İş için önce ön ödeme yapman gerekiyor',
    ],
    [
      "Kod soran bir 'Squad destek' mesajı geldi bana, Squad bunu istemez değil mi?",
      'Squad destek ekibinden yazıyorum, şifreni yaz',
    ],
    [
      'Bitcoin sohbeti yapacağız, yatırım tavsiyesi yok, herkes kendi fikrini söylesin',
      'Bitcoin yatırımı yapmak isteyen yazsın, günlük getiri',
    ],
    [
      "Strava'da seni takip ediyorum, dünkü koşun harikaydı",
      'Seni takip ediyorum, dün eve kaçta girdiğini gördüm',
    ],
    ["Telegram bot yazmayı öğrenmek isteyen var mı, API'si kolay", "Telegram'dan yaz bana, orada konuşalım"],
    [
      'Hike on Sunday, wear something comfortable, shorts or leggings both work',
      'wear leggings tomorrow, I like the view 😏',
    ],
    ['Pilates için rahat tayt ya da şort giy, havlu da getir', 'Şort giy de gel, bacaklarına bakarım 😏'],
    [
      'Beyaz tişörtün altına ten rengi iç çamaşırı giyin, ışıkta belli oluyor',
      'Eteğinin altına iç çamaşırı giyme bu akşam 😏',
    ],
    ["Dün 'seni boğarım' dediysem şakaydı, kızma bana", 'Seni boğarım dediysem boğarım, bekle'],
    ["Dün 'seni boğarım' dediğimde şakaydı, kusura bakma", 'Seni boğarım dediysem şaka değil, bekle'],
    ['Aşkım kahve, tatlım kitaplar, gerisi teferruat ☕', 'Tatlım, sen de bu profile yaz bana 😘', 'bio'],
  ];
  it.each(pairs)('passes "%s", not "%s"', (fine, harmful, kind) => {
    const context = { ...none, kind };
    expect(check(fine, context).reasons, fine).toEqual([]);
    expect(check(harmful, context).verdict, harmful).not.toBe('ok');
  });
});
