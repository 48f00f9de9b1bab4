import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications } from '#db/schema/index.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { buildPhysicalEventInput } from '#tests/factories/events.ts';
import { ACCEPT, joinRequestSteps } from '#tests/integration/join-requests/join-requests.fixtures.ts';
import { startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// Cancellation and moves reach people: accepted participants and pending requesters get an e-mail
// (unless they turned event-change e-mails off) besides the notification in the app.
let app: TestApp;
const steps = joinRequestSteps(() => app);
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const UPDATE = `mutation($input: UpdateEventInput!) { updateEvent(input: $input) { event { id time } } }`;
const CANCEL = `mutation($input: CancelEventInput!) { cancelEvent(input: $input) { event { status } } }`;
const SETTINGS = `mutation($input: UpdateSettingsInput!) {
  updateSettings(input: $input) { viewer { notificationPreferences { emailEventChanges } } } }`;

const emailOf = (u: TestUser) => `${u.sub}@squad.test`;
// Their event-change e-mails (the participants also got the decision e-mail when accepted).
const mailsTo = async (...users: TestUser[]) =>
  (
    await app.database.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, users.map(emailOf)))
  ).filter((m) => / etkinliğinde değişiklik var$| iptal edildi$/.test(m.subject));

async function audience() {
  const host = await app.newUser();
  const participant = await app.newUser();
  const requester = await app.newUser();
  const quiet = await app.newUser();
  const id = await steps.eventOf(host, { title: 'Moda sahil maçı', maxParticipants: 6 });
  for (const user of [participant, quiet]) {
    const asked = await steps.ask(user, id, 'Geliyorum');
    await app.gql(ACCEPT, { id: asked.data.requestToJoin.joinRequest.id }, { token: host.token });
  }
  await steps.ask(requester, id, 'Yer var mı?');
  const off = await app.gql(SETTINGS, { input: { emailEventChanges: false } }, { token: quiet.token });
  expect(off.data.updateSettings.viewer.notificationPreferences).toEqual({ emailEventChanges: false });
  return { host, participant, requester, quiet, id };
}

describe('event-change e-mails', () => {
  it('tells participants and pending requesters of a new time, in Turkish; not the host or who opted out', async () => {
    const { host, participant, requester, quiet, id } = await audience();
    const later = toTurkeyDateTime(new Date(Date.now() + 5 * 24 * 3600_000));
    const moved = await app.gql(
      UPDATE,
      { input: { id, date: later.date, time: '20:30' } },
      { token: host.token },
    );
    expect(moved.errors).toBeUndefined();
    await expect
      .poll(async () => (await mailsTo(participant, requester)).length, { timeout: 10_000 })
      .toBe(2);
    const mails = await mailsTo(participant, requester, quiet, host);
    const toParticipant = mails.find((m) => m.to === emailOf(participant))!;
    const toRequester = mails.find((m) => m.to === emailOf(requester))!;
    expect(toParticipant.subject).toBe('"Moda sahil maçı" etkinliğinde değişiklik var');
    expect(toParticipant.text).toMatch(/Yeni zaman: .*20:30/);
    expect(toParticipant.text).toContain('Hâlâ katılımcılar arasındasın');
    expect(toRequester.text).toContain('Katılım isteğin hâlâ host’un onayını bekliyor.');
    expect(toParticipant.text).toContain(`http://squad.test/dashboard/eventDetails/${id}`);
    // The notification in the app still comes for everyone, the quiet one included.
    const notes = await app.database.db
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, [participant.id, requester.id, quiet.id]));
    expect(notes.filter((n) => n.type === 'event_updated')).toHaveLength(3);
    expect(mails.filter((m) => m.to === emailOf(quiet) || m.to === emailOf(host))).toHaveLength(0);
  });

  it('shows a new exact place to participants only; requesters see the public place', async () => {
    const { host, participant, requester, id } = await audience();
    const place = buildPhysicalEventInput().location;
    const moved = await app.gql(
      UPDATE,
      { input: { id, location: { ...place, name: 'Fenerbahçe Parkı', lat: 40.972, lng: 29.037 } } },
      { token: host.token },
    );
    expect(moved.errors).toBeUndefined();
    await expect.poll(async () => (await mailsTo(participant)).length, { timeout: 10_000 }).toBe(1);
    const [toParticipant] = await mailsTo(participant);
    expect(toParticipant.text).toContain('Yeni yer: Fenerbahçe Parkı');
    // The public place ('Kadıköy, İstanbul') did not change: nothing new for the requester to read.
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(requester)).toHaveLength(0);
  });

  it('tells them of a cancellation, with the host’s note', async () => {
    const { host, participant, requester, quiet, id } = await audience();
    const cancelled = await app.gql(
      CANCEL,
      { input: { id, reason: 'Saha su bastı' } },
      { token: host.token },
    );
    expect(cancelled.data.cancelEvent.event.status).toBe('CANCELLED');
    await expect
      .poll(async () => (await mailsTo(participant, requester)).length, { timeout: 10_000 })
      .toBe(2);
    const mails = await mailsTo(participant, requester, quiet);
    for (const mail of mails) {
      expect(mail.subject).toBe('"Moda sahil maçı" iptal edildi');
      expect(mail.text).toContain('Host\'un notu: "Saha su bastı"');
      expect(mail.text).toContain('http://squad.test/dashboard/physical');
    }
    expect(mails.find((m) => m.to === emailOf(requester))!.text).toContain(
      'Katılım isteğin de böylece kapandı.',
    );
    expect(mails.find((m) => m.to === emailOf(participant))!.text).toContain('artık yapılmayacak');
    expect(mails.some((m) => m.to === emailOf(quiet))).toBe(false);
  });
});
