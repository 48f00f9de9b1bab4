import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, confirmedAccount, graphql, mailsTo } from './accounts.ts';
import { launch, MOBILE, newContext, shot, signIn, watchErrors } from './browser.ts';

// A new user buys the Popular Pack through the sandbox's checkout page (the embedded provider), sees
// the balance become 17 from 5, then a declined card changes nothing; the card saved for
// auto-refill shows up and auto-refill can be switched on.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function payOnSandbox(page: Page, card: { number: string; save?: boolean }) {
  await page.waitForURL('**/checkout/sandbox/**');
  await page.getByLabel('Kart numarası').fill(card.number);
  await page.getByLabel('Son kullanma (AA/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Kart üzerindeki isim').fill('Deniz Aydın');
  if (card.save) await page.getByLabel('Kartımı sonraki otomatik yüklemeler için kaydet').check();
  await page.getByRole('button', { name: /Öde$/ }).click();
  await page.waitForURL('**/dashboard/tokens?purchase=*');
}

describe('tokens in Chromium', () => {
  it('buys the Popular Pack on the sandbox checkout: 5 → 17; a declined card changes nothing', async () => {
    const me = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, me.email, me.password);

    await page.goto('/dashboard/tokens');
    await expect.poll(() => page.getByTestId('tokens-banner-balance').textContent()).toBe('5');
    await page.getByRole('button', { name: 'Popular Pack satın al' }).click();
    const dialog = page.getByTestId('checkout-dialog');
    await expect.poll(() => dialog.textContent()).toContain('$17,99');
    await dialog.getByLabel('Kartımı otomatik yükleme için kaydet').check();
    await page.getByTestId('checkout-go').click();

    await page.waitForURL('**/checkout/sandbox/**');
    expect(await page.getByRole('heading', { name: 'Popular Pack' }).isVisible()).toBe(true);
    await shot(page, 'tokens-sandbox-checkout');
    await payOnSandbox(page, { number: '4242 4242 4242 4242', save: true });

    const result = page.getByTestId('purchase-result');
    await expect.poll(() => result.textContent(), { timeout: 15_000 }).toContain('Ödeme başarılı!');
    await expect.poll(() => page.getByTestId('tokens-banner-balance').textContent()).toBe('17');
    expect(await result.textContent()).toContain('Yeni bakiyen: 17 token');
    // The header's chip follows live.
    await expect.poll(() => page.getByTestId('token-balance').textContent()).toBe('17');
    await shot(page, 'tokens-purchase-paid');
    await result.getByRole('button', { name: 'Tamam' }).click();

    // The receipt arrived in Turkish.
    await expect
      .poll(async () => (await mailsTo(me.email)).map((m) => m.subject))
      .toContain('Squad makbuzu: Popular Pack (12 token)');

    // History: the purchase and the ledger entry, with what expires when.
    await page.getByRole('tab', { name: 'Satın Alma Geçmişi' }).click();
    const history = page.getByTestId('purchase-history');
    await expect.poll(() => history.textContent()).toContain('Popular Pack');
    expect(await history.textContent()).toContain('Ödendi');
    expect(await page.getByTestId('token-ledger').textContent()).toContain('Popular Pack satın alındı');
    expect(await page.getByText(/12 token .* tarihinde sona erecek/).isVisible()).toBe(true);
    await shot(page, 'tokens-history');

    // A declined card: the failure screen, nothing credited.
    await page.getByRole('tab', { name: 'Token Satın Al' }).click();
    await page.getByRole('button', { name: 'Starter Pack satın al' }).click();
    await page.getByTestId('checkout-go').click();
    await payOnSandbox(page, { number: '4000 0000 0000 0002' });
    await expect.poll(() => result.textContent(), { timeout: 15_000 }).toContain('Kart reddedildi.');
    await shot(page, 'tokens-purchase-declined');
    expect(await page.getByTestId('tokens-banner-balance').textContent()).toBe('17');
    const state = await graphql<{
      me: { tokenBalance: number };
      tokenPurchases: { nodes: { status: string }[] };
    }>(
      await accessToken(me.email, me.password),
      '{ me { tokenBalance } tokenPurchases { nodes { status } } }',
    );
    expect(state.me.tokenBalance).toBe(17);
    expect(state.tokenPurchases.nodes.map((n) => n.status)).toEqual(['FAILED', 'PAID']);

    // The card saved with the first purchase: auto-refill can be switched on.
    await result.getByRole('button', { name: 'Tamam' }).click();
    const refill = page.getByTestId('auto-refill');
    await refill.scrollIntoViewIfNeeded();
    await expect.poll(() => refill.textContent()).toContain('4242');
    await refill.getByRole('switch').click();
    await expect.poll(() => refill.getByRole('switch').isChecked()).toBe(true);
    await shot(page, 'tokens-auto-refill');
    const after = await graphql<{ me: { autoRefill: { enabled: boolean; threshold: number } } }>(
      await accessToken(me.email, me.password),
      '{ me { autoRefill { enabled threshold } } }',
    );
    expect(after.me.autoRefill).toEqual({ enabled: true, threshold: 5 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the earning rules, the monthly challenge and the referral link on a phone', async () => {
    const me = await confirmedAccount();
    const context = await newContext(browser, MOBILE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, me.email, me.password);
    await page.goto('/dashboard/tokens?tab=earn');
    await expect.poll(() => page.getByTestId('monthly-challenge').textContent()).toContain('0 / 5');
    const referral = page.getByTestId('referral-card');
    const { me: viewer } = await graphql<{ me: { referralLink: string } }>(
      await accessToken(me.email, me.password),
      '{ me { referralLink } }',
    );
    expect(viewer.referralLink).toMatch(/\/register\?ref=[0-9A-F]{10}$/);
    expect(await referral.getByLabel('Davet bağlantın').inputValue()).toBe(viewer.referralLink);
    expect(await referral.textContent()).toContain('3 token');
    await referral.scrollIntoViewIfNeeded();
    await shot(page, 'tokens-earn-mobile');
    // All three tabs fit on a phone.
    const tabs = page.getByRole('tab');
    for (let i = 0; i < 3; i++) {
      const box = (await tabs.nth(i).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
