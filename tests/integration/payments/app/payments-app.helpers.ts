import { and, asc, eq } from 'drizzle-orm';
import {
  mailOutbox,
  notifications,
  paymentEvents,
  tokenPurchases,
  users,
  type SavedPaymentMethod,
} from '#db/schema/index.ts';
import type { TestApp, TestUser } from '#tests/helpers/test-app.ts';

// Shared by the app-level purchase tests of each provider: the GraphQL documents and direct reads of
// what the app stored (purchases, mails, notifications) that the API does not show.

export const DAY_MS = 86_400_000;

export const PURCHASE_FIELDS = `id package { id } tokens bonusTokens amount currency status method provider
  autoRefill failureReason createdAt paidAt tokensExpireAt`;

export const START_PURCHASE = `mutation Start($input: StartTokenPurchaseInput!) {
  startTokenPurchase(input: $input) { checkoutUrl purchase { ${PURCHASE_FIELDS} } }
}`;

export const PURCHASE = `query Purchase($id: ID!) { tokenPurchase(id: $id) { ${PURCHASE_FIELDS} } }`;

export const SET_AUTO_REFILL = `mutation AutoRefill($input: SetAutoRefillInput!) {
  setAutoRefill(input: $input) {
    viewer { id tokenBalance autoRefill { enabled threshold package { id } paymentMethod { provider brand last4 } } }
  }
}`;

export const WALLET = `{
  me { tokenBalance autoRefill { enabled threshold package { id } paymentMethod { provider brand last4 } } }
  tokenLedger(first: 50) { nodes { delta reason balanceAfter cause expiresAt } }
  tokenPurchases(first: 50) { nodes { id status } }
}`;

export type Ledger = {
  delta: number;
  reason: string;
  balanceAfter: number;
  cause: string;
  expiresAt: string | null;
}[];

export type Wallet = {
  me: {
    tokenBalance: number;
    autoRefill: {
      enabled: boolean;
      threshold: number;
      package: { id: string };
      paymentMethod: { provider: string; brand: string | null; last4: string | null } | null;
    };
  };
  tokenLedger: { nodes: Ledger };
  tokenPurchases: { nodes: { id: string; status: string }[] };
};

export async function wallet(app: TestApp, user: TestUser): Promise<Wallet> {
  const res = await app.gql<Wallet>(WALLET, undefined, { token: user.token });
  if (res.errors) throw new Error(`wallet failed: ${JSON.stringify(res.errors)}`);
  return res.data;
}

export async function startPurchase(
  app: TestApp,
  user: TestUser,
  input: { packageId: string; saveMethod?: boolean },
) {
  const res = await app.gql(START_PURCHASE, { input }, { token: user.token });
  if (res.errors) throw new Error(`startTokenPurchase failed: ${JSON.stringify(res.errors)}`);
  return res.data.startTokenPurchase as { checkoutUrl: string; purchase: Record<string, any> };
}

export async function purchaseOf(app: TestApp, user: TestUser, id: string) {
  const res = await app.gql(PURCHASE, { id }, { token: user.token });
  if (res.errors) throw new Error(`tokenPurchase failed: ${JSON.stringify(res.errors)}`);
  return res.data.tokenPurchase as Record<string, any> | null;
}

export async function purchaseRow(app: TestApp, id: string) {
  const [row] = await app.deps.db.select().from(tokenPurchases).where(eq(tokenPurchases.id, id));
  return row;
}

export async function userRow(app: TestApp, id: string) {
  const [row] = await app.deps.db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function setPaymentMethod(app: TestApp, userId: string, method: SavedPaymentMethod) {
  await app.deps.db.update(users).set({ paymentMethod: method }).where(eq(users.id, userId));
}

export async function mailsTo(app: TestApp, to: string) {
  return app.deps.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(asc(mailOutbox.createdAt));
}

export async function purchaseNotifications(app: TestApp, userId: string) {
  const rows = await app.deps.db
    .select({ data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'purchase_completed')));
  return rows.map((r) => r.data);
}

export async function eventsOf(app: TestApp, purchaseId: string) {
  const rows = await app.deps.db
    .select({ eventId: paymentEvents.eventId, outcome: paymentEvents.outcome })
    .from(paymentEvents)
    .where(eq(paymentEvents.purchaseId, purchaseId));
  return rows.sort((a, b) => a.eventId.localeCompare(b.eventId));
}
