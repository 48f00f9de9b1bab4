// Texts of rating an event after it is over (the rating card on event details). Spread into
// messages.tr.ts.
export const ratingsTr = {
  'rating.title': 'Etkinliği puanla',
  'rating.intro': 'Etkinlik nasıldı? Puanın host’un puanına eklenir ve diğer katılımcılara yol gösterir.',
  'rating.stars': 'Puan',
  'rating.star': '5 üzerinden {score} yıldız',
  'rating.scoreLabel.1': 'Çok kötü',
  'rating.scoreLabel.2': 'Kötü',
  'rating.scoreLabel.3': 'İdare eder',
  'rating.scoreLabel.4': 'İyi',
  'rating.scoreLabel.5': 'Harika!',
  'rating.pickScore': 'Bir puan seç',
  'rating.feedbackLabel': 'Geri bildirimin (isteğe bağlı)',
  'rating.feedbackPlaceholder': 'Host’a ve etkinliğe dair düşüncelerini yaz…',
  'rating.counter': '{count}/{max}',
  'rating.counterLabel': '{count} / {max} karakter',
  'rating.submit': 'Puanı Gönder',
  'rating.update': 'Puanı Güncelle',
  'rating.sending': 'Gönderiliyor…',
  'rating.cancel': 'Vazgeç',
  'rating.sent': 'Puanın kaydedildi, teşekkürler! ⭐',
  'rating.failed': 'Puanın gönderilemedi, lütfen tekrar dene.',
  'rating.yours': 'Senin puanın',
  'rating.change': 'Puanı değiştir',
  'rating.noFeedback': 'Geri bildirim yazmadın.',
  'rating.windowNote':
    'Etkinlik bittikten sonraki 14 gün içinde puan verebilir ya da puanını değiştirebilirsin.',
} as const;
