import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contentFlags, conversationMembers, mailOutbox, users } from '#db/schema/index.ts';
import { channels } from '#server/pubsub/channels.ts';
import { createEventAs, joinEvent, requestToJoin } from '#tests/helpers/flows.ts';
import { expectOneError, startTestApp, subscribe, type TestApp } from '#tests/helpers/test-app.ts';
import { befriend, chat, DOCS, groupOf, ok } from './social.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const conversation = async (who: { token: string }, id: string) =>
  (await app.gql(DOCS.conversation, { id }, { token: who.token })).data?.conversationById;

describe('event group chat', () => {
  it('is made with the first acceptance for the host and accepted participants only', async () => {
    const [host, a, b, stranger, pending] = await Promise.all([
      app.newUser(),
      app.newUser(),
      app.newUser(),
      app.newUser(),
      app.newUser(),
    ]);
    const { eventId, groupId } = await groupOf(app, host, [a, b]);
    await requestToJoin(app, eventId, pending);
    const seen = await conversation(a, groupId);
    expect(seen).toMatchObject({
      kind: 'EVENT_GROUP',
      viewerIsMember: true,
      viewerCanPost: true,
      viewerIsHost: false,
    });
    expect(seen.members.map((m: { user: { id: string } }) => m.user.id).sort()).toEqual(
      [host.id, a.id, b.id].sort(),
    );
    expect(seen.members.find((m: { user: { id: string } }) => m.user.id === host.id).isHost).toBe(true);

    const groupOfEvent = async (who: { token: string }) =>
      ok(
        await app.gql(
          'query($id: ID!) { event(id: $id) { groupConversation { id } } }',
          { id: eventId },
          { token: who.token },
        ),
      ).event.groupConversation;
    expect(await groupOfEvent(a)).toEqual({ id: groupId });
    expect(await groupOfEvent(pending)).toBeNull();
    ok(await chat(app, a, groupId, 'Selam! Ben 19:15 gibi oradayım.'));
    ok(await chat(app, host, groupId, 'Buluşma noktası: Moda İskelesi önü'));
    // Not a member (a stranger, a pending requester): nothing to read, nothing to post.
    for (const outsider of [stranger, pending]) {
      expect(await conversation(outsider, groupId)).toBeNull();
      expectOneError(await chat(app, outsider, groupId, 'Ben de yazayım'), 'NOT_FOUND');
    }
  });

  it('keeps history for a member who leaves, but nothing newer; the host removes members, messages and pins', async () => {
    const [host, a, b] = await Promise.all([app.newUser(), app.newUser(), app.newUser()]);
    const { eventId, groupId } = await groupOf(app, host, [a, b]);
    const early = ok(await chat(app, a, groupId, 'Ben de geliyorum')).sendChatMessage.message;
    ok(await app.gql(DOCS.leave, { id: eventId }, { token: a.token }));
    ok(await chat(app, b, groupId, 'Top bende'));
    const afterLeaving = await conversation(a, groupId);
    expect(afterLeaving).toMatchObject({ viewerIsMember: false, viewerCanPost: false });
    expect(afterLeaving.messagePage.nodes.map((m: { id: string }) => m.id)).toEqual([early.id]);
    expectOneError(await chat(app, a, groupId, 'Hâlâ buradayım'), 'FORBIDDEN');

    const pinned = ok(await chat(app, host, groupId, 'Discord: discord.gg/squadhalisaha')).sendChatMessage
      .message;
    expectOneError(
      await app.gql(DOCS.pin, { input: { messageId: pinned.id, pinned: true } }, { token: b.token }),
      'FORBIDDEN',
    );
    ok(await app.gql(DOCS.pin, { input: { messageId: pinned.id, pinned: true } }, { token: host.token }));
    expect((await conversation(b, groupId)).pinnedMessages).toEqual([{ id: pinned.id }]);

    const rude = ok(await chat(app, b, groupId, 'Yarın gelmeyen ekmek alır')).sendChatMessage.message;
    const removed = ok(
      await app.gql(DOCS.removeMessage, { input: { messageId: rude.id } }, { token: host.token }),
    );
    expect(removed.removeChatMessage.message).toMatchObject({ removed: true, body: 'Bu mesaj kaldırıldı.' });
    // Someone else's message in a one-to-one chat, or another member's in a group: not theirs.
    const own = ok(await chat(app, host, groupId, 'Saat 20:00')).sendChatMessage.message;
    expectOneError(
      await app.gql(DOCS.removeMessage, { input: { messageId: own.id } }, { token: b.token }),
      'FORBIDDEN',
    );

    const out = ok(
      await app.gql(
        DOCS.removeMember,
        { input: { conversationId: groupId, userId: b.id } },
        { token: host.token },
      ),
    );
    expect(
      out.removeChatMember.conversation.members.find((m: { user: { id: string } }) => m.user.id === b.id)
        .active,
    ).toBe(false);
    expectOneError(await chat(app, b, groupId, 'Neden?'), 'FORBIDDEN');
    expectOneError(
      await app.gql(
        DOCS.removeMember,
        { input: { conversationId: groupId, userId: host.id } },
        { token: host.token },
      ),
      'NOT_FOUND',
    );
    expectOneError(
      await app.gql(
        DOCS.removeMember,
        { input: { conversationId: groupId, userId: b.id } },
        { token: a.token },
      ),
      'FORBIDDEN',
    );
  });
});

describe('direct conversations', () => {
  it('are open to friends and co-participants, closed to strangers and across a block', async () => {
    const [a, friend, coParticipant, stranger, host] = await Promise.all([
      app.newUser(),
      app.newUser(),
      app.newUser(),
      app.newUser(),
      app.newUser(),
    ]);
    await befriend(app, a, friend);
    const eventId = await createEventAs(app, host);
    await joinEvent(app, eventId, host, a);
    await joinEvent(app, eventId, host, coParticipant);

    expectOneError(
      await app.gql(DOCS.start, { input: { userId: stranger.id } }, { token: a.token }),
      'FORBIDDEN',
    );
    expect(
      (await app.gql(DOCS.user, { id: stranger.id }, { token: a.token })).data.user.viewerCanMessage,
    ).toBe(false);
    const withFriend = ok(await app.gql(DOCS.start, { input: { userId: friend.id } }, { token: a.token }));
    const again = ok(await app.gql(DOCS.start, { input: { userId: a.id } }, { token: friend.token }));
    expect(again.startDirectConversation.conversation.id).toBe(
      withFriend.startDirectConversation.conversation.id,
    );
    const withCo = ok(await app.gql(DOCS.start, { input: { userId: coParticipant.id } }, { token: a.token }));
    const coId = withCo.startDirectConversation.conversation.id as string;
    ok(await chat(app, coParticipant, coId, 'Maçtan sonra çay?'));
    expect(await conversation(stranger, coId)).toBeNull();

    ok(
      await app.gql(
        'mutation($id: ID!) { blockUser(input: {userId: $id}) { user { id } } }',
        { id: a.id },
        { token: coParticipant.token },
      ),
    );
    expect((await conversation(a, coId)).viewerCanPost).toBe(false);
    expectOneError(await chat(app, a, coId, 'Neden engelledin?'), 'FORBIDDEN');
    expectOneError(
      await app.gql(DOCS.start, { input: { userId: coParticipant.id } }, { token: a.token }),
      'FORBIDDEN',
    );
  });
});

describe('the content check on messages', () => {
  it('refuses a blocked message with its reason, and holds a flagged one for the others until revealed or kept', async () => {
    const [host, a, b] = await Promise.all([app.newUser(), app.newUser(), app.newUser()]);
    const { groupId } = await groupOf(app, host, [a, b]);
    const refused = expectOneError(
      await chat(app, a, groupId, 'Seni öldürürüm, adresini biliyorum'),
      'BAD_USER_INPUT',
    );
    expect(refused.extensions?.field).toBe('input.body');
    expect(refused.message).toContain('tehdit');

    const held = ok(await chat(app, a, groupId, 'Detaylar için beni ara: 0532 123 45 67')).sendChatMessage
      .message;
    expect(held).toMatchObject({ held: true, body: 'Detaylar için beni ara: 0532 123 45 67' });
    const seenByB = (await conversation(b, groupId)).messagePage.nodes.find(
      (m: { id: string }) => m.id === held.id,
    );
    expect(seenByB).toMatchObject({ held: true, body: '' });
    expect(seenByB.heldReasons.length).toBeGreaterThan(0);
    const revealed = ok(await app.gql(DOCS.reveal, { input: { messageId: held.id } }, { token: b.token }));
    expect(revealed.revealMessage.message.body).toBe('Detaylar için beni ara: 0532 123 45 67');
    // Host has not revealed it; a moderator keeping it shows it to everyone.
    expect(
      (await conversation(host, groupId)).messagePage.nodes.find((m: { id: string }) => m.id === held.id)
        .body,
    ).toBe('');
    const [flag] = await app.database.db
      .select()
      .from(contentFlags)
      .where(eq(contentFlags.subjectId, held.id));
    expect(flag).toMatchObject({ kind: 'chat_message', status: 'open' });
    const mod = await app.newUser();
    await app.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, mod.id));
    app.services.users.forget(mod.sub);
    ok(
      await app.gql(
        'mutation($input: KeepContentInput!) { keepContent(input: $input) { action { id } } }',
        { input: { flagId: flag.id, reason: 'Kendi numarası, sorun yok' } },
        { token: mod.token },
      ),
    );
    const kept = (await conversation(host, groupId)).messagePage.nodes.find(
      (m: { id: string }) => m.id === held.id,
    );
    expect(kept).toMatchObject({ held: false, body: 'Detaylar için beni ara: 0532 123 45 67' });
  });
});

describe('unread counts, read receipts and live delivery', () => {
  it('counts unread messages, clears them on read, shows who read, and is right again after a reconnect', async () => {
    const [host, a] = await Promise.all([app.newUser(), app.newUser()]);
    const { groupId } = await groupOf(app, host, [a]);
    const client = app.ws(a.token);
    const live = subscribe(client, 'subscription { messageAdded { id body conversation { id } } }');
    await app.subscribed(channels.inbox(a.id));
    const first = ok(await chat(app, host, groupId, 'Herkes hazır mı?')).sendChatMessage.message;
    const [pushed] = await live.waitFor(1);
    expect(pushed.data.messageAdded).toMatchObject({ id: first.id, conversation: { id: groupId } });
    // The socket goes away; messages arrive meanwhile; the stored counts are right on return.
    live.dispose();
    await client.dispose();
    ok(await chat(app, host, groupId, 'Ben çıktım'));
    ok(await chat(app, host, groupId, 'Trafik var, 10 dk gecikirim'));
    expect(ok(await app.gql(DOCS.unread, undefined, { token: a.token })).unreadMessageCount).toBe(3);
    expect((await conversation(a, groupId)).unreadCount).toBe(3);

    const read = ok(await app.gql(DOCS.read, { input: { conversationId: groupId } }, { token: a.token }));
    expect(read.markConversationRead).toMatchObject({
      unreadMessageCount: 0,
      conversation: { unreadCount: 0 },
    });
    const latest = (await conversation(host, groupId)).messagePage.nodes[0];
    expect(latest.readBy).toEqual([{ id: a.id }]);
    expect(ok(await app.gql(DOCS.unread, undefined, { token: host.token })).unreadMessageCount).toBe(0);
  });

  it('sends one notification per unread streak of a one-to-one conversation, leading to it', async () => {
    const [a, b] = await Promise.all([app.newUser(), app.newUser()]);
    await befriend(app, a, b);
    const id = ok(await app.gql(DOCS.start, { input: { userId: b.id } }, { token: a.token }))
      .startDirectConversation.conversation.id as string;
    ok(await chat(app, a, id, 'Selam!'));
    ok(await chat(app, a, id, 'Bu akşam müsait misin?'));
    const notes = ok(
      await app.gql(DOCS.notifications, undefined, { token: b.token }),
    ).notifications.nodes.filter((n: { type: string }) => n.type === 'MESSAGE_RECEIVED');
    expect(notes).toEqual([expect.objectContaining({ link: `/dashboard/inbox/${id}` })]);
    // Reading the conversation reads its notification (the friend request's stays unread).
    const before = ok(
      await app.gql('{ unreadNotificationCount }', undefined, { token: b.token }),
    ).unreadNotificationCount;
    const read = ok(
      await app.gql(
        'mutation($c: ID!) { markConversationRead(input: {conversationId: $c}) { unreadNotificationCount } }',
        { c: id },
        { token: b.token },
      ),
    );
    expect(read.markConversationRead.unreadNotificationCount).toBe(before - 1);
  });

  it.skipIf(!inject('redisUrl'))(
    'delivers a message sent on instance B to a subscriber on instance A',
    async () => {
      const other = await startTestApp();
      try {
        const [host, a] = await Promise.all([app.newUser(), app.newUser()]);
        const { groupId } = await groupOf(app, host, [a]);
        const client = app.ws(a.token);
        const live = subscribe(client, `subscription($c: ID) { messageAdded(conversationId: $c) { body } }`, {
          c: groupId,
        });
        await app.subscribed(channels.inbox(a.id));
        const sent = await other.gql(
          DOCS.chat,
          { input: { conversationId: groupId, body: 'B sunucusundan selam' } },
          { token: host.token },
        );
        expect(sent.errors).toBeUndefined();
        const [got] = await live.waitFor(1);
        expect(got.data.messageAdded.body).toBe('B sunucusundan selam');
        live.dispose();
        await client.dispose();
      } finally {
        await other.close();
      }
    },
  );
});

describe('e-mails about unread messages', () => {
  it('mails a member who is away, at most once an hour, never one who read or turned it off', async () => {
    const [host, a] = await Promise.all([app.newUser(), app.newUser()]);
    const { groupId } = await groupOf(app, host, [a]);
    const away = new Date(Date.now() - 3600_000);
    await app.database.db.update(users).set({ lastSeenAt: away }).where(eq(users.id, a.id));
    ok(await chat(app, host, groupId, 'Yarın saat kaçta?'));
    const [row] = await app.database.db.select().from(users).where(eq(users.id, a.id));
    expect(await app.services.digests.sendDigest(groupId, a.id)).toBe('sent');
    const digestsTo = async (email: string) =>
      (await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) =>
        m.subject.includes('okunmamış'),
      );
    const mails = await digestsTo(row.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Yarın saat kaçta?');
    expect(mails[0].text).toContain(`/dashboard/inbox/${groupId}`);
    // Within the hour: not again.
    expect(await app.services.digests.sendDigest(groupId, a.id)).toBe('later');
    await app.database.db
      .update(conversationMembers)
      .set({ lastEmailedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(conversationMembers.userId, a.id));
    ok(await app.gql(DOCS.read, { input: { conversationId: groupId } }, { token: a.token }));
    await app.database.db.update(users).set({ lastSeenAt: away }).where(eq(users.id, a.id));
    expect(await app.services.digests.sendDigest(groupId, a.id)).toBe('read');
    ok(
      await app.gql(
        'mutation { updateSettings(input: {emailMessages: false}) { viewer { id } } }',
        undefined,
        { token: a.token },
      ),
    );
    ok(await chat(app, host, groupId, 'Haber ver'));
    expect(await app.services.digests.sendDigest(groupId, a.id)).toBe('off');
    expect(await digestsTo(row.email!)).toHaveLength(1);
  });
});
