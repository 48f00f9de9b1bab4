import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, moderationActions, pushSubscriptions, users } from '#db/schema/index.ts';
import { hashPassword } from '#server/identity/passwords.ts';
import type { SandboxProvider } from '#server/modules/payments/providers/provider.sandbox.ts';
import { pngOf } from '#tests/factories/images.ts';
import { befriend, chat, DOCS, groupOf, ok } from '#tests/integration/social/social.fixtures.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// Deletion deletes (issue 24 point 4, ADR 054): after deleting a user who has everything, no text or
// json column of any table names them; files are gone, the card is detached at the provider.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const DELETE = `mutation($input: DeleteAccountInput!) { deleteAccount(input: $input) { cancelledEvents } }`;
const EXPORT = `mutation { exportMyData(input: {format: JSON}) { archive fileName generatedAt } }`;
const PASSWORD = 'Gizli-Sifre-123';
const rand = () => crypto.randomBytes(4).toString('hex');

// A user of the built-in provider with a password, names of their own and a profile.
async function person(label: string): Promise<TestUser & { email: string; names: string[] }> {
  const r = rand();
  const { sub } = await app.newIdentity();
  const email = `${sub}@squad.test`;
  const fullName = `Zehra${r} Gizliad${r}`;
  await app.identity!.repo.updateAccount(sub, { passwordHash: await hashPassword(PASSWORD), name: fullName });
  const token = app.tokenFor({ sub, username: sub, email, name: fullName });
  const me = ok(await app.gql('{ me { id } }', undefined, { token }));
  const username = `${label}${r}`;
  const displayName = `Silinecek ${label} ${r}`;
  ok(
    await app.gql(
      `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { viewer { id } } }`,
      { input: { username, displayName, bio: `Biyografi ${r}`, city: 'İzmir' } },
      { token },
    ),
  );
  return { sub, username, token, id: me.me.id, email, names: [fullName, displayName, username] };
}

async function saveCard(user: TestUser) {
  const started = ok(
    await app.gql(
      `mutation { startTokenPurchase(input: {packageId: "popular", saveMethod: true}) { checkoutUrl } }`,
      undefined,
      { token: user.token },
    ),
  );
  const url = (started.startTokenPurchase.checkoutUrl as string).replace('http://squad.test', app.baseUrl);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'result=paid&saveMethod=on',
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
}

async function uploadPicture(user: TestUser, fileName: string) {
  const created = ok(
    await app.gql(
      `mutation($input: CreateAvatarUploadInput!) { createAvatarUpload(input: $input) { upload { id url headers { name value } } } }`,
      { input: { contentType: 'image/png', fileName } },
      { token: user.token },
    ),
  ).createAvatarUpload.upload;
  const target = `${app.baseUrl}${new URL(created.url).pathname}${new URL(created.url).search}`;
  const put = await fetch(target, {
    method: 'PUT',
    headers: Object.fromEntries(
      (created.headers as { name: string; value: string }[]).map((h) => [h.name, h.value]),
    ),
    body: new Uint8Array(await pngOf(300, 300)),
  });
  expect(put.status).toBe(200);
  ok(
    await app.gql(
      `mutation($id: ID!) { completeAvatarUpload(input: {uploadId: $id}) { viewer { id } } }`,
      {
        id: created.id,
      },
      { token: user.token },
    ),
  );
}

// Every text, character, citext, array and json column of every table, each row that contains one
// of the needles (case-insensitive).
async function findEverywhere(needles: string[]) {
  const { rows: columns } = await app.database.db.execute<{ s: string; t: string; c: string }>(sql`
    select c.table_schema as s, c.table_name as t, c.column_name as c
      from information_schema.columns c
      join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
     where c.table_schema not in ('pg_catalog', 'information_schema')
       and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
            or c.udt_name = 'citext')`);
  expect(columns.length).toBeGreaterThan(50);
  const patterns = needles.map((n) => `%${n}%`);
  const found: string[] = [];
  for (const { s, t, c } of columns) {
    const { rows } = await app.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(s)}.${sql.identifier(t)}
           where ${sql.join(
             patterns.map((p) => sql`${sql.identifier(c)}::text ilike ${p}`),
             sql` or `,
           )}`,
    );
    if (rows[0].n > 0) found.push(`${s}.${t}.${c}`);
  }
  return found;
}

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => d.name)
    : [];

describe('deleteAccount erases', () => {
  it('every personal trace: no table names the user, files are gone, the card is detached', async () => {
    const leaving = await person('gidiyor');
    const friend = await person('arkadas');
    const host = await person('host');
    const r = rand();

    // A saved card (sandbox), a push device, a friend, a direct chat, a group chat with others, a
    // picture, someone who signed up with the referral code, and the calendar feed's secret.
    await saveCard(leaving);
    const [saved] = await app.database.db.select().from(users).where(eq(users.id, leaving.id));
    expect(saved.paymentMethod?.methodId).toBeTruthy();
    const methodId = saved.paymentMethod!.methodId;
    const endpoint = `https://fcm.googleapis.com/fcm/send/${r}-endpoint`;
    await app.database.db.insert(pushSubscriptions).values({
      userId: leaving.id,
      endpoint,
      p256dh: `p256dh-${r}`,
      auth: `auth-${r}`,
      userAgent: 'Test Browser',
    });
    await befriend(app, leaving, friend);
    const direct = ok(await app.gql(DOCS.start, { input: { userId: friend.id } }, { token: leaving.token }))
      .startDirectConversation.conversation.id;
    ok(await chat(app, leaving, direct, `Özel mesajım ${r}`));
    ok(await chat(app, friend, direct, `Cevabım ${r}`));
    const { groupId } = await groupOf(app, host, [leaving, friend]);
    ok(await chat(app, leaving, groupId, `Grup mesajım ${r}`));
    ok(await chat(app, host, groupId, `Host yazdı ${r}`));
    const fileName = `gizli-${r}.png`;
    await uploadPicture(leaving, fileName);
    ok(
      await app.gql(
        `mutation($input: ApplyReferralCodeInput!) { applyReferralCode(input: $input) { referrer { id } } }`,
        { input: { code: saved.referralCode } },
        { token: friend.token },
      ),
    );
    // A moderator once removed words of theirs: the audit log kept them.
    await app.database.db.insert(moderationActions).values({
      action: 'remove_content',
      targetUserId: leaving.id,
      reason: 'Uygunsuz içerik',
      details: { kind: 'bio', text: `Kaldırılan sözlerim ${r}` },
    });
    const avatars = path.join(app.config.dataDir, 'uploads', 'avatars', leaving.id);
    expect(filesUnder(avatars).length).toBeGreaterThan(0);

    const secrets = [saved.referralCode, saved.calendarToken, methodId, endpoint, `p256dh-${r}`, fileName];
    const words = [`Özel mesajım ${r}`, `Grup mesajım ${r}`, `Kaldırılan sözlerim ${r}`];
    const needles = [leaving.id, leaving.sub, leaving.email, ...leaving.names, ...secrets, ...words];
    expect((await findEverywhere(needles)).length).toBeGreaterThan(5);

    const res = await app.gql(
      DELETE,
      { input: { confirmation: leaving.email, password: PASSWORD } },
      { token: leaving.token },
    );
    expect(res.errors).toBeUndefined();

    // One e-mail goes to the address after the erasure: the goodbye (ADR 057), sent once it committed
    // to the address captured before. The embedded outbox stands in for SMTP here, where it would
    // have left the server; it is taken out of the scan below.
    const farewell = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, leaving.email));
    expect(farewell.map((m) => m.subject)).toEqual(['Squad hesabın silindi']);
    await app.database.db.delete(mailOutbox).where(eq(mailOutbox.to, leaving.email));

    // Nothing left: no column of any table (those kept anonymised hold the id in uuid columns only).
    const left = await findEverywhere(needles);
    expect(left).toEqual([]);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, leaving.id));
    expect(row).toMatchObject({ lastSeenAt: null, paymentMethod: null, email: null, fullName: null });
    expect(filesUnder(avatars)).toEqual([]);
    const provider = (await app.services.payments.provider()) as SandboxProvider;
    expect(provider.isDetached(methodId)).toBe(true);

    // The others keep their conversations: the row stays, shown as removed.
    const seen = ok(await app.gql(DOCS.conversation, { id: groupId }, { token: host.token }));
    const bodies = seen.conversationById.messagePage.nodes.map((m: { body: string; removed: boolean }) => [
      m.body,
      m.removed,
    ]);
    expect(bodies).toContainEqual(['Bu mesaj kaldırıldı.', true]);
    expect(bodies).toContainEqual([`Host yazdı ${r}`, false]);
    const friends = ok(await app.gql(DOCS.friends, undefined, { token: friend.token }));
    expect(friends.friends.nodes).toEqual([]);
  });

  it('asks for the password: none or a wrong one is refused, and wrong ones count toward the sign-in limit', async () => {
    const user = await person('sifreli');
    const none = expectOneError(
      await app.gql(DELETE, { input: { confirmation: user.email } }, { token: user.token }),
      'BAD_USER_INPUT',
    );
    expect(none.extensions?.field).toBe('input.password');
    expect(none.message).toBe('Hesabını silmek için şifreni gir.');
    const wrong = expectOneError(
      await app.gql(
        DELETE,
        { input: { confirmation: user.email, password: 'yanlis' } },
        { token: user.token },
      ),
      'BAD_USER_INPUT',
    );
    expect(wrong.message).toBe('Şifre yanlış.');
    // The sign-in limit per account and address is 5 wrong passwords in 15 minutes.
    for (let i = 0; i < 4; i++)
      await app.gql(
        DELETE,
        { input: { confirmation: user.email, password: `yanlis${i}` } },
        { token: user.token },
      );
    const held = expectOneError(
      await app.gql(
        DELETE,
        { input: { confirmation: user.email, password: PASSWORD } },
        { token: user.token },
      ),
      'RATE_LIMITED',
    );
    expect(held.message).toMatch(/^Çok fazla yanlış şifre denendi\. \d+ dakika sonra tekrar dene\.$/);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.deletedAt).toBeNull();
  });

  it('without a password (Google sign-in) asks for a sign-in within the last five minutes', async () => {
    const user = await app.newUser();
    const [row] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    const stale = app.tokenFor({ sub: user.sub, username: user.username });
    // A token issued now for a sign-in made ten minutes ago (a refreshed session).
    const payload = JSON.parse(Buffer.from(stale.split('.')[1], 'base64url').toString());
    expect(payload.auth_time).toBeTypeOf('number');
    const { mintAccessToken } = await import('#server/identity/tokens.ts');
    const old = mintAccessToken(
      app.keys!,
      { issuer: app.config.cognito.issuer, clientId: app.config.cognito.clientId },
      { sub: user.sub, username: user.username },
      { authTime: new Date(Date.now() - 10 * 60_000) },
    );
    const refused = expectOneError(
      await app.gql(DELETE, { input: { confirmation: row.email } }, { token: old }),
      'FORBIDDEN',
    );
    expect(refused.extensions?.reason).toBe('ACCOUNT_RECENT_SIGN_IN_REQUIRED');
    const res = await app.gql(DELETE, { input: { confirmation: row.email } }, { token: stale });
    expect(res.errors).toBeUndefined();
  });
});

describe('exportMyData', () => {
  it("gives the user's own data and no one else's, once an hour", async () => {
    const user = await person('indiren');
    const other = await person('baskasi');
    const r = rand();
    await befriend(app, user, other);
    const { groupId } = await groupOf(app, other, [user]);
    ok(await chat(app, user, groupId, `Benim yazdığım ${r}`));
    ok(await chat(app, other, groupId, `Onun yazdığı ${r}`));
    await saveCard(user);

    const res = ok(await app.gql(EXPORT, undefined, { token: user.token }));
    const { archive, fileName } = res.exportMyData;
    expect(fileName).toMatch(/^squad-verilerim-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(archive);
    expect(data.profile).toMatchObject({ id: user.id, email: user.email, username: user.username });
    expect(data.profile.payment_method).toMatchObject({ provider: 'sandbox', last4: expect.any(String) });
    expect(data.messagesWritten.map((m: { body: string }) => m.body)).toEqual([`Benim yazdığım ${r}`]);
    expect(data.friends).toEqual([expect.objectContaining({ user_id: other.id, status: 'accepted' })]);
    expect(data.payments.length).toBe(1);
    expect(data.tokenLedger.length).toBeGreaterThan(0);
    expect(data.notificationSettings).toMatchObject({ locale: 'tr' });
    // Nothing of the other person but their id; no secrets.
    for (const text of [`Onun yazdığı ${r}`, other.email, ...other.names])
      expect(archive).not.toContain(text);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    // (The test e-mail addresses carry the subject, so the sub is not checked here.)
    for (const secret of [row.calendarToken, row.paymentMethod!.methodId])
      expect(archive).not.toContain(secret);

    const again = expectOneError(await app.gql(EXPORT, undefined, { token: user.token }), 'RATE_LIMITED');
    expect(again.message).toMatch(
      /^Verilerini saatte bir kez indirebilirsin\. \d+ dakika sonra tekrar dene\.$/,
    );
    // Another user's limit is their own.
    expect((await app.gql(EXPORT, undefined, { token: other.token })).errors).toBeUndefined();
  });
});
