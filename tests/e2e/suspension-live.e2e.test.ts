import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, confirmedAccount, graphql, operatorCommand, mailsTo } from './accounts.ts';
import { launch, newContext, shot } from './browser.ts';

// An appeal's decision reaches the open suspended page (ADR 057): the suspended user has /suspended
// open after appealing; a moderator accepts the appeal through the API; the page says the account is
// open again without a reload or a navigation. The suspension and the decision were mailed too.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('the suspended page', () => {
  it('changes live when a moderator accepts the appeal', async () => {
    const targetAccount = await confirmedAccount();
    const modAccount = await confirmedAccount();
    const modToken = await accessToken(modAccount.email, modAccount.password);
    await graphql(modToken, '{ me { id } }');
    expect(operatorCommand('grant', 'moderator', modAccount.email).stdout).toContain('is now moderator');
    const target = await graphql<{ me: { id: string } }>(
      await accessToken(targetAccount.email, targetAccount.password),
      '{ me { id } }',
    );
    await graphql(
      modToken,
      `
        mutation SuspendForLiveE2E($input: SuspendUserInput!) {
          suspendUser(input: $input) {
            action {
              id
            }
          }
        }
      `,
      { input: { userId: target.me.id, reason: 'Sahte etkinlik ilanları', days: 7 } },
    );
    await expect
      .poll(async () => (await mailsTo(targetAccount.email)).map((m) => m.subject))
      .toContain('Squad hesabın askıya alındı');

    // Signing in leads to the suspension screen, where the user appeals.
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('E-posta').fill(targetAccount.email);
    await page.getByLabel('Şifre', { exact: true }).fill(targetAccount.password);
    await page.getByRole('button', { name: "Squad'a Gir!" }).click();
    await page.waitForURL('**/suspended');
    await page.getByTestId('account-standing').waitFor();
    await page.getByRole('button', { name: 'İtiraz et' }).click();
    await page
      .getByTestId('appeal-text')
      .fill('İlanlar gerçekti, mekanla konuşabilirsiniz; bir yanlışlık oldu.');
    await page.getByTestId('appeal-submit').click();
    await page.getByText('İtirazın inceleniyor').waitFor();
    await shot(page, 'suspension-live-before');

    // A marker on the window: gone if the page reloaded or navigated.
    await page.evaluate(() => {
      (window as unknown as { squadMarker: string }).squadMarker = 'same page';
    });
    const appeals = await graphql<{ moderationAppeals: { nodes: { id: string; user: { id: string } }[] } }>(
      modToken,
      '{ moderationAppeals(first: 50) { nodes { id user { id } } } }',
    );
    const appeal = appeals.moderationAppeals.nodes.find((a) => a.user.id === target.me.id)!;
    await graphql(
      modToken,
      `
        mutation DecideForLiveE2E($input: DecideAppealInput!) {
          decideAppeal(input: $input) {
            appeal {
              id
            }
          }
        }
      `,
      { input: { appealId: appeal.id, overturn: true, note: 'Mekan ilanları doğruladı' } },
    );

    await page.getByTestId('suspension-lifted').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('suspended-title').textContent())
      .toBe('Hesabın yeniden açık 🎉');
    expect(await page.evaluate(() => (window as unknown as { squadMarker?: string }).squadMarker)).toBe(
      'same page',
    );
    expect(new URL(page.url()).pathname).toBe('/suspended');
    await page.getByRole('link', { name: "Squad'a dön" }).waitFor();
    await shot(page, 'suspension-live-lifted');
    expect((await mailsTo(targetAccount.email)).map((m) => m.subject)).toContain('İtirazın kabul edildi');

    // The way back works with the session the user has.
    await page.getByRole('link', { name: "Squad'a dön" }).click();
    await page.waitForURL('**/dashboard/physical');
    await context.close();
  });
});
