import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventAs } from '#tests/helpers/flows.ts';
import { startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { chat, groupOf, ok } from '#tests/integration/social/social.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const REQUEST = `mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) {
  joinRequest { id status check { verdict supportText } } } }`;
const REQUESTS = `query($id: ID!) { event(id: $id) { joinRequests { id check { verdict reasons supportText } } } }`;

describe('self-harm in user text (ADR 036)', () => {
  it('is not refused: the host sees a review, the writer alone gets a hand, in a join message and a chat', async () => {
    const [host, guest, other] = await Promise.all([app.newUser(), app.newUser(), app.newUser()]);
    const eventId = await createEventAs(app, host);
    const asked = ok(
      await app.gql(
        REQUEST,
        {
          input: {
            eventId,
            message:
              'Son zamanlarda çok kötüyüm, bazen yaşamak istemiyorum. Biraz insanlarla olmak iyi gelir diye düşündüm.',
          },
        },
        { token: guest.token },
      ),
    ).requestToJoin.joinRequest;
    expect(asked.status).toBe('PENDING');
    expect(asked.check.verdict).toBe('REVIEW');
    expect(asked.check.supportText).toContain('112');
    const seenByHost = ok(await app.gql(REQUESTS, { id: eventId }, { token: host.token })).event
      .joinRequests[0];
    expect(seenByHost.check).toMatchObject({ verdict: 'REVIEW', supportText: null });
    expect(seenByHost.check.reasons.length).toBe(1);

    const { groupId } = await groupOf(app, host, [other]);
    const sent = ok(await chat(app, other, groupId, 'Artık kendimi öldürmek istiyorum')).sendChatMessage
      .message;
    expect(sent.held).toBe(true);
    const page = (who: { token: string }) =>
      app.gql(
        'query($id: ID!) { conversationById(id: $id) { messagePage(first: 5) { nodes { id supportText } } } }',
        { id: groupId },
        { token: who.token },
      );
    const mine = ok(await page(other)).conversationById.messagePage.nodes.find(
      (m: { id: string }) => m.id === sent.id,
    );
    expect(mine.supportText).toContain('112');
    const theirs = ok(await page(host)).conversationById.messagePage.nodes.find(
      (m: { id: string }) => m.id === sent.id,
    );
    expect(theirs.supportText).toBeNull();
  });
});
