import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { joinRequestSteps } from './join-requests.fixtures.ts';

// The REST shim's accept and decline answers speak the request's language like the rest of the API:
// Turkish by default and for `tr`, English for `en` (issue 28.9; they were English for everyone).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());
const { eventOf, ask } = joinRequestSteps(() => app);

async function decide(action: 'accept-request' | 'decline-request', headers: Record<string, string>) {
  const host = await app.newUser();
  const guest = await app.newUser();
  const id = await eventOf(host);
  const asked = await ask(guest, id, 'Merhaba, ben de varım!');
  const requestId = asked.data.requestToJoin.joinRequest.id as string;
  return app.rest('PUT', `/private/event/${id}/${action}/${requestId}`, { token: host.token, headers });
}

describe('REST accept and decline answers', () => {
  it.each([
    ['no Accept-Language', {}, 'İstek kabul edildi!', 'İstek reddedildi.'],
    ['tr', { 'accept-language': 'tr-TR,tr;q=0.9' }, 'İstek kabul edildi!', 'İstek reddedildi.'],
    [
      'en',
      { 'accept-language': 'en-GB,en;q=0.9' },
      'Request accepted successfully!',
      'Request declined successfully!',
    ],
  ])('answer in the request language (%s)', async (_name, headers, acceptText, declineText) => {
    const accepted = await decide('accept-request', headers);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ message: acceptText, joinRequest: { status: 'accepted' } });
    const declined = await decide('decline-request', headers);
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ message: declineText, joinRequest: { status: 'declined' } });
  });
});
