import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { stripeWebhook } from '#tests/helpers/fake-stripe.ts';
import { expectOneError } from '#tests/helpers/test-app.ts';
import {
  DAY_MS,
  eventsOf,
  mailsTo,
  purchaseNotifications,
  purchaseOf,
  purchaseRow,
  START_PURCHASE,
  wallet,
} from './payments-app.helpers.ts';
import {
  WEBHOOK_SECRET,
  app,
  checkout,
  deliver,
  emailOf,
  event,
  paidSession,
  post,
  savedCardIntent,
  signupEntry,
  stripe,
  useStripeApp,
} from './stripe-app.fixture.ts';

useStripeApp();

describe('buying a package through Stripe Checkout', () => {
  it('opens a Checkout Session, and a signed checkout.session.completed credits 12 tokens once', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    const { checkoutUrl, purchase, params, headers, sessionId } = await checkout(user, 'popular');

    expect(checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    expect(purchase).toMatchObject({
      package: { id: 'popular' },
      tokens: 10,
      bonusTokens: 2,
      amount: 17.99,
      currency: 'USD',
      status: 'PENDING',
      method: null,
      provider: 'stripe',
      autoRefill: false,
      failureReason: null,
      paidAt: null,
      tokensExpireAt: null,
    });
    // What the app asked Stripe for.
    expect(headers['idempotency-key']).toBe(`checkout:${purchase.id}`);
    expect(params).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1799',
      'line_items[0][price_data][product_data][name]': 'Popular Pack',
      'line_items[0][price_data][product_data][description]': '12 token (10 + 2 bonus)',
      client_reference_id: purchase.id,
      'metadata[purchaseId]': purchase.id,
      'payment_intent_data[metadata][purchaseId]': purchase.id,
      customer_creation: 'always',
      customer_email: email,
      success_url: `http://squad.test/dashboard/tokens?purchase=${purchase.id}`,
      cancel_url: `http://squad.test/dashboard/tokens?purchase=${purchase.id}&cancelled=1`,
      locale: 'tr',
    });
    expect(params['payment_intent_data[setup_future_usage]']).toBeUndefined();
    const stored = await purchaseRow(app, purchase.id);
    expect(stored).toMatchObject({ providerRef: sessionId, checkoutUrl, status: 'pending' });

    // Nothing is credited before Stripe says so.
    expect((await wallet(app, user)).me.tokenBalance).toBe(5);

    const completed = event('checkout.session.completed', paidSession(purchase.id, sessionId, 1799));
    expect(await deliver(completed)).toEqual({ status: 200, body: { received: true } });

    const paid = await purchaseOf(app, user, purchase.id);
    expect(paid).toMatchObject({ status: 'PAID', method: 'CARD', failureReason: null });
    const paidAt = new Date(paid!.paidAt).getTime();
    expect(Math.abs(paidAt - Date.now())).toBeLessThan(60_000);
    expect(new Date(paid!.tokensExpireAt).getTime()).toBe(paidAt + 60 * DAY_MS);
    const row = await purchaseRow(app, purchase.id);
    expect(row).toMatchObject({
      status: 'paid',
      providerPaymentId: `pi_${sessionId.slice(8)}`,
      method: 'card',
    });

    const after = await wallet(app, user);
    expect(after.me.tokenBalance).toBe(17);
    expect(after.tokenLedger.nodes).toEqual([
      {
        delta: 12,
        reason: 'PURCHASE',
        balanceAfter: 17,
        cause: 'Popular Pack satın alındı',
        expiresAt: new Date(paidAt + 60 * DAY_MS).toISOString(),
      },
      { ...signupEntry, cause: 'Hoş geldin hediyesi', expiresAt: null },
    ]);
    expect(after.tokenPurchases.nodes).toEqual([{ id: purchase.id, status: 'PAID' }]);
    expect(await eventsOf(app, purchase.id)).toEqual([{ eventId: completed.id, outcome: 'paid' }]);

    // The receipt, in the outbox of the embedded mailer.
    const mails = await mailsTo(app, email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Squad makbuzu: Popular Pack (12 token)');
    expect(mails[0].text).toContain('Ödemen alındı, 12 token hesabına eklendi.');
    expect(mails[0].text).toContain('Token: 10 + 2 bonus');
    expect(mails[0].text).toContain(`Makbuz no: ${purchase.id}`);
    expect(mails[0].text).toContain('Token geçmişin: http://squad.test/dashboard/tokens');
    expect(await purchaseNotifications(app, user.id)).toEqual([
      {
        purchaseId: purchase.id,
        packageId: 'popular',
        outcome: 'paid',
        tokens: 12,
        autoRefill: false,
      },
    ]);
  });

  it('credits once whatever Stripe repeats: the same event, another event of the session', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    const { purchase, sessionId } = await checkout(user, 'popular');
    const session = paidSession(purchase.id, sessionId, 1799);
    const completed = event('checkout.session.completed', session);

    expect((await deliver(completed)).status).toBe(200);
    // Stripe retries the same event (a lost 200), then sends a second event about the same payment.
    expect((await deliver(completed)).status).toBe(200);
    const again = event('checkout.session.completed', session);
    expect((await deliver(again)).status).toBe(200);
    const intent = event('payment_intent.succeeded', {
      ...savedCardIntent(purchase.id, session, 'pm_1Visa'),
      setup_future_usage: null,
    });
    expect((await deliver(intent)).status).toBe(200);

    const after = await wallet(app, user);
    expect(after.me.tokenBalance).toBe(17);
    expect(after.tokenLedger.nodes.map((e) => [e.reason, e.delta, e.balanceAfter])).toEqual([
      ['PURCHASE', 12, 17],
      ['SIGNUP_GRANT', 5, 5],
    ]);
    expect((await purchaseOf(app, user, purchase.id))!.status).toBe('PAID');
    // Each distinct event is recorded once; the replay is not.
    expect(await eventsOf(app, purchase.id)).toEqual(
      [
        { eventId: completed.id, outcome: 'paid' },
        { eventId: again.id, outcome: 'paid' },
        { eventId: intent.id, outcome: 'paid' },
      ].sort((a, b) => a.eventId.localeCompare(b.eventId)),
    );
    expect(await mailsTo(app, email)).toHaveLength(1);
    expect(await purchaseNotifications(app, user.id)).toHaveLength(1);
  });

  it('credits once when five deliveries of a pending purchase arrive at the same time', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    const { purchase, sessionId } = await checkout(user, 'popular');
    const session = paidSession(purchase.id, sessionId, 1799);
    const completed = event('checkout.session.completed', session);
    const other = event('checkout.session.async_payment_succeeded', session);
    // Three copies of one event and two of another, all at once.
    const results = await Promise.all([completed, completed, other, completed, other].map((e) => deliver(e)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

    const after = await wallet(app, user);
    expect(after.me.tokenBalance).toBe(17);
    expect(after.tokenLedger.nodes.map((e) => [e.reason, e.delta, e.balanceAfter])).toEqual([
      ['PURCHASE', 12, 17],
      ['SIGNUP_GRANT', 5, 5],
    ]);
    expect((await purchaseRow(app, purchase.id)).status).toBe('paid');
    expect(await eventsOf(app, purchase.id)).toHaveLength(2);
    expect(await mailsTo(app, email)).toHaveLength(1);
  });

  it('answers 400 to a bad signature and 200 to events about nothing it sold, changing nothing', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    const { purchase, sessionId } = await checkout(user, 'popular');
    const completed = event('checkout.session.completed', paidSession(purchase.id, sessionId, 1799));

    // Signed with someone else's secret, a tampered body, no signature at all.
    const forged = await deliver(completed, 'whsec_someone_else');
    expect(forged).toEqual({ status: 400, body: { received: false, error: 'invalid signature' } });
    const { body, signature } = stripeWebhook(completed, WEBHOOK_SECRET);
    const tampered = await post('/webhooks/stripe', body.replace('"amount_total":1799', '"amount_total":1'), {
      'stripe-signature': signature,
    });
    expect(tampered.status).toBe(400);
    expect((await post('/webhooks/stripe', body, {})).status).toBe(400);

    // Event types that do not concern a purchase, an unpaid session, a purchase nobody made.
    expect(await deliver(event('customer.created', { id: 'cus_X1', object: 'customer' }))).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(
      (await deliver(event('charge.refunded', { id: 'ch_X1', object: 'charge', amount: 1799 }))).status,
    ).toBe(200);
    expect(
      (
        await deliver(
          event(
            'checkout.session.completed',
            paidSession(purchase.id, sessionId, 1799, { payment_status: 'unpaid', status: 'complete' }),
          ),
        )
      ).status,
    ).toBe(200);
    const stranger = crypto.randomUUID();
    expect(
      (await deliver(event('checkout.session.completed', paidSession(stranger, 'cs_test_nobody0000', 1799))))
        .status,
    ).toBe(200);
    // Another provider's route is not open on a Stripe app.
    expect((await post('/webhooks/iyzico', '{"token":"abc"}', {})).status).toBe(404);

    const after = await wallet(app, user);
    expect(after.me.tokenBalance).toBe(5);
    expect(after.tokenLedger.nodes).toHaveLength(1);
    expect(await purchaseRow(app, purchase.id)).toMatchObject({
      status: 'pending',
      paidAt: null,
      providerPaymentId: null,
    });
    expect(await eventsOf(app, purchase.id)).toEqual([]);
    expect(await mailsTo(app, email)).toHaveLength(0);

    // The genuine event still works afterwards.
    expect((await deliver(completed)).status).toBe(200);
    expect((await wallet(app, user)).me.tokenBalance).toBe(17);
  });

  it('refuses a session whose amount differs from the package: FAILED, no tokens', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    const { purchase, sessionId } = await checkout(user, 'popular');
    const cheap = event('checkout.session.completed', paidSession(purchase.id, sessionId, 999));
    expect((await deliver(cheap)).status).toBe(200);

    const failed = await purchaseOf(app, user, purchase.id);
    expect(failed).toMatchObject({
      status: 'FAILED',
      paidAt: null,
      tokensExpireAt: null,
      failureReason: 'Ödenen tutar paketle uyuşmadı; tutar iade edilecek.',
    });
    const paymentIntent = 'pi_' + sessionId.slice(8);
    expect(await purchaseRow(app, purchase.id)).toMatchObject({
      status: 'failed',
      failureReason: 'amount_mismatch',
      providerPaymentId: paymentIntent,
    });
    const after = await wallet(app, user);
    expect(after.me.tokenBalance).toBe(5);
    expect(after.tokenLedger.nodes.map((e) => e.reason)).toEqual(['SIGNUP_GRANT']);
    expect(await mailsTo(app, email)).toHaveLength(0);
    // What was paid goes back whole, through Stripe, after the commit.
    await expect
      .poll(() => stripe.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.params))
      .toEqual([expect.objectContaining({ payment_intent: paymentIntent, amount: '999' })]);
    await expect.poll(async () => (await purchaseRow(app, purchase.id)).refundedCents).toBe(999);
  });

  it('refuses a payment in another currency, even of the same number', async () => {
    const user = await app.newUser();
    const { purchase, sessionId } = await checkout(user, 'popular');
    const lira = event(
      'checkout.session.completed',
      paidSession(purchase.id, sessionId, 1799, { currency: 'try' }),
    );
    expect((await deliver(lira)).status).toBe(200);
    expect(await purchaseRow(app, purchase.id)).toMatchObject({
      status: 'failed',
      failureReason: 'amount_mismatch',
    });
    expect((await wallet(app, user)).me.tokenBalance).toBe(5);
  });
});

describe('purchases are private and packages are checked', () => {
  it('hides a purchase from another user', async () => {
    const owner = await app.newUser();
    const other = await app.newUser();
    const { purchase } = await checkout(owner, 'popular');
    expect((await purchaseOf(app, owner, purchase.id))!.id).toBe(purchase.id);

    // The API answers "none" to the other user; underneath it is the not-found error.
    expect(await purchaseOf(app, other, purchase.id)).toBeNull();
    await expect(
      app.services.payments.purchase(
        { id: other.id, sub: other.sub, role: 'user', locale: 'tr' },
        purchase.id,
      ),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      key: 'payment.notFound',
      message: 'Satın alma bulunamadı.',
    });
    expect((await wallet(app, other)).tokenPurchases.nodes).toEqual([]);
  });

  it('refuses an unknown package with BAD_USER_INPUT in Turkish, without calling Stripe', async () => {
    const user = await app.newUser();
    const res = await app.gql(START_PURCHASE, { input: { packageId: 'mega' } }, { token: user.token });
    const err = expectOneError(res, 'BAD_USER_INPUT');
    expect(err.message).toBe('Böyle bir paket yok.');
    expect(err.extensions?.field).toBe('input.packageId');
    expect(stripe.requests).toHaveLength(0);
    expect((await wallet(app, user)).tokenPurchases.nodes).toEqual([]);
  });
});
