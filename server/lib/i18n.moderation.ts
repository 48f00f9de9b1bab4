// Server texts of moderation (ADR 039): suspensions, warnings, the console's errors, notifications.
// Spread into the catalogues of i18n.ts.
export const moderationTr = {
  'error.accountSuspended': 'Hesabın {until} tarihine kadar askıya alındı. Sebep: {reason}',
  'error.accountSuspendedForGood': 'Hesabın süresiz olarak askıya alındı. Sebep: {reason}',
  'moderation.notOnSelf': 'Kendi hesabın üzerinde moderasyon işlemi yapamazsın.',
  'moderation.reportNotFound': 'Şikâyet bulunamadı.',
  'moderation.flagNotFound': 'İşaretli içerik bulunamadı.',
  'moderation.actionNotFound': 'Moderasyon işlemi bulunamadı.',
  'moderation.appealNotFound': 'İtiraz bulunamadı.',
  'moderation.alreadyHandled': 'Bu kayıt zaten sonuçlandırılmış.',
  'moderation.alreadyAppealed': 'Bu işleme zaten itiraz ettin; her işleme bir kez itiraz edilebilir.',
  'moderation.notSuspended': 'Bu hesapta kaldırılacak bir kısıtlama yok.',
  'moderation.nothingToRemove': 'Kaldırılacak içerik seçilmedi.',
  'moderation.removedPlaceholder': 'Bu içerik moderatör tarafından kaldırıldı.',
  'join.paused':
    'Son katılım mesajların içerik kontrolüne takıldığı için {until} tarihine kadar katılım isteği gönderemezsin.',
  'join.coolDown':
    'Bu etkinliğe gönderdiğin mesaj engellendi. Tekrar istek göndermek için {minutes} dakika beklemelisin.',
  'validation.actionReasonRequired': 'Kısaca sebebini yaz (en az 3 karakter).',
  'validation.actionReasonTooLong': 'Sebep en fazla 500 karakter olabilir.',
  'validation.suspensionDays': 'Süre 1, 3, 7 veya 30 gün ya da süresiz olmalı.',
  'validation.appealTooShort': 'İtirazını biraz daha açıkla (en az 10 karakter).',
  'validation.appealTooLong': 'İtiraz en fazla 1000 karakter olabilir.',
  'notification.moderationWarning': 'Moderatörlerden uyarı: {reason}',
  'notification.contentRemoved': 'Bir içeriğin kaldırıldı: {reason}',
  'notification.reportResolved.no_violation':
    'Şikâyetini inceledik. Topluluk kurallarına aykırı bir durum bulmadık; bildirdiğin için teşekkürler.',
  'notification.reportResolved.action_taken':
    'Şikâyetini inceledik ve gerekli işlemi yaptık. Bildirdiğin için teşekkürler.',
  'notification.appealUpheld': 'İtirazını inceledik; karar değişmedi. Not: {note}',
  'notification.appealOverturned': 'İtirazın kabul edildi. Not: {note}',
  'notification.accountRestored': 'Hesabındaki kısıtlama kaldırıldı: {reason}',
} as const;

export const moderationEn: Record<keyof typeof moderationTr, string> = {
  'error.accountSuspended': 'Your account is suspended until {until}. Reason: {reason}',
  'error.accountSuspendedForGood': 'Your account is suspended for good. Reason: {reason}',
  'moderation.notOnSelf': 'You cannot take moderation action on your own account.',
  'moderation.reportNotFound': 'Report not found.',
  'moderation.flagNotFound': 'Flagged content not found.',
  'moderation.actionNotFound': 'Moderation action not found.',
  'moderation.appealNotFound': 'Appeal not found.',
  'moderation.alreadyHandled': 'This has already been handled.',
  'moderation.alreadyAppealed': 'You have already appealed this action; each action can be appealed once.',
  'moderation.notSuspended': 'This account has no restriction to lift.',
  'moderation.nothingToRemove': 'No content was chosen to remove.',
  'moderation.removedPlaceholder': 'This content was removed by a moderator.',
  'join.paused':
    'Your recent join messages failed the content check, so you cannot send join requests until {until}.',
  'join.coolDown':
    'Your message to this event was blocked. Wait {minutes} minutes before asking to join it again.',
  'validation.actionReasonRequired': 'Write a short reason (at least 3 characters).',
  'validation.actionReasonTooLong': 'The reason can be at most 500 characters.',
  'validation.suspensionDays': 'The length must be 1, 3, 7 or 30 days, or for good.',
  'validation.appealTooShort': 'Explain your appeal a little more (at least 10 characters).',
  'validation.appealTooLong': 'An appeal can be at most 1000 characters.',
  'notification.moderationWarning': 'A warning from the moderators: {reason}',
  'notification.contentRemoved': 'Some of your content was removed: {reason}',
  'notification.reportResolved.no_violation':
    'We looked into your report and found no breach of the community rules. Thanks for telling us.',
  'notification.reportResolved.action_taken':
    'We looked into your report and took action. Thanks for telling us.',
  'notification.appealUpheld': 'We reviewed your appeal; the decision stands. Note: {note}',
  'notification.appealOverturned': 'Your appeal was accepted. Note: {note}',
  'notification.accountRestored': 'The restriction on your account was lifted: {reason}',
};
