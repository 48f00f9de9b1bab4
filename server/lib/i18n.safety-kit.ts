// Server texts of the safety kit's venue type and priority reports (issue 30, ADR 069). Spread
// into the catalogues of i18n.ts.
import { safetyPlansEn, safetyPlansTr } from './i18n.safety-plans.ts';

export const safetyKitTr = {
  ...safetyPlansTr,
  'validation.venueType': 'Mekân türü listedekilerden biri olmalı.',
  'validation.reportSubject': 'Bildirimin etkinlikle mi yoksa bir kişiyle mi ilgili olduğunu seç.',
  'safety.unsafePersonRequired': 'Bildirmek istediğin kişiyi seç.',
  'safety.unsafeNotAtEvent': 'Bu kişi etkinliğin ev sahibi ya da katılımcısı değil.',
  'safety.unsafeOwnEvent': 'Kendi düzenlediğin etkinliği bildiremezsin; bir kişiyi seç.',
  'safety.unsafeNotParticipant': 'Yalnızca etkinliğe katılanlar bu bildirimi yapabilir.',
  'safety.unsafeCancelled': 'Başlamadan iptal edilen bir etkinlik bildirilemez.',
  'safety.unsafeNotOver': 'Bu bildirim etkinlik bittikten sonra yapılabilir.',
  'safety.unsafeWindowClosed': 'Bu bildirim etkinlik bittikten sonra en fazla 30 gün içinde yapılabilir.',
  'safety.unsafeAlreadyFiled': 'Bu etkinlik için zaten bir güvenlik bildirimi yaptın.',
  'mail.homeTips.title': 'Ev ortamında buluşma: güvenlik ipuçları',
  'mail.homeTips.public': 'İlk buluşmayı mümkünse herkese açık bir yerde yap.',
  'mail.homeTips.friend': 'Nereye gittiğini ve ne zaman döneceğini bir arkadaşına söyle.',
  'mail.homeTips.transport': 'Kendi ulaşımını ayarla; dönüşünü başkasına bağlı bırakma.',
};

export const safetyKitEn: Record<keyof typeof safetyKitTr, string> = {
  ...safetyPlansEn,
  'validation.venueType': 'The venue type must be one from the list.',
  'validation.reportSubject': 'Choose whether the report is about the event or a person.',
  'safety.unsafePersonRequired': 'Choose the person you want to report.',
  'safety.unsafeNotAtEvent': 'This person is neither the host nor a participant of the event.',
  'safety.unsafeOwnEvent': 'You cannot report an event you hosted; choose a person.',
  'safety.unsafeNotParticipant': 'Only people who took part in the event can file this report.',
  'safety.unsafeCancelled': 'An event cancelled before it began cannot be reported.',
  'safety.unsafeNotOver': 'This report can be filed once the event is over.',
  'safety.unsafeWindowClosed': 'This report can be filed up to 30 days after the event.',
  'safety.unsafeAlreadyFiled': 'You already filed a safety report for this event.',
  'mail.homeTips.title': 'Meeting at a home: safety tips',
  'mail.homeTips.public': 'If you can, make the first meeting in a public place.',
  'mail.homeTips.friend': 'Tell a friend where you are going and when you will be back.',
  'mail.homeTips.transport': 'Arrange your own transport; do not depend on anyone else to get home.',
};
