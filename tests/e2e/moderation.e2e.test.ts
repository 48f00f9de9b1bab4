import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, confirmedAccount, graphql, operatorCommand } from './accounts.ts';
import { launch, newContext, shot, signIn, watchErrors } from './browser.ts';

// Trust and safety end to end (ADR 039): a host reports a participant; a moderator, made one with
// `npm run admin` against the running server, finds the report in /admin and suspends the user; the
// suspended user, signed in elsewhere, is signed out at once and shown why and until when, and can
// sign in again only to read that and appeal, which the moderator then sees.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

function dayInTurkey(offsetDays: number): string {
  return new Date(Date.now() + 3 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

describe('moderation', () => {
  it('a report reaches /admin, the moderator suspends, the user is signed out and told why, and appeals', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const hostAccount = await confirmedAccount();
    const targetAccount = await confirmedAccount();
    const modAccount = await confirmedAccount();
    const hostToken = await accessToken(hostAccount.email, hostAccount.password);
    const targetToken = await accessToken(targetAccount.email, targetAccount.password);
    const modToken = await accessToken(modAccount.email, modAccount.password);

    // The moderator's account exists in Squad once it has been used; then the operator grants the role.
    await graphql(modToken, '{ me { id } }');
    const granted = operatorCommand('grant', 'moderator', modAccount.email);
    expect(granted.stdout).toContain('is now moderator');

    const created = await graphql<{ createEvent: { event: { id: string } } }>(
      hostToken,
      `
        mutation CreateForModerationE2E($input: CreateEventInput!) {
          createEvent(input: $input) {
            event {
              id
            }
          }
        }
      `,
      {
        input: {
          mode: 'PHYSICAL',
          title: `Kutu oyunu akşamı ${suffix}`,
          description: 'Catan ve Carcassonne; yeni başlayanlara kurallar anlatılır.',
          category: 'board-games',
          tags: ['catan'],
          date: dayInTurkey(2),
          time: '19:30',
          durationMinutes: 120,
          maxParticipants: 4,
          location: { name: 'Moda Kafe', address: 'Moda, Kadıköy', lat: 40.9869, lng: 29.0259 },
          publicLocation: 'Kadıköy, İstanbul',
        },
      },
    );
    const eventId = created.createEvent.event.id;
    const asked = await graphql<{ requestToJoin: { joinRequest: { id: string } } }>(
      targetToken,
      'mutation($id: ID!) { requestToJoin(input: {eventId: $id, message: "Selam, ben de geleyim!"}) { joinRequest { id } } }',
      { id: eventId },
    );
    await graphql(
      hostToken,
      'mutation($id: ID!) { acceptRequest(input: {id: $id}) { joinRequest { id } } }',
      {
        id: asked.requestToJoin.joinRequest.id,
      },
    );

    // The reported user is on the map in their own browser.
    const targetContext = await newContext(browser);
    const target = await targetContext.newPage();
    await signIn(target, targetAccount.email, targetAccount.password);

    // The host reports the participant from the event's participant list.
    const hostContext = await newContext(browser);
    const host = await hostContext.newPage();
    await signIn(host, hostAccount.email, hostAccount.password);
    await host.goto(`/dashboard/eventDetails/${eventId}`);
    await host.getByRole('tab', { name: 'Katılımcılar (1)' }).click();
    await host.getByTestId('participants-list').getByRole('button').first().click();
    await host.getByTestId('profile-report').click();
    const report = host.getByTestId('report-dialog');
    await report.getByLabel('Taciz').check();
    await report.getByLabel('Açıklama (isteğe bağlı)').fill('Etkinlik sohbetinde bana hakaret etti.');
    await host.getByTestId('report-submit').click();
    await host.getByText('Şikâyetin alındı. Moderatörler inceleyip sonucu sana bildirecek.').waitFor();

    // The moderator finds it in /admin, from the side menu.
    const modContext = await newContext(browser);
    const mod = await modContext.newPage();
    const modErrors = watchErrors(mod);
    await signIn(mod, modAccount.email, modAccount.password);
    await mod.getByRole('link', { name: 'Moderasyon' }).click();
    await mod.waitForURL('**/admin');
    const card = mod.getByTestId('report-card').filter({ hasText: 'Etkinlik sohbetinde bana hakaret etti.' });
    await card.waitFor();
    await shot(mod, 'moderation-reports');
    await card.getByTestId('report-suspend').click();
    await mod.getByTestId('moderation-days').selectOption('7');
    await mod.getByTestId('moderation-reason').fill('Katılımcılara tekrar tekrar hakaret');
    await shot(mod, 'moderation-suspend-dialog');
    await mod.getByTestId('moderation-confirm').click();
    await mod.getByText('İşlem kaydedildi.').waitFor();
    await expect.poll(() => card.count()).toBe(0);
    await mod.getByRole('tab', { name: 'Denetim kaydı' }).click();
    await mod.getByTestId('audit-row').filter({ hasText: 'Katılımcılara tekrar tekrar hakaret' }).waitFor();
    await shot(mod, 'moderation-audit-log');

    // The suspended user's open page learns it at once: signed out, with the reason and the end.
    await target.waitForURL('**/suspended', { timeout: 20_000 });
    await target
      .getByTestId('suspension-reason')
      .filter({ hasText: 'Katılımcılara tekrar tekrar hakaret' })
      .waitFor();
    await target.getByText('tarihine kadar askıdasın.').waitFor();
    await shot(target, 'moderation-suspended-screen');
    await target.goto('/dashboard/physical');
    await target.waitForURL('**/login');

    // Signing in again leads only to the suspension screen, where the user appeals once.
    await target.getByLabel('E-posta').fill(targetAccount.email);
    await target.getByLabel('Şifre', { exact: true }).fill(targetAccount.password);
    await target.getByRole('button', { name: "Squad'a Gir!" }).click();
    await target.waitForURL('**/suspended');
    await target.getByTestId('account-standing').waitFor();
    await target.getByRole('button', { name: 'İtiraz et' }).click();
    await target
      .getByTestId('appeal-text')
      .fill('Hakaret etmedim, bir yanlış anlaşılma oldu; mesajlara bakabilirsiniz.');
    await target.getByTestId('appeal-submit').click();
    await target.getByText('İtirazın inceleniyor').waitFor();
    await shot(target, 'moderation-appeal-sent');

    await mod.getByRole('tab', { name: /İtirazlar/ }).click();
    await mod.getByTestId('appeal-card').filter({ hasText: 'bir yanlış anlaşılma oldu' }).waitFor();
    await shot(mod, 'moderation-appeals');
    expect(modErrors).toEqual([]);
    await Promise.all([targetContext.close(), hostContext.close(), modContext.close()]);
  });
});
