// Server-side texts (errors and notifications) in Turkish first, English when asked for.
export type Locale = 'tr' | 'en';

const tr = {
  'error.unauthenticated': 'Oturum açmanız gerekiyor.',
  'error.sessionExpired': 'Oturumunun süresi doldu, lütfen tekrar giriş yap.',
  'error.forbidden': 'Bu işlem için yetkin yok.',
  'error.notFound': 'Aradığın şey bulunamadı.',
  'error.eventNotFound': 'Etkinlik bulunamadı.',
  'error.badInput': 'Gönderilen bilgiler geçersiz.',
  'error.badRequest': 'İstek anlaşılamadı.',
  'error.invalidJson': 'İstek gövdesi geçerli bir JSON değil.',
  'error.queryTooComplex': 'Sorgu çok karmaşık: {detail}',
  'error.conflict': 'Bu işlem mevcut durumla çakışıyor.',
  'error.rateLimited': 'Çok fazla istek gönderdin, biraz bekleyip tekrar dene.',
  'error.insufficientTokens': 'Yetersiz token! Etkinlik oluşturmak için en az 1 token gerekli.',
  'error.internal': 'Beklenmeyen bir hata oluştu. Hata kodu: {errorId}',
  'error.payloadTooLarge': 'İstek çok büyük.',
  'error.routeNotFound': 'Böyle bir adres yok.',
  'error.serviceUnavailable':
    'Şu an veritabanına ulaşamıyoruz, birkaç saniye içinde tekrar dene. Verilerin güvende.',
  'error.requestTimeout': 'İstek zamanında tamamlanmadı.',
  'error.headersTooLarge': 'İsteğin başlıkları çok büyük.',
  'event.created': 'Etkinlik başarıyla oluşturuldu.',
  'validation.required': 'Bu alan zorunlu.',
  'validation.tooShort': 'En az {min} karakter olmalı.',
  'validation.tooLong': 'En fazla {max} karakter olabilir.',
  'validation.invalid': 'Geçersiz değer.',
  'validation.invalidDate': 'Geçerli bir tarih gir (YYYY-AA-GG).',
  'validation.invalidTime': 'Geçerli bir saat gir (SS:dd).',
  'validation.dateInPast': 'Etkinlik tarihi geçmişte olamaz.',
  'validation.duration': 'Süre 30 dk, 1 saat, 1.5 saat, 2 saat, 3 saat veya 4+ saat olmalı.',
  'validation.maxParticipants': 'Katılımcı sayısı 2 ile 20 arasında olmalı.',
  'validation.tags': 'En az bir, en fazla on etiket seç.',
  'validation.locationRequired': 'Fiziksel etkinlikler için konum seçmelisin.',
  'validation.publicLocationRequired': 'Herkese görünecek konum metnini gir.',
  'validation.locationOutsideTurkey': 'Konum Türkiye sınırları içinde olmalı.',
  'validation.platformRequired': 'Online etkinlikler için platform seçmelisin.',
  'validation.unknownPlatform': 'Bilinmeyen platform.',
  'validation.unknownCategory': 'Bilinmeyen kategori.',
  'validation.unknownTag': 'Bu etiket seçilen kategoride yok: {tag}',
  'validation.price': 'Fiyat 0 veya pozitif bir sayı olmalı.',
  'validation.latLng': 'Geçersiz koordinat.',
  'validation.radius': 'Yarıçap 0 ile 1000 km arasında olmalı.',
  'validation.provinceCode': 'Böyle bir il yok: plaka kodu 1 ile 81 arasında olmalı.',
  'validation.geocodeLimit': 'Sonuç sayısı 1 ile 10 arasında olmalı.',
  'validation.pageSize': 'Sayfa boyutu 1 ile 100 arasında olmalı.',
  'validation.cursor': 'Geçersiz sayfa imleci.',
  'validation.id': 'Geçersiz kimlik.',
  'validation.language': 'Dil "tr" veya "en" olmalı.',
  'validation.bounds': 'Geçersiz harita alanı.',
  'validation.search': 'Arama metni en fazla 100 karakter olabilir.',
  'validation.capacityBelowParticipants':
    'Kapasite, kabul edilmiş katılımcı sayısının ({count}) altına inemez.',
  'event.notUpcoming': 'Yalnızca henüz başlamamış etkinlikler değiştirilebilir.',
  'event.alreadyCancelled': 'Bu etkinlik zaten iptal edildi.',
  'event.alreadyOver': 'Bitmiş bir etkinlik iptal edilemez.',
  'validation.ratingScore': 'Puan 1 ile 5 arasında bir tam sayı olmalı.',
  'validation.ratingFeedbackTooLong': 'Geri bildirim en fazla 1000 karakter olabilir.',
  'rating.ownEvent': 'Kendi etkinliğini puanlayamazsın.',
  'rating.notParticipant': 'Yalnızca etkinliğe kabul edilen katılımcılar puan verebilir.',
  'rating.notOver': 'Etkinlik henüz bitmedi; bittikten sonra puan verebilirsin.',
  'rating.cancelled': 'İptal edilen bir etkinlik puanlanamaz.',
  'rating.windowClosed':
    'Puanlama süresi doldu: etkinlikler bitişlerinden sonraki 14 gün içinde puanlanabilir.',
  'notification.eventCancelled': '"{title}" etkinliği iptal edildi.',
  'notification.joinRequestReceived': '{actor}, "{title}" etkinliğine katılmak istiyor.',
  'notification.joinRequestAccepted': '"{title}" etkinliğine katılım isteğin kabul edildi 🎉',
  'notification.joinRequestDeclined': '"{title}" etkinliğine katılım isteğin reddedildi.',
  'notification.joinRequestWithdrawn': '{actor}, "{title}" için gönderdiği isteği geri çekti.',
  'notification.messageReceived': '{actor} sana mesaj gönderdi: "{preview}"',
  'notification.badgeEarned': 'Yeni rozet kazandın: {badge}',
  'error.requestNotFound': 'Katılım isteği bulunamadı.',
  'error.conversationNotFound': 'Bu konuşma bulunamadı.',
  'error.userNotFound': 'Kullanıcı bulunamadı.',
  'safety.reportSelf': 'Kendini şikâyet edemezsin.',
  'safety.blockSelf': 'Kendini engelleyemezsin.',
  'safety.messagingBlocked': 'Aranızda bir engelleme olduğu için bu kişiye mesaj gönderemezsin.',
  'validation.reportReason': 'Bir şikâyet nedeni seçmelisin.',
  'validation.reportMessageTooLong': 'Açıklama en fazla 1000 karakter olabilir.',
  'join.ownEvent': 'Kendi etkinliğine katılım isteği gönderemezsin.',
  'join.sent':
    'Katılım isteğin gönderildi! Önce yazdığın mesaja AI bir göz atacak, ardından host seni değerlendirip yanıt verecek.',
  'join.blockedByCheck': 'Mesajın otomatik kontrolden geçemedi, bu yüzden isteğin iletilmedi.',
  'join.accepted': 'Request accepted successfully!',
  'join.declined': 'Request declined successfully!',
  'join.eventClosed': 'Bu etkinlik bitti ya da iptal edildi, artık katılım isteği alınmıyor.',
  'join.full': 'Etkinlik dolu, boş yer kalmadı.',
  'join.duplicate': 'Bu etkinlik için zaten bekleyen ya da kabul edilmiş bir isteğin var.',
  'join.notPending': 'Bu istek artık beklemede değil.',
  'join.notParticipant': 'Bu etkinliğin katılımcısı değilsin.',
  'validation.joinMessageTooLong': 'Mesaj en fazla 500 karakter olabilir.',
  'validation.messageBody': 'Mesaj boş olamaz ve en fazla 2000 karakter olabilir.',
  'notification.eventUpdated': '"{title}" etkinliğinde değişiklik var.',
} as const;

export type MessageKey = keyof typeof tr;

const en: Record<MessageKey, string> = {
  'error.unauthenticated': 'You need to sign in.',
  'error.sessionExpired': 'Your session has expired, please sign in again.',
  'error.forbidden': 'You are not allowed to do this.',
  'error.notFound': 'Not found.',
  'error.eventNotFound': 'Event not found.',
  'error.badInput': 'The data sent is not valid.',
  'error.badRequest': 'The request could not be understood.',
  'error.invalidJson': 'The request body is not valid JSON.',
  'error.queryTooComplex': 'The query is too complex: {detail}',
  'error.conflict': 'This conflicts with the current state.',
  'error.rateLimited': 'Too many requests, wait a little and try again.',
  'error.insufficientTokens': 'Not enough tokens! Creating an event needs at least 1 token.',
  'error.internal': 'Something unexpected went wrong. Error id: {errorId}',
  'error.payloadTooLarge': 'The request is too large.',
  'error.routeNotFound': 'No such address.',
  'error.serviceUnavailable':
    'The database cannot be reached right now; try again in a few seconds. Your data is safe.',
  'error.requestTimeout': 'The request did not arrive in time.',
  'error.headersTooLarge': 'The request headers are too large.',
  'event.created': 'Event created successfully.',
  'validation.required': 'This field is required.',
  'validation.tooShort': 'At least {min} characters.',
  'validation.tooLong': 'At most {max} characters.',
  'validation.invalid': 'Invalid value.',
  'validation.invalidDate': 'Enter a valid date (YYYY-MM-DD).',
  'validation.invalidTime': 'Enter a valid time (HH:mm).',
  'validation.dateInPast': 'The event date cannot be in the past.',
  'validation.duration': 'Duration must be 30 min, 1 h, 1.5 h, 2 h, 3 h or 4+ h.',
  'validation.maxParticipants': 'Participants must be between 2 and 20.',
  'validation.tags': 'Choose at least one and at most ten tags.',
  'validation.locationRequired': 'Physical events need a location.',
  'validation.publicLocationRequired': 'Enter the location text everyone will see.',
  'validation.locationOutsideTurkey': 'The location must be inside Turkey.',
  'validation.platformRequired': 'Online events need a platform.',
  'validation.unknownPlatform': 'Unknown platform.',
  'validation.unknownCategory': 'Unknown category.',
  'validation.unknownTag': 'This tag is not in the chosen category: {tag}',
  'validation.price': 'Price must be 0 or a positive number.',
  'validation.latLng': 'Invalid coordinates.',
  'validation.radius': 'Radius must be between 0 and 1000 km.',
  'validation.provinceCode': 'No such province: the plate code must be between 1 and 81.',
  'validation.geocodeLimit': 'The number of results must be between 1 and 10.',
  'validation.pageSize': 'Page size must be between 1 and 100.',
  'validation.cursor': 'Invalid page cursor.',
  'validation.id': 'Invalid id.',
  'validation.language': 'Language must be "tr" or "en".',
  'validation.bounds': 'Invalid map area.',
  'validation.search': 'The search text may be at most 100 characters.',
  'validation.capacityBelowParticipants': 'Capacity cannot go below the accepted participants ({count}).',
  'event.notUpcoming': 'Only events that have not started yet can be changed.',
  'event.alreadyCancelled': 'This event is already cancelled.',
  'event.alreadyOver': 'An event that is over cannot be cancelled.',
  'validation.ratingScore': 'The score must be a whole number from 1 to 5.',
  'validation.ratingFeedbackTooLong': 'Feedback may be at most 1000 characters.',
  'rating.ownEvent': 'You cannot rate your own event.',
  'rating.notParticipant': 'Only accepted participants can rate this event.',
  'rating.notOver': 'The event is not over yet; you can rate it once it has ended.',
  'rating.cancelled': 'A cancelled event cannot be rated.',
  'rating.windowClosed': 'Rating is closed: events can be rated within 14 days after they end.',
  'notification.eventCancelled': 'The event "{title}" was cancelled.',
  'notification.joinRequestReceived': '{actor} wants to join "{title}".',
  'notification.joinRequestAccepted': 'Your request to join "{title}" was accepted 🎉',
  'notification.joinRequestDeclined': 'Your request to join "{title}" was declined.',
  'notification.joinRequestWithdrawn': '{actor} withdrew their request for "{title}".',
  'notification.messageReceived': '{actor} sent you a message: "{preview}"',
  'notification.badgeEarned': 'You earned a new badge: {badge}',
  'error.requestNotFound': 'Join request not found.',
  'error.conversationNotFound': 'Conversation not found.',
  'error.userNotFound': 'User not found.',
  'safety.reportSelf': 'You cannot report yourself.',
  'safety.blockSelf': 'You cannot block yourself.',
  'safety.messagingBlocked': 'You cannot message this person: one of you has blocked the other.',
  'validation.reportReason': 'Choose a reason for the report.',
  'validation.reportMessageTooLong': 'The details may be at most 1000 characters.',
  'join.ownEvent': 'You cannot ask to join your own event.',
  'join.sent': 'Your request was sent! The automatic check reads your message first, then the host decides.',
  'join.blockedByCheck': 'Your message did not pass the automatic check, so your request was not sent.',
  'join.accepted': 'Request accepted successfully!',
  'join.declined': 'Request declined successfully!',
  'join.eventClosed': 'This event is over or cancelled; it no longer takes requests.',
  'join.full': 'The event is full.',
  'join.duplicate': 'You already have a pending or accepted request for this event.',
  'join.notPending': 'This request is no longer pending.',
  'join.notParticipant': 'You are not a participant of this event.',
  'validation.joinMessageTooLong': 'The message may be at most 500 characters.',
  'validation.messageBody': 'The message must not be empty and may be at most 2000 characters.',
  'notification.eventUpdated': 'The event "{title}" has changed.',
};

const catalogs: Record<Locale, Record<MessageKey, string>> = { tr, en };

export type MessageParams = Record<string, string | number>;

export function t(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = catalogs[locale][key] ?? catalogs.tr[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) =>
    params[name] === undefined ? m : String(params[name]),
  );
}

// Accept-Language → the best supported locale; Turkish unless English is preferred.
export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return 'tr';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...rest] = part.trim().toLowerCase().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag ?? '', q: q ? Number(q.split('=')[1]) || 0 : 1 };
    })
    .filter((x) => x.tag)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('tr')) return 'tr';
    if (tag.startsWith('en')) return 'en';
  }
  return 'tr';
}
