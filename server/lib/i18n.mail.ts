import type { Locale } from './i18n.ts';

// The texts of every e-mail, in the recipient's language (ADR 057): the account's language, or for
// the identity provider's mails before an account exists, the language the client sent.

const tr = {
  'mail.hello': 'Selam!',
  'mail.signoff': 'Squad ekibi',
  'mail.footer':
    'Bu e-postayı Squad hesabınla ilgili bir işlem yapıldığı için aldın. Sen yapmadıysan görmezden gelebilirsin.',
  'mail.someone': 'Bir Squad üyesi',
  // Identity provider
  'mail.verify.subject': "Squad'a hoş geldin! E-postanı doğrula 📧",
  'mail.verify.intro': 'Squad hesabını açtın, harika! Hesabını etkinleştirmek için şu bağlantıya tıkla:',
  'mail.verify.introHtml': 'Selam! Squad hesabını açtın, harika 🎉',
  'mail.verify.action': 'Hesabını etkinleştirmek için e-posta adresini doğrula:',
  'mail.verify.button': 'E-postamı doğrula',
  'mail.verify.fallback': 'Buton çalışmazsa bu bağlantıyı tarayıcına yapıştır:',
  'mail.verify.validity': 'Bağlantı 24 saat geçerli.',
  'mail.verify.notYou': 'Bu hesabı sen açmadıysan bu e-postayı görmezden gelebilirsin.',
  'mail.reset.subject': 'Squad şifre sıfırlama kodun',
  'mail.reset.intro': 'Şifreni sıfırlamak için kodun:',
  'mail.reset.validity': 'Kod 1 saat geçerli ve yalnızca bir kez kullanılabilir.',
  'mail.reset.notYou': 'Bu isteği sen yapmadıysan şifren güvende, bu e-postayı görmezden gelebilirsin.',
  // Join requests
  'mail.request.subject': '"{title}" etkinliğine yeni katılım isteği',
  'mail.request.line': '{requester}, "{title}" etkinliğine katılmak istiyor.',
  'mail.request.message': 'Mesajı:',
  'mail.request.warning':
    'Otomatik kontrol bu mesajda dikkat edilmesi gereken bir şey buldu; karar vermeden önce göz at.',
  'mail.request.open': 'İsteği görmek ve yanıtlamak için',
  'mail.request.button': 'İsteği gör',
  'mail.accepted.subject': '"{title}" etkinliğine katılım isteğin kabul edildi 🎉',
  'mail.accepted.line':
    'Host isteğini kabul etti, artık katılımcılar arasındasın! Etkinliğin tam yerini ve detaylarını uygulamada görebilirsin.',
  'mail.accepted.button': 'Etkinliğe git',
  'mail.declined.subject': '"{title}" etkinliğine katılım isteğin reddedildi',
  'mail.declined.line': 'Host bu sefer isteğini kabul etmedi. Üzülme, yakınında başka etkinlikler de var!',
  'mail.declined.button': 'Başka etkinliklere göz at',
  'mail.offer.subject': '"{title}" etkinliğinde yer açıldı 🎉',
  'mail.offer.line':
    'Bekleme listesinde sıra sende: "{title}" etkinliğindeki yer senin için ayrıldı; son kabul saati {deadline}. Kabul edersen katılımcılar arasındasın; etmezsen yer sıradaki kişiye geçer.',
  'mail.offer.open': 'Kabul etmek için',
  'mail.offer.button': 'Yeri kabul et',
  // Event changes
  'mail.cancelled.subject': '"{title}" iptal edildi',
  'mail.cancelled.line': '{host}, {when} tarihli "{title}" etkinliğini iptal etti.',
  'mail.cancelled.note': 'Host\'un notu: "{reason}"',
  'mail.cancelled.participant': 'Bu etkinlik artık yapılmayacak; planını buna göre ayarlayabilirsin.',
  'mail.cancelled.requester': 'Katılım isteğin de böylece kapandı.',
  'mail.cancelled.others': 'Üzülme, yakınında başka etkinlikler de var!',
  'mail.moved.subject': '"{title}" etkinliğinde değişiklik var',
  'mail.moved.line': '{host}, "{title}" etkinliğinde değişiklik yaptı.',
  'mail.moved.time': 'Yeni zaman: {now} (önceden {before}).',
  'mail.moved.place': 'Yeni yer: {now} (önceden {before}).',
  'mail.moved.participant':
    'Hâlâ katılımcılar arasındasın; gelemeyeceksen etkinlik sayfasından ayrılabilirsin.',
  'mail.moved.requester': 'Katılım isteğin hâlâ host’un onayını bekliyor.',
  'mail.eventButton': 'Etkinliğe git',
  'mail.reminder.subject': 'Hatırlatma: "{title}" · {when}, saat {time}',
  'mail.reminder.line': '{when}, saat {time}: "{title}". Yer: {place}.',
  'mail.reminder.open': 'Etkinlik sayfası',
  // Payments
  'mail.receipt.subject': 'Squad makbuzu: {package} ({tokens} token)',
  'mail.receipt.paid': 'Ödemen alındı, {tokens} token hesabına eklendi.',
  'mail.receipt.auto': 'Bu satın alma otomatik yükleme ayarın sayesinde yapıldı.',
  'mail.receipt.package': 'Paket',
  'mail.receipt.tokens': 'Token',
  'mail.receipt.bonus': '{tokens} + {bonus} bonus',
  'mail.receipt.amount': 'Tutar',
  'mail.receipt.method': 'Ödeme yöntemi',
  'mail.receipt.card': 'Kart',
  'mail.receipt.date': 'Tarih',
  'mail.receipt.validity': 'Geçerlilik',
  'mail.receipt.validUntil': '{date} tarihine kadar',
  'mail.receipt.number': 'Makbuz no',
  'mail.receipt.history': 'Token geçmişin',
  'mail.receipt.button': 'Token geçmişini gör',
  'mail.refillOff.subject': 'Otomatik token yükleme durduruldu',
  'mail.refillOff.line':
    'Kayıtlı kartından {package} için ödeme alınamadı, bu yüzden otomatik yüklemeyi kapattık. Kartını güncelleyip Tokenlar sayfasından yeniden açabilirsin.',
  'mail.refillOff.button': 'Tokenlar sayfasına git',
  // Moderation and the account
  'mail.suspended.subject': 'Squad hesabın askıya alındı',
  'mail.suspended.until': 'Hesabın {until} tarihine kadar askıya alındı.',
  'mail.suspended.forGood': 'Hesabın süresiz olarak askıya alındı.',
  'mail.suspended.reason': 'Moderatörün gerekçesi: "{reason}"',
  'mail.suspended.appeal':
    'Bunun bir hata olduğunu düşünüyorsan itiraz edebilirsin: giriş yap, açılan "Hesabın askıya alındı" sayfasında kararın altındaki "İtiraz et" düğmesine bas. İtirazını bir moderatör inceler ve sonucu sana e-postayla bildiririz.',
  'mail.suspended.button': 'İtiraz et',
  'mail.appeal.overturnedSubject': 'İtirazın kabul edildi',
  'mail.appeal.upheldSubject': 'İtirazın incelendi: karar geçerli',
  'mail.appeal.overturned': 'Bir moderatör itirazını inceledi ve kabul etti: karar geri alındı.',
  'mail.appeal.overturnedSuspension':
    'Hesabının askıya alınması kaldırıldı; Squad’ı yeniden kullanabilirsin.',
  'mail.appeal.upheld': 'Bir moderatör itirazını inceledi; karar geçerliliğini koruyor.',
  'mail.appeal.note': 'Moderatörün notu: "{note}"',
  'mail.appeal.final': 'Her karara bir kez itiraz edilebilir; bu karar kesindir.',
  'mail.appeal.button': 'Squad’a git',
  'mail.deleted.subject': 'Squad hesabın silindi',
  'mail.deleted.line':
    'İsteğin üzerine Squad hesabın ve kişisel verilerin silindi. Bu e-posta, bu adrese gönderdiğimiz son e-posta.',
  'mail.deleted.events':
    'Host olduğun {count} yaklaşan etkinlik iptal edildi ve katılımcılara haber verildi.',
  'mail.deleted.notYou':
    'Bunu sen yapmadıysan hemen destek ekibimize yaz; silinen veriler geri getirilemez ama adresin yeni bir hesap için kullanılabilir.',
  'mail.deleted.bye': 'Seni özleyeceğiz. İstediğin zaman yeni bir hesapla geri dönebilirsin.',
  'mail.deleted.button': 'Squad’a git',
};

export type MailKey = keyof typeof tr;

const en: Record<MailKey, string> = {
  'mail.hello': 'Hi!',
  'mail.signoff': 'The Squad team',
  'mail.footer':
    'You received this e-mail because something happened on your Squad account. If it was not you, you can ignore it.',
  'mail.someone': 'A Squad member',
  'mail.verify.subject': 'Welcome to Squad! Confirm your e-mail 📧',
  'mail.verify.intro': 'You opened a Squad account, great! Click this link to activate it:',
  'mail.verify.introHtml': 'Hi! You opened a Squad account, great 🎉',
  'mail.verify.action': 'Confirm your e-mail address to activate your account:',
  'mail.verify.button': 'Confirm my e-mail',
  'mail.verify.fallback': 'If the button does not work, paste this link into your browser:',
  'mail.verify.validity': 'The link is valid for 24 hours.',
  'mail.verify.notYou': 'If you did not open this account, you can ignore this e-mail.',
  'mail.reset.subject': 'Your Squad password reset code',
  'mail.reset.intro': 'Your code to reset your password:',
  'mail.reset.validity': 'The code is valid for 1 hour and can be used once.',
  'mail.reset.notYou': 'If you did not ask for this, your password is safe and you can ignore this e-mail.',
  'mail.request.subject': 'New join request for "{title}"',
  'mail.request.line': '{requester} wants to join "{title}".',
  'mail.request.message': 'Their message:',
  'mail.request.warning':
    'The automatic check found something to look at in this message; have a look before you decide.',
  'mail.request.open': 'To see and answer the request',
  'mail.request.button': 'See the request',
  'mail.accepted.subject': 'Your request to join "{title}" was accepted 🎉',
  'mail.accepted.line':
    'The host accepted your request, you are now a participant! You can see the exact place and the details in the app.',
  'mail.accepted.button': 'Go to the event',
  'mail.declined.subject': 'Your request to join "{title}" was declined',
  'mail.declined.line':
    'The host did not accept your request this time. Don’t worry, there are other events near you!',
  'mail.declined.button': 'Browse other events',
  'mail.offer.subject': 'A place opened up in "{title}" 🎉',
  'mail.offer.line':
    'Your turn on the waiting list: a place in "{title}" is held for you until {deadline}. Accept it and you are a participant; otherwise it goes to the next person.',
  'mail.offer.open': 'To accept',
  'mail.offer.button': 'Accept the place',
  'mail.cancelled.subject': '"{title}" was cancelled',
  'mail.cancelled.line': '{host} cancelled "{title}" on {when}.',
  'mail.cancelled.note': 'The host’s note: "{reason}"',
  'mail.cancelled.participant': 'This event will not take place; you can plan accordingly.',
  'mail.cancelled.requester': 'Your join request is closed with it.',
  'mail.cancelled.others': 'Don’t worry, there are other events near you!',
  'mail.moved.subject': '"{title}" has changed',
  'mail.moved.line': '{host} changed "{title}".',
  'mail.moved.time': 'New time: {now} (was {before}).',
  'mail.moved.place': 'New place: {now} (was {before}).',
  'mail.moved.participant':
    'You are still a participant; if you cannot come, you can leave on the event page.',
  'mail.moved.requester': 'Your join request is still waiting for the host.',
  'mail.eventButton': 'Go to the event',
  'mail.reminder.subject': 'Reminder: "{title}" · {when} at {time}',
  'mail.reminder.line': '{when} at {time}: "{title}". Place: {place}.',
  'mail.reminder.open': 'Event page',
  'mail.receipt.subject': 'Squad receipt: {package} ({tokens} tokens)',
  'mail.receipt.paid': 'Your payment was received, {tokens} tokens were added to your account.',
  'mail.receipt.auto': 'This purchase was made by your auto-refill setting.',
  'mail.receipt.package': 'Package',
  'mail.receipt.tokens': 'Tokens',
  'mail.receipt.bonus': '{tokens} + {bonus} bonus',
  'mail.receipt.amount': 'Amount',
  'mail.receipt.method': 'Payment method',
  'mail.receipt.card': 'Card',
  'mail.receipt.date': 'Date',
  'mail.receipt.validity': 'Valid',
  'mail.receipt.validUntil': 'until {date}',
  'mail.receipt.number': 'Receipt no',
  'mail.receipt.history': 'Your token history',
  'mail.receipt.button': 'See your token history',
  'mail.refillOff.subject': 'Token auto-refill stopped',
  'mail.refillOff.line':
    'The payment for {package} from your saved card did not go through, so we turned auto-refill off. Update your card and turn it on again on the Tokens page.',
  'mail.refillOff.button': 'Go to the Tokens page',
  'mail.suspended.subject': 'Your Squad account was suspended',
  'mail.suspended.until': 'Your account is suspended until {until}.',
  'mail.suspended.forGood': 'Your account is suspended for good.',
  'mail.suspended.reason': 'The moderator’s reason: "{reason}"',
  'mail.suspended.appeal':
    'If you think this is a mistake, you can appeal: sign in, and on the "Your account is suspended" page press "Appeal" under the decision. A moderator reviews your appeal and we tell you the outcome by e-mail.',
  'mail.suspended.button': 'Appeal',
  'mail.appeal.overturnedSubject': 'Your appeal was accepted',
  'mail.appeal.upheldSubject': 'Your appeal was reviewed: the decision stands',
  'mail.appeal.overturned': 'A moderator reviewed your appeal and accepted it: the decision was reversed.',
  'mail.appeal.overturnedSuspension': 'Your suspension was lifted; you can use Squad again.',
  'mail.appeal.upheld': 'A moderator reviewed your appeal; the decision stands.',
  'mail.appeal.note': 'The moderator’s note: "{note}"',
  'mail.appeal.final': 'Each decision can be appealed once; this decision is final.',
  'mail.appeal.button': 'Go to Squad',
  'mail.deleted.subject': 'Your Squad account was deleted',
  'mail.deleted.line':
    'As you asked, your Squad account and your personal data were deleted. This is the last e-mail we send to this address.',
  'mail.deleted.events': '{count} upcoming events you hosted were cancelled and their participants told.',
  'mail.deleted.notYou':
    'If this was not you, write to our support team at once; deleted data cannot be brought back, but your address can be used for a new account.',
  'mail.deleted.bye': 'We will miss you. You can come back with a new account any time.',
  'mail.deleted.button': 'Go to Squad',
};

const catalogs: Record<Locale, Record<MailKey, string>> = { tr, en };

export function mailText(locale: Locale, key: MailKey, params?: Record<string, string | number>): string {
  const template = catalogs[locale][key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) =>
    params[name] === undefined ? m : String(params[name]),
  );
}

// An account's stored language as a mail locale; anything but 'en' is Turkish.
export const mailLocale = (value: string | null | undefined): Locale => (value === 'en' ? 'en' : 'tr');

// Dates and money as the recipient reads them; times stay on Turkey's clock, where the events are.
const intlOf = (locale: Locale) => (locale === 'en' ? 'en-GB' : 'tr-TR');
export const mailDateTime = (locale: Locale, d: Date) =>
  new Intl.DateTimeFormat(intlOf(locale), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Istanbul',
  }).format(d);
export const mailDate = (locale: Locale, d: Date) =>
  new Intl.DateTimeFormat(intlOf(locale), { dateStyle: 'long', timeZone: 'Europe/Istanbul' }).format(d);
export const mailMoney = (locale: Locale, cents: number, currency: string) =>
  new Intl.NumberFormat(intlOf(locale), { style: 'currency', currency }).format(cents / 100);
