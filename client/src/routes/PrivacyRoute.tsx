import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { LegalDocument, type LegalSection } from '#client/features/legal/LegalDocument.tsx';
import { PRIVACY_INTRO_EN, PRIVACY_SECTIONS_EN } from '#client/features/legal/privacyEn.tsx';

const MAIL = (
  <a className="font-semibold text-accent-400" href="mailto:destek@squad.app">
    destek@squad.app
  </a>
);

const SECTIONS: LegalSection[] = [
  {
    title: 'Veri sorumlusu',
    body: (
      <p>
        6698 sayılı Kişisel Verilerin Korunması Kanunu (“KVKK”) uyarınca kişisel verilerin, veri sorumlusu
        sıfatıyla Squad tarafından aşağıda açıklanan kapsamda işlenir. Bu metin, KVKK’nın 10. maddesi ve
        Aydınlatma Yükümlülüğünün Yerine Getirilmesinde Uyulacak Usul ve Esaslar Hakkında Tebliğ kapsamında
        hazırlanmıştır. Bize her konuda {MAIL} adresinden ulaşabilirsin.
      </p>
    ),
  },
  {
    title: 'Hangi kişisel verileri işliyoruz?',
    body: (
      <ul>
        <li>
          <strong>Kimlik ve iletişim:</strong> e-posta adresi, görünen ad, kullanıcı adı, ad-soyad (Google ile
          girişte Google’ın paylaştığı ad ve e-posta).
        </li>
        <li>
          <strong>Profil:</strong> profil fotoğrafı, biyografi, ilgi alanları, il/ilçe, rozetler ve
          istatistikler.
        </li>
        <li>
          <strong>Konum:</strong> profilde seçtiğin tam konum, oluşturduğun fiziksel etkinliklerin adresi ve
          koordinatları, haritayı ortalamak için IP adresinden çıkarılan yaklaşık konum (ülke/şehir düzeyi) ve
          izin verirsen cihazının anlık konumu.
        </li>
        <li>
          <strong>Etkinlik ve iletişim:</strong> oluşturduğun ve katıldığın etkinlikler, katılım istekleri ve
          bu isteklere yazdığın mesajlar, host’larla yazışmaların, puanlar ve geri bildirimler, şikâyet ve
          engellemeler.
        </li>
        <li>
          <strong>Token ve işlem:</strong> token bakiyesi ve hareketleri, satın aldığın paketler, tutar ve
          tarih. Kart bilgilerin ödeme kuruluşunda kalır, Squad tarafından saklanmaz.
        </li>
        <li>
          <strong>İşlem güvenliği:</strong> IP adresi, oturum kayıtları, cihaz/tarayıcı bilgisi, hata
          kayıtları.
        </li>
      </ul>
    ),
  },
  {
    title: 'Konum gizliliği',
    body: (
      <>
        <p>Squad yabancıların buluştuğu bir platform olduğu için konum verisini özellikle koruruz:</p>
        <ul>
          <li>
            Fiziksel bir etkinliğin{' '}
            <strong>tam adresi ve koordinatları yalnızca host’a ve host’un kabul ettiği katılımcılara</strong>{' '}
            gösterilir. Diğer kullanıcılar yalnızca genel konumu (ör. “Moda, Kadıköy”) ve yaklaşık 1 km’ye
            yuvarlanmış bir noktayı görür.
          </li>
          <li>
            Profilindeki tam konum hiçbir zaman başka kullanıcılara gösterilmez; yalnızca sana yakın
            etkinlikleri sıralamak için kullanılır.
          </li>
          <li>
            Cihaz konumun yalnızca sen izin verdiğinde ve harita açıkken kullanılır; geçmiş konum izi
            tutulmaz.
          </li>
          <li>Yüklediğin fotoğraflardaki EXIF/GPS bilgileri sunucuya kaydedilmeden önce silinir.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'İşleme amaçları ve hukuki sebepler',
    body: (
      <ul>
        <li>
          <strong>Üyelik, giriş ve Platform’un sunulması</strong> (hesap, etkinlik oluşturma, katılım,
          mesajlaşma, token bakiyesi): sözleşmenin kurulması ve ifası (KVKK m. 5/2-c).
        </li>
        <li>
          <strong>Güvenlik ve kötüye kullanımın önlenmesi</strong> (katılım mesajlarının otomatik kontrolü,
          şikâyetlerin incelenmesi, spam ve dolandırıcılıkla mücadele, oturum güvenliği): veri sorumlusunun
          meşru menfaati (m. 5/2-f).
        </li>
        <li>
          <strong>Token satın alımlarının kaydı, faturalandırma ve yasal saklama yükümlülükleri</strong>:
          kanunlarda açıkça öngörülmesi ve hukuki yükümlülük (m. 5/2-a, 5/2-ç).
        </li>
        <li>
          <strong>Hakların tesisi, kullanılması ve korunması</strong> (uyuşmazlıklar, resmî makam talepleri):
          m. 5/2-e.
        </li>
        <li>
          <strong>Cihaz konumunun kullanılması ve isteğe bağlı bildirimler</strong>: açık rızan (m. 5/1);
          rızanı istediğin zaman geri alabilirsin.
        </li>
      </ul>
    ),
  },
  {
    title: 'Katılım mesajlarının otomatik kontrolü',
    body: (
      <p>
        Katılım isteğine yazdığın mesaj, host’a iletilmeden önce otomatik bir kontrolden geçirilir. Kontrol;
        küfür ve taciz ifadeleri, spam işaretleri (bağlantı, telefon numarası, IBAN, aynı metnin birçok
        etkinliğe gönderilmesi) ve Platform dışına çekme baskısı gibi örüntüleri arar. Sonuç “sorun yok”,
        “host’a uyarıyla göster” ya da “otomatik reddet” olabilir; host sonucu ve gerekçeleri görür. Otomatik
        reddedilen isteklerde gerekçe sana gösterilir ve bu karara {MAIL} adresinden itiraz edebilirsin (KVKK
        m. 11/1-g). Bu kontrol için kural tabanlı bir motor veya bir dil modeli hizmeti kullanılabilir; dil
        modeli kullanıldığında mesaj yalnızca bu kontrol amacıyla iletilir ve modelin eğitilmesinde
        kullanılmaz.
      </p>
    ),
  },
  {
    title: 'Verilerin aktarılması ve saklandığı yer',
    body: (
      <>
        <p>
          Verilerin, Avrupa Birliği’nde bulunan veri merkezlerinde (
          <strong>AWS Frankfurt, eu-central-1</strong>) saklanır. Kimlik doğrulama hizmeti (Amazon Cognito) de
          aynı bölgede çalışır. Bu nedenle kişisel verilerin, KVKK’nın 9. maddesine uygun olarak yurt dışına
          aktarılır; aktarım, hizmet sağlayıcılarla imzalanan standart sözleşmeler ve gerekli güvenlik
          önlemleriyle yapılır.
        </p>
        <ul>
          <li>
            Barındırma, depolama, e-posta ve kimlik doğrulama hizmeti sağlayıcıları (yalnızca hizmetin
            sunulması için);
          </li>
          <li>Google ile giriş yaparsan Google (yalnızca giriş işlemi için);</li>
          <li>Token satın alımlarında ödeme kuruluşu (yalnızca ödeme için gereken bilgiler);</li>
          <li>Kanunen yetkili kamu kurum ve kuruluşları (hukuki yükümlülük halinde).</li>
        </ul>
        <p>
          Diğer kullanıcılar yalnızca profilinin herkese açık kısmını ve etkinlik bilgilerini (konum kuralları
          saklı kalmak üzere) görür.
        </p>
      </>
    ),
  },
  {
    title: 'Saklama süreleri',
    body: (
      <ul>
        <li>
          Hesap ve profil verileri: hesabın açık olduğu sürece; hesabını kapattığında 30 gün içinde silinir
          veya anonim hale getirilir.
        </li>
        <li>
          Katılım mesajları ve yazışmalar: etkinlik tarihinden itibaren 1 yıl (şikâyet incelemeleri için).
        </li>
        <li>
          Token ve ödeme kayıtları: ilgili vergi ve ticaret mevzuatında öngörülen süre boyunca (10 yıla
          kadar).
        </li>
        <li>
          İşlem güvenliği kayıtları: 5651 sayılı Kanun ve ilgili mevzuatta öngörülen süre boyunca (en fazla 2
          yıl).
        </li>
      </ul>
    ),
  },
  {
    title: 'KVKK madde 11 kapsamındaki hakların',
    body: (
      <>
        <p>KVKK’nın 11. maddesi uyarınca Squad’a başvurarak:</p>
        <ul>
          <li>Kişisel verilerinin işlenip işlenmediğini öğrenme,</li>
          <li>İşlenmişse buna ilişkin bilgi talep etme,</li>
          <li>İşlenme amacını ve bunların amacına uygun kullanılıp kullanılmadığını öğrenme,</li>
          <li>Yurt içinde veya yurt dışında aktarıldığı üçüncü kişileri bilme,</li>
          <li>Eksik veya yanlış işlenmişse düzeltilmesini isteme,</li>
          <li>KVKK m. 7’deki şartlar çerçevesinde silinmesini veya yok edilmesini isteme,</li>
          <li>
            Düzeltme, silme ve yok etme işlemlerinin verilerin aktarıldığı üçüncü kişilere bildirilmesini
            isteme,
          </li>
          <li>
            İşlenen verilerin münhasıran otomatik sistemler vasıtasıyla analiz edilmesi suretiyle aleyhine bir
            sonucun ortaya çıkmasına itiraz etme,
          </li>
          <li>Kanuna aykırı işleme sebebiyle zarara uğraman halinde zararın giderilmesini talep etme</li>
        </ul>
        <p>
          haklarına sahipsin. Başvurunu, kayıtlı e-posta adresinden {MAIL} adresine gönderebilirsin. Başvurun
          en geç 30 gün içinde ücretsiz olarak sonuçlandırılır; yanıtımızı yeterli bulmazsan Kişisel Verileri
          Koruma Kurulu’na şikâyette bulunabilirsin.
        </p>
      </>
    ),
  },
  {
    title: 'Çerezler ve yerel depolama',
    body: (
      <p>
        Squad reklam veya takip çerezi kullanmaz. Tarayıcında yalnızca oturumunu sürdürmek için gereken kimlik
        doğrulama bilgileri ve dil tercihin gibi zorunlu veriler (yerel depolama) tutulur. Çıkış yaptığında
        dil tercihin dışındaki her şey tarayıcından silinir.
      </p>
    ),
  },
  {
    title: 'Yaş sınırı ve değişiklikler',
    body: (
      <p>
        Squad 18 yaşından küçüklere yönelik değildir ve bilerek 18 yaşından küçüklerin verilerini işlemez;
        böyle bir durumu fark edersek hesabı ve verileri sileriz. Bu metni güncellediğimizde yeni sürümü bu
        sayfada yayımlar, önemli değişiklikleri ayrıca bildiririz.
      </p>
    ),
  },
];

export function PrivacyRoute() {
  const { t, locale } = useI18n();
  if (locale === 'en')
    return (
      <LegalDocument
        title={t('legal.privacy.pageTitle')}
        intro={PRIVACY_INTRO_EN}
        sections={PRIVACY_SECTIONS_EN}
      />
    );
  return (
    <LegalDocument
      title={t('legal.privacy.pageTitle')}
      intro={
        <p>
          Gizliliğin bizim için önemli. Bu metin; Squad’ı kullanırken hangi kişisel verilerinin, hangi amaçla
          ve hangi hukuki sebeple işlendiğini, kimlere aktarıldığını, ne kadar saklandığını ve 6698 sayılı
          Kanun kapsamındaki haklarını açıklar.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
