import type { EventRow } from '#db/schema/index.ts';
import { escapeHtml, mailButton, mailLayout } from '#server/mail/layout.ts';
import type { Mail } from '#server/mail/mailer.ts';
import { platformOf } from './events.catalog.ts';

// E-mails to an event's audience (accepted participants and pending requesters) when the host
// cancels it or moves it. Turkish, like the spec's other e-mails. Requesters are not participants:
// their e-mails carry the public place only (ADR 005).

const when = (d: Date) =>
  new Intl.DateTimeFormat('tr-TR', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Istanbul',
  }).format(d);

export type Recipient = { email: string; displayName: string; participant: boolean };
type EventFacts = Pick<
  EventRow,
  'id' | 'mode' | 'title' | 'startsAt' | 'publicLocation' | 'platform' | 'locationName' | 'address'
>;

export const placeOf = (e: EventFacts, participant: boolean) => {
  if (e.mode === 'online') return e.platform ? `Online · ${platformOf(e.platform).label.tr}` : 'Online';
  const exact = participant ? [e.locationName, e.address].filter(Boolean).join(', ') : '';
  return exact || e.publicLocation || '—';
};

function render(to: string, subject: string, lines: string[], link: { href: string; label: string }): Mail {
  const text = `Selam!\n\n${lines.join('\n\n')}\n\n${link.label}: ${link.href}\n\nSquad ekibi`;
  const html = mailLayout(
    subject,
    `${lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join('\n')}
${mailButton(link.href, link.label)}`,
  );
  return { to, subject, text, html };
}

export function eventCancelledMail(
  r: Recipient,
  o: { event: EventFacts; host: string; reason: string | null; link: string },
): Mail {
  const lines = [
    `${o.host}, ${when(o.event.startsAt)} tarihli "${o.event.title}" etkinliğini iptal etti.`,
    ...(o.reason ? [`Host'un notu: "${o.reason}"`] : []),
    r.participant
      ? 'Bu etkinlik artık yapılmayacak; planını buna göre ayarlayabilirsin.'
      : 'Katılım isteğin de böylece kapandı.',
    'Üzülme, yakınında başka etkinlikler de var!',
  ];
  return render(r.email, `"${o.event.title}" iptal edildi`, lines, {
    href: o.link,
    label: 'Başka etkinliklere göz at',
  });
}

// Null when nothing this recipient can see changed (a requester sees the public place only).
export function eventMovedMail(
  r: Recipient,
  o: { event: EventFacts; before: EventFacts; host: string; link: string },
): Mail | null {
  const timeMoved = o.event.startsAt.getTime() !== o.before.startsAt.getTime();
  const placeBefore = placeOf(o.before, r.participant);
  const placeNow = placeOf(o.event, r.participant);
  if (!timeMoved && placeNow === placeBefore) return null;
  const lines = [
    `${o.host}, "${o.event.title}" etkinliğinde değişiklik yaptı.`,
    ...(timeMoved ? [`Yeni zaman: ${when(o.event.startsAt)} (önceden ${when(o.before.startsAt)}).`] : []),
    ...(placeNow !== placeBefore ? [`Yeni yer: ${placeNow} (önceden ${placeBefore}).`] : []),
    r.participant
      ? 'Hâlâ katılımcılar arasındasın; gelemeyeceksen etkinlik sayfasından ayrılabilirsin.'
      : 'Katılım isteğin hâlâ host’un onayını bekliyor.',
  ];
  return render(r.email, `"${o.event.title}" etkinliğinde değişiklik var`, lines, {
    href: o.link,
    label: 'Etkinliğe git',
  });
}
