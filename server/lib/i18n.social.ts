// Server texts of friends and the inbox (ADR 042). Spread into the catalogues of i18n.ts.
export const socialTr = {
  'friends.self': 'Kendine arkadaşlık isteği gönderemezsin.',
  'friends.tooMany': 'Çok fazla arkadaşlık isteği gönderdin; {minutes} dakika sonra tekrar dene.',
  'friends.requestNotFound': 'Bekleyen bir arkadaşlık isteği yok.',
  'messages.cannotPost': 'Bu sohbete artık mesaj gönderemezsin.',
  'messages.strangers':
    'Yalnızca arkadaşlarına ve birlikte bir etkinliğe katıldığın kişilere mesaj gönderebilirsin.',
  'messages.messageNotFound': 'Mesaj bulunamadı.',
  'messages.hostOnly': 'Bunu yalnızca etkinliğin hostu yapabilir.',
  'messages.notYours': 'Yalnızca kendi mesajlarını kaldırabilirsin.',
  'messages.removed': 'Bu mesaj kaldırılmış.',
  'messages.removedPlaceholder': 'Bu mesaj kaldırıldı.',
  'messages.groupTitle': '{title} · grup sohbeti',
  'messages.tooFast': 'Çok hızlı mesaj gönderiyorsun. {seconds} saniye sonra tekrar dene.',
  'notification.friendRequestReceived': '{actor} sana arkadaşlık isteği gönderdi.',
  'notification.friendRequestAccepted': '{actor} arkadaşlık isteğini kabul etti 🎉',
} as const;

export const socialEn: Record<keyof typeof socialTr, string> = {
  'friends.self': 'You cannot send yourself a friend request.',
  'friends.tooMany': 'You sent too many friend requests; try again in {minutes} minutes.',
  'friends.requestNotFound': 'There is no pending friend request.',
  'messages.cannotPost': 'You can no longer write in this conversation.',
  'messages.strangers': 'You can only message your friends and people you take part in an event with.',
  'messages.messageNotFound': 'Message not found.',
  'messages.hostOnly': 'Only the event’s host can do this.',
  'messages.notYours': 'You can only remove your own messages.',
  'messages.removed': 'This message was removed.',
  'messages.removedPlaceholder': 'This message was removed.',
  'messages.groupTitle': '{title} · group chat',
  'messages.tooFast': 'You are sending messages too fast. Try again in {seconds} s.',
  'notification.friendRequestReceived': '{actor} sent you a friend request.',
  'notification.friendRequestAccepted': '{actor} accepted your friend request 🎉',
};
