import {
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  DeleteUserCommand,
  ForgotPasswordCommand,
  GlobalSignOutCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { eq } from 'drizzle-orm';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { users } from '#db/schema/index.ts';
import { inTransaction } from '#server/lib/unit-of-work.ts';
import { channels } from '#server/pubsub/channels.ts';
import { CLIENT_ID, resetCode, signIn, signedUpUser } from '#tests/helpers/identity.ts';
import { startTestApp, subscribe, type TestApp } from '#tests/helpers/test-app.ts';
import { DOCS, moderator } from '../trust/trust.fixtures.ts';

// Issue 26.3, ADR 067: a graphql-ws connection open on instance A while the user's sessions end on
// instance B (Redis between them; on the embedded database one instance and its in-memory pub/sub)
// is closed with the expiry's code, and hears nothing more.
const twoInstances = Boolean(inject('redisUrl'));
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await startTestApp();
  b = twoInstances ? await startTestApp() : a;
});
afterAll(async () => {
  if (b && b !== a) await b.close();
  await a?.close();
});

const NOTE = 'subscription { notificationAdded { id type } }';
const EXPIRED = 4401;
const SUSPENDED = 4423;
// graphql-ws's answer to a connection_init the server refuses.
const REFUSED = 4403;

// Until A has exactly `count` live subscriptions on the user's notifications.
async function subscriptionsOnA(userId: string, count: number) {
  const channel = channels.notifications(userId);
  const deadline = Date.now() + 20_000;
  while (a.pubsub.localSubscriberCount(channel) !== count) {
    const now = a.pubsub.localSubscriberCount(channel);
    if (Date.now() > deadline) throw new Error(`${now} subscriptions on A, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// A notification written and published by instance B.
async function notifyFromB(userId: string): Promise<string> {
  const [row] = await inTransaction(b.database.db, b.logger, (tx, afterCommit) =>
    b.services.notifications.notify(tx, afterCommit, [
      { userId, type: 'badge_earned', data: { badgeId: 'welcome' } },
    ]),
  );
  return row.id;
}

function closedCode(client: Client): Promise<number> {
  return new Promise((resolve) => client.on('closed', (event) => resolve((event as { code: number }).code)));
}

// A user signed in through the provider on B, twice (two devices), with a socket per sign-in on A
// that has just heard a notification from B.
async function userWithTwoLiveSockets() {
  const user = await signedUpUser(b);
  const second = (await signIn(user.sdk, user.email, user.password)).AuthenticationResult!;
  const me = await a.gql('{ me { id } }', undefined, { token: user.tokens.AccessToken });
  expect(me.errors).toBeUndefined();
  const userId = me.data.me.id as string;
  const sockets = [];
  for (const tokens of [user.tokens, second]) {
    const client = a.ws(tokens.AccessToken);
    const closed = closedCode(client);
    const feed = subscribe(client, NOTE);
    sockets.push({ tokens, client, closed, feed });
    await subscriptionsOnA(userId, sockets.length);
  }
  const first = await notifyFromB(userId);
  for (const s of sockets) expect((await s.feed.waitFor(1))[0].data.notificationAdded.id).toBe(first);
  return { ...user, userId, sockets };
}

type Live = Awaited<ReturnType<typeof userWithTwoLiveSockets>>;

// The sockets closed with `code` hear nothing after the end, and a new connection with their token
// is refused; the others go on hearing.
async function expectEnded(user: Live, ended: number[], code: number, refusal = REFUSED) {
  const open = user.sockets.filter((_, i) => !ended.includes(i));
  for (const i of ended) expect(await user.sockets[i].closed).toBe(code);
  // A closed socket's subscriptions let go of the channel at once, not at its next message.
  await subscriptionsOnA(user.userId, open.length);
  // (DeleteUser takes the user's row with the provider account: nobody left to notify.)
  const [row] = await b.database.db.select().from(users).where(eq(users.id, user.userId));
  if (row) {
    const later = await notifyFromB(user.userId);
    for (const s of open) expect((await s.feed.waitFor(2))[1].data.notificationAdded.id).toBe(later);
  }
  for (const i of ended) {
    const s = user.sockets[i];
    expect(s.feed.received).toHaveLength(1);
    const again = a.ws(s.tokens.AccessToken);
    const refused = closedCode(again);
    subscribe(again, NOTE);
    expect(await refused).toBe(refusal);
    await again.dispose();
  }
  for (const s of open) {
    s.feed.dispose();
    await s.client.dispose();
  }
}

const NEW_PASSWORD = 'Yeni-Sifre-2026!';

describe(`sign-out reaches open sockets${twoInstances ? ' on another replica' : ''}`, () => {
  const everySession: {
    path: string;
    end: (user: Live) => Promise<unknown>;
    code?: number;
  }[] = [
    {
      path: 'GlobalSignOut (and the SPA sign-out)',
      end: (u) => u.sdk.send(new GlobalSignOutCommand({ AccessToken: u.tokens.AccessToken })),
    },
    {
      path: 'ConfirmForgotPassword (a reset by e-mailed code)',
      end: async (u) => {
        await u.sdk.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: u.email }));
        const code = await resetCode(b, u.email);
        await u.sdk.send(
          new ConfirmForgotPasswordCommand({
            ClientId: CLIENT_ID,
            Username: u.email,
            ConfirmationCode: code,
            Password: NEW_PASSWORD,
          }),
        );
      },
    },
    {
      path: 'DeleteUser (the provider account)',
      end: (u) => u.sdk.send(new DeleteUserCommand({ AccessToken: u.tokens.AccessToken })),
    },
    {
      path: 'deleteAccount (the Squad account)',
      end: async (u) => {
        const res = await b.gql(
          'mutation($input: DeleteAccountInput!) { deleteAccount(input: $input) { cancelledEvents } }',
          { input: { confirmation: u.email, password: u.password } },
          { token: u.tokens.AccessToken },
        );
        expect(res.errors).toBeUndefined();
      },
    },
    {
      path: "a moderator's suspension",
      end: async (u) => {
        const mod = await moderator(b);
        const input = { userId: u.userId, reason: 'Tekrarlanan taciz', days: 7 };
        const res = await b.gql(DOCS.suspend, { input }, { token: mod.token });
        expect(res.errors).toBeUndefined();
      },
      code: SUSPENDED,
    },
  ];

  it.each(everySession)('$path closes every socket of the user', async ({ end, code }) => {
    const user = await userWithTwoLiveSockets();
    await end(user);
    await expectEnded(user, [0, 1], code ?? EXPIRED, code ?? REFUSED);
  });

  it('RevokeToken closes only the sockets of that sign-in', async () => {
    const user = await userWithTwoLiveSockets();
    const [, other] = user.sockets;
    await user.sdk.send(new RevokeTokenCommand({ ClientId: CLIENT_ID, Token: other.tokens.RefreshToken }));
    await expectEnded(user, [1], EXPIRED);
  });

  it("ChangePassword closes the other sign-ins' sockets and keeps the changer's", async () => {
    const user = await userWithTwoLiveSockets();
    await user.sdk.send(
      new ChangePasswordCommand({
        AccessToken: user.tokens.AccessToken,
        PreviousPassword: user.password,
        ProposedPassword: NEW_PASSWORD,
      }),
    );
    await expectEnded(user, [1], EXPIRED);
  });
});
