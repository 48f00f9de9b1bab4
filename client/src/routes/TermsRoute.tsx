import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { LegalDocument, type LegalSection } from '#client/features/legal/LegalDocument.tsx';
import { TERMS_INTRO_EN, TERMS_SECTIONS_EN } from '#client/features/legal/termsEn.tsx';

const SECTIONS: LegalSection[] = [
  {
    title: 'Taraflar ve kapsam',
    body: (
      <>
        <p>
          Bu Kullanım Şartları, Squad web uygulamasını ve ona bağlı hizmetleri (“Squad”, “Platform”) kullanan
          herkes (“Kullanıcı”, “sen”) ile Squad arasındaki ilişkiyi düzenler. Hesap oluşturarak ya da
          Platform’u kullanarak bu şartları okuduğunu ve kabul ettiğini beyan edersin. Şartları kabul
          etmiyorsan Platform’u kullanmamalısın.
        </p>
        <p>
          Squad, insanların yüz yüze (fiziksel) ya da online (oyun, sohbet, birlikte çalışma gibi) etkinlikler
          bulmasını, oluşturmasını ve bu etkinliklere katılmasını sağlayan bir aracı platformdur. Squad
          etkinliklerin düzenleyicisi değildir; etkinlikleri kullanıcılar (“Host”) düzenler.
        </p>
      </>
    ),
  },
  {
    title: 'Yaş sınırı ve hesap',
    body: (
      <>
        <p>
          Squad yalnızca <strong>18 yaşını doldurmuş</strong> kişilere yöneliktir. Hesap açarak 18 yaşından
          büyük olduğunu beyan edersin; bu beyanın doğru olmadığı anlaşılırsa hesabın kapatılır.
        </p>
        <ul>
          <li>
            Hesabını e-posta ve şifreyle ya da Google hesabınla açabilirsin. E-posta adresini doğrulamadan
            hesabın etkinleşmez.
          </li>
          <li>
            Verdiğin bilgilerin doğru ve güncel olmasından, şifreni gizli tutmaktan ve hesabındaki işlemlerden
            sen sorumlusun.
          </li>
          <li>
            Başkası adına ya da sahte kimlikle hesap açamaz, hesabını başkasına devredemez veya satamazsın.
          </li>
          <li>Hesabının izinsiz kullanıldığını fark edersen hemen destek@squad.app adresine yaz.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Etkinlikler, katılım ve host onayı',
    body: (
      <>
        <p>
          Etkinliğe katılmak için istek gönderirsin; isteği kabul edip etmemek tamamen host’un kararıdır.
          Katılım isteğine eklediğin mesaj, host’a ulaşmadan önce otomatik bir kontrolden geçer (bkz. Madde
          6). Host isteği kabul ettiğinde etkinliğin katılımcısı olursun.
        </p>
        <ul>
          <li>
            Host’lar etkinliğin başlığını, açıklamasını, zamanını, yerini veya platformunu doğru ve güncel
            tutmakla yükümlüdür.
          </li>
          <li>
            Katılımcılar için tüm etkinlikler Squad üzerinden ücretsizdir; Squad katılım için ödeme almaz ve
            aracılık etmez.
          </li>
          <li>
            Etkinliğe katılamayacaksan host’a zamanında haber ver. Sürekli habersiz katılmamak, kısıtlama
            nedeni olabilir.
          </li>
          <li>Alkol, kumar, yasa dışı madde ya da yetişkin içerik barındıran etkinlikler oluşturulamaz.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Yabancılarla buluşurken güvenlik',
    body: (
      <>
        <p>
          Squad’da tanımadığın insanlarla bir araya geliyorsun. Squad katılımcıların kimliğini doğrulamaz ve
          etkinliklerde fiziksel olarak bulunmaz; bu nedenle kendi güvenliğin için makul önlemleri almak senin
          sorumluluğundadır:
        </p>
        <ul>
          <li>
            İlk buluşmaları kalabalık ve herkese açık yerlerde yap; nereye gittiğini bir yakınına haber ver.
          </li>
          <li>
            Ev adresi, kimlik, banka veya şifre gibi bilgilerini paylaşma; Platform dışına taşınma baskısına
            dikkat et.
          </li>
          <li>Kendini rahatsız hissettiğin anda etkinlikten ayrılabilirsin. Acil bir durumda 112’yi ara.</li>
          <li>Rahatsız edici davranışları profil üzerinden bildir ya da kullanıcıyı engelle.</li>
        </ul>
        <p>
          Fiziksel etkinliklerin tam adresi yalnızca host’a ve host’un kabul ettiği katılımcılara gösterilir;
          diğer kullanıcılar yalnızca genel konumu (ör. “Kadıköy, İstanbul”) ve yaklaşık 1 km’ye yuvarlanmış
          bir noktayı görür.
        </p>
      </>
    ),
  },
  {
    title: 'Davranış kuralları',
    body: (
      <>
        <p>Squad’ı kullanırken aşağıdakileri yapmamayı kabul edersin:</p>
        <ul>
          <li>
            Taciz, tehdit, nefret söylemi, ayrımcılık, zorbalık ya da cinsel içerikli istenmeyen mesajlar;
          </li>
          <li>
            Spam, reklam, dolandırıcılık, sahte etkinlik ya da başka kullanıcıları Platform dışına yönlendirme
            girişimleri;
          </li>
          <li>
            Başkalarının kişisel verilerini izinsiz paylaşmak, konum takibi yapmak ya da fotoğraflarını
            izinsiz yayımlamak;
          </li>
          <li>
            Platform’un güvenliğini aşmaya, otomatik araçlarla veri toplamaya ya da hizmeti aksatmaya
            çalışmak;
          </li>
          <li>Türkiye Cumhuriyeti mevzuatına ya da üçüncü kişilerin haklarına aykırı her türlü eylem.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Katılım mesajlarının otomatik kontrolü ve moderasyon',
    body: (
      <>
        <p>
          Katılım isteğine yazdığın mesaj, host’a iletilmeden önce otomatik bir kontrolden geçer. Bu kontrol
          küfür, taciz, spam, bağlantı, telefon numarası veya IBAN paylaşımı gibi işaretleri arar ve üç
          sonuçtan birini verir: sorun yok, host’a uyarıyla göster, ya da isteği otomatik olarak reddet.
          Otomatik reddedilen isteklerde gerekçe sana gösterilir. Host, kontrolün sonucunu ve gerekçelerini
          her zaman görür; son karar her durumda host’undur.
        </p>
        <p>
          Bildirilen içerik ve kullanıcılar Squad ekibi tarafından incelenir. Kurallara aykırılık halinde
          içeriği kaldırabilir, hesabı geçici olarak kısıtlayabilir ya da kalıcı olarak kapatabiliriz.
        </p>
      </>
    ),
  },
  {
    title: 'Tokenlar ve satın alımlar',
    body: (
      <>
        <p>
          Etkinlik oluşturmak <strong>1 token</strong> tutar. Tokenlar yalnızca spam’i sınırlamak için vardır;
          para yerine geçmez, başka kullanıcılara devredilemez ve nakde çevrilemez. Yeni hesaplar başlangıç
          tokenı alır; tokenlar paketler halinde satın alınabilir ya da etkinliklere katılmak gibi
          aktivitelerle kazanılabilir.
        </p>
        <ul>
          <li>
            Paketlerin fiyatı, bonus tokenları ve geçerlilik süresi satın alma anında gösterilir; süresi dolan
            tokenlar kullanılamaz.
          </li>
          <li>
            Ödemeler lisanslı ödeme kuruluşları aracılığıyla alınır; kart bilgilerin Squad sunucularında
            saklanmaz.
          </li>
          <li>
            Kullanılmamış tokenlar için cayma hakkı, 6502 sayılı Tüketicinin Korunması Hakkında Kanun ve
            Mesafeli Sözleşmeler Yönetmeliği çerçevesinde kullanılabilir. Katılımcısı olmayan bir etkinlik
            iptal edildiğinde harcanan token iade edilir.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'İçerik ve fikri haklar',
    body: (
      <p>
        Paylaştığın içeriklerin (etkinlik açıklamaları, profil bilgileri, fotoğraflar, mesajlar) sorumluluğu
        sana aittir ve bunları paylaşma hakkına sahip olduğunu beyan edersin. Bu içerikleri yalnızca
        Platform’u işletmek ve göstermek amacıyla, ücretsiz ve münhasır olmayan şekilde kullanmamıza izin
        verirsin. Squad adı, logosu ve yazılımı Squad’a aittir.
      </p>
    ),
  },
  {
    title: 'Sorumluluğun sınırı',
    body: (
      <p>
        Squad, kullanıcıların düzenlediği etkinliklerin içeriğinden, gerçekleşip gerçekleşmemesinden ve
        etkinliklerde yaşanan olaylardan sorumlu değildir. Platform “olduğu gibi” sunulur; kesintisiz ya da
        hatasız çalışacağını garanti etmeyiz. Kanunen sınırlanamayan sorumluluklarımız saklıdır.
      </p>
    ),
  },
  {
    title: 'Hesabın kapatılması ve değişiklikler',
    body: (
      <p>
        Hesabını istediğin zaman kapatabilirsin. Bu şartları zaman zaman güncelleyebiliriz; önemli
        değişiklikleri yürürlüğe girmeden önce e-posta veya uygulama içi bildirimle duyururuz. Değişiklikten
        sonra Platform’u kullanmaya devam etmen, güncel şartları kabul ettiğin anlamına gelir.
      </p>
    ),
  },
  {
    title: 'Uygulanacak hukuk ve iletişim',
    body: (
      <p>
        Bu şartlara Türkiye Cumhuriyeti hukuku uygulanır. Tüketici işlemlerinde Tüketici Hakem Heyetleri ve
        Tüketici Mahkemeleri yetkilidir. Her türlü soru, bildirim ve şikâyet için:{' '}
        <a className="font-semibold text-accent-400" href="mailto:destek@squad.app">
          destek@squad.app
        </a>
        .
      </p>
    ),
  },
];

export function TermsRoute() {
  const { t, locale } = useI18n();
  if (locale === 'en')
    return (
      <LegalDocument title={t('legal.terms.pageTitle')} intro={TERMS_INTRO_EN} sections={TERMS_SECTIONS_EN} />
    );
  return (
    <LegalDocument
      title={t('legal.terms.pageTitle')}
      intro={
        <p>
          Squad’a hoş geldin! Aşağıdaki kurallar, yeni insanlarla güvenle tanışabileceğin bir topluluk kurmak
          için var. Lütfen dikkatle oku; özellikle güvenlik (Madde 4) ve davranış kuralları (Madde 5)
          bölümleri önemlidir.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
