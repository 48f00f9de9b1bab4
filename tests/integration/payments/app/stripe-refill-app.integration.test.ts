import { describe, expect, it } from 'vitest';
import {
  mailsTo,
  purchaseNotifications,
  purchaseOf,
  SET_AUTO_REFILL,
  setPaymentMethod,
  userRow,
  wallet,
} from './payments-app.helpers.ts';
import {
  app,
  checkout,
  deliver,
  emailOf,
  event,
  paidSession,
  savedCardIntent,
  spend,
  stripe,
  useStripeApp,
} from './stripe-app.fixture.ts';

// Auto-refill on Stripe: the saved card charged off-session through the fake (stripe-app.fixture.ts).
useStripeApp();

describe('saved card and auto-refill through Stripe', () => {
  // Stripe sends checkout.session.completed and payment_intent.succeeded in no set order; the card
  // must be kept either way.
  for (const order of ['session first', 'payment intent first'] as const) {
    it(`keeps the card a buyer chose to save (${order})`, async () => {
      const user = await app.newUser();
      const { purchase, params, sessionId } = await checkout(user, 'starter', true);
      expect(params['payment_intent_data[setup_future_usage]']).toBe('off_session');
      const session = paidSession(purchase.id, sessionId, 999);
      const completed = event('checkout.session.completed', session);
      const intent = event('payment_intent.succeeded', savedCardIntent(purchase.id, session, 'pm_1Kept'));
      for (const e of order === 'session first' ? [completed, intent] : [intent, completed])
        expect((await deliver(e)).status).toBe(200);

      const after = await wallet(app, user);
      expect(after.me.tokenBalance).toBe(10);
      expect(after.tokenLedger.nodes.filter((e) => e.reason === 'PURCHASE')).toHaveLength(1);
      expect(after.me.autoRefill).toEqual({
        enabled: false,
        threshold: 5,
        package: { id: 'starter' },
        paymentMethod: { provider: 'stripe', brand: null, last4: null },
      });
      expect((await userRow(app, user.id)).paymentMethod).toEqual({
        provider: 'stripe',
        customerId: session.customer,
        methodId: 'pm_1Kept',
        brand: null,
        last4: null,
      });
    });
  }

  it('charges the saved card off-session under the threshold, once a day', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    const { purchase, sessionId } = await checkout(user, 'starter', true);
    const session = paidSession(purchase.id, sessionId, 999);
    expect((await deliver(event('checkout.session.completed', session))).status).toBe(200);
    expect(
      (await deliver(event('payment_intent.succeeded', savedCardIntent(purchase.id, session, 'pm_1Refill'))))
        .status,
    ).toBe(200);

    // A later checkout reuses the Stripe customer.
    stripe.requests.length = 0;
    const { params: nextParams } = await checkout(user, 'popular');
    expect(nextParams.customer).toBe(session.customer);
    expect(nextParams.customer_creation).toBeUndefined();
    expect(nextParams.customer_email).toBeUndefined();

    const set = await app.gql(
      SET_AUTO_REFILL,
      { input: { enabled: true, threshold: 5, packageId: 'starter' } },
      { token: user.token },
    );
    expect(set.errors).toBeUndefined();
    expect(set.data.setAutoRefill.viewer).toEqual({
      id: user.id,
      tokenBalance: 10,
      autoRefill: {
        enabled: true,
        threshold: 5,
        package: { id: 'starter' },
        paymentMethod: { provider: 'stripe', brand: null, last4: null },
      },
    });

    // At or above the threshold nothing is bought.
    stripe.requests.length = 0;
    expect(await app.services.payments.runAutoRefill(user.id)).toBeNull();
    await spend(user, 5);
    expect((await wallet(app, user)).me.tokenBalance).toBe(5);
    expect(await app.services.payments.runAutoRefill(user.id)).toBeNull();
    expect(stripe.requests).toHaveLength(0);

    // Under it, the package is charged off-session and credited.
    await spend(user, 1);
    const refill = await app.services.payments.runAutoRefill(user.id);
    expect(refill).toMatchObject({
      userId: user.id,
      packageId: 'starter',
      status: 'paid',
      autoRefill: true,
      provider: 'stripe',
      amountCents: 999,
      tokens: 5,
      bonusTokens: 0,
      method: 'card',
    });
    expect(stripe.requests).toHaveLength(1);
    expect(stripe.requests[0].path).toBe('/v1/payment_intents');
    expect(stripe.requests[0].headers['idempotency-key']).toBe(`autorefill:${refill!.id}`);
    expect(stripe.requests[0].params).toMatchObject({
      amount: '999',
      currency: 'usd',
      customer: session.customer,
      payment_method: 'pm_1Refill',
      off_session: 'true',
      confirm: 'true',
      description: 'Starter Pack (auto-refill)',
      'metadata[purchaseId]': refill!.id,
    });
    expect(refill!.providerPaymentId).toMatch(/^pi_[0-9a-f]{24}$/);

    const after = await wallet(app, user);
    expect(after.me.tokenBalance).toBe(9);
    expect(after.tokenLedger.nodes[0]).toMatchObject({ delta: 5, reason: 'PURCHASE', balanceAfter: 9 });
    expect(after.tokenLedger.nodes.filter((e) => e.reason === 'PURCHASE')).toHaveLength(2);
    expect(await purchaseOf(app, user, refill!.id)).toMatchObject({
      status: 'PAID',
      autoRefill: true,
      package: { id: 'starter' },
    });
    const receipts = (await mailsTo(app, email)).filter((m) => m.subject.startsWith('Squad makbuzu'));
    expect(receipts.map((m) => m.subject)).toEqual([
      'Squad makbuzu: Starter Pack (5 token)',
      'Squad makbuzu: Starter Pack (5 token)',
    ]);
    expect(receipts[1].text).toContain('Bu satın alma otomatik yükleme ayarın sayesinde yapıldı.');
    expect(receipts[1].text).toContain(`Makbuz no: ${refill!.id}`);

    // A second try the same (Turkish) day does nothing, even under a raised threshold.
    const raised = await app.gql(
      SET_AUTO_REFILL,
      { input: { enabled: true, threshold: 100 } },
      { token: user.token },
    );
    expect(raised.data.setAutoRefill.viewer.autoRefill).toMatchObject({
      enabled: true,
      threshold: 100,
      package: { id: 'starter' },
    });
    expect(await app.services.payments.runAutoRefill(user.id)).toBeNull();
    expect(stripe.requests).toHaveLength(1);
    expect((await wallet(app, user)).me.tokenBalance).toBe(9);
  });

  it('a declined saved card fails the refill, turns auto-refill off and says so by mail', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    await setPaymentMethod(app, user.id, {
      provider: 'stripe',
      customerId: 'cus_Declines1',
      methodId: 'pm_card_chargeDeclined',
      brand: 'visa',
      last4: '0341',
    });
    const set = await app.gql(
      SET_AUTO_REFILL,
      { input: { enabled: true, threshold: 5, packageId: 'starter' } },
      { token: user.token },
    );
    expect(set.data.setAutoRefill.viewer.autoRefill).toEqual({
      enabled: true,
      threshold: 5,
      package: { id: 'starter' },
      paymentMethod: { provider: 'stripe', brand: 'visa', last4: '0341' },
    });
    await spend(user, 1);

    const refill = await app.services.payments.runAutoRefill(user.id);
    expect(refill).toMatchObject({
      userId: user.id,
      status: 'failed',
      autoRefill: true,
      failureReason: 'generic_decline',
      providerPaymentId: null,
      paidAt: null,
    });
    expect(stripe.requests.map((r) => [r.path, r.params.payment_method, r.params.customer])).toEqual([
      ['/v1/payment_intents', 'pm_card_chargeDeclined', 'cus_Declines1'],
    ]);
    expect(await purchaseOf(app, user, refill!.id)).toMatchObject({
      status: 'FAILED',
      autoRefill: true,
      failureReason: 'Ödeme alınamadı.',
    });

    const after = await wallet(app, user);
    expect(after.me.tokenBalance).toBe(4);
    expect(after.tokenLedger.nodes.map((e) => e.reason)).toEqual(['EVENT_CREATED', 'SIGNUP_GRANT']);
    // Off now; the card is kept (the user may fix it and turn it back on).
    expect(after.me.autoRefill).toEqual({
      enabled: false,
      threshold: 5,
      package: { id: 'starter' },
      paymentMethod: { provider: 'stripe', brand: 'visa', last4: '0341' },
    });
    const mails = await mailsTo(app, email);
    expect(mails.map((m) => m.subject)).toEqual(['Otomatik token yükleme durduruldu']);
    expect(mails[0].text).toContain(
      'Kayıtlı kartından Starter Pack için ödeme alınamadı, bu yüzden otomatik yüklemeyi kapattık.',
    );
    expect(await purchaseNotifications(app, user.id)).toEqual([
      { purchaseId: refill!.id, packageId: 'starter', outcome: 'failed', autoRefill: true },
    ]);

    // Off means off: no second charge.
    expect(await app.services.payments.runAutoRefill(user.id)).toBeNull();
    expect(stripe.requests).toHaveLength(1);
  });
});
