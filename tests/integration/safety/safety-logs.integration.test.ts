import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app/create-app.ts';
import { loadConfig } from '#server/lib/config.ts';
import { createLogger } from '#server/lib/logger.ts';
import { decorate, testEnv, type TestApp } from '#tests/helpers/test-app.ts';
import {
  confirmedContact,
  eventWithGuest,
  HOME,
  movableClock,
  PAGE,
  pageToken,
  POSITION,
  share,
} from './safety-kit.fixtures.ts';

// What the safety kit shares reaches nobody else, not even the operator's logs (issue 30 point 6,
// ADR 068): an app logging at debug level runs the whole kit (a contact confirmed, a plan with the
// exact place, a position, the question and the alert, 'Evdeyim'); the log lines hold ids only, and
// the REST shim shows the host, a guest and a stranger nothing of it.

const clock = movableClock();
const lines: string[] = [];
let app: TestApp;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = loadConfig(testEnv({ LOG_LEVEL: 'debug' }));
  const created = await createApp({ config, clock, logger: createLogger('debug', 'squad', sink) });
  app = decorate(created, await created.listen(0, '127.0.0.1'));
});
afterAll(async () => {
  clock.reset();
  await app?.close();
});

const MIN = 60_000;

describe('the safety kit in logs and the REST shim', () => {
  it('logs ids only: no contact address, exact place, position or page token', async () => {
    const e = await eventWithGuest(app, 30 * MIN);
    const contact = await confirmedContact(app, e.guest);
    const plan = await share(app, e.guest, {
      eventId: e.id,
      contactIds: [contact.id],
      shareExactPlace: true,
    });
    const position = { eventId: e.id, latitude: 40.98712, longitude: 29.03011 };
    const shared = await app.gql(POSITION, { input: position }, { token: e.guest.token });
    expect(shared.data.sharePosition.sentTo).toBe(1);
    const page = await app.gql(PAGE, { token: pageToken(plan) });
    expect(page.data.publicSafetyPlan.place).toContain('Moda Sahil');
    try {
      clock.advance(new Date(plan.expectedHomeAt).getTime() - clock.now().getTime() + 31 * MIN);
      await app.services.safetyCheck.sweep();
      await app.services.safetyCheck.sweep();
    } finally {
      clock.reset();
    }
    const alerted = await app.gql(PAGE, { token: pageToken(plan) });
    expect(alerted.data.publicSafetyPlan.alertedAt).not.toBeNull();
    expect((await app.gql(HOME, { planId: plan.id }, { token: e.guest.token })).errors).toBeUndefined();

    const log = lines.join('');
    // The run did log: the plan's id shows where the kit acted.
    expect(log).toContain(plan.id);
    for (const secret of [contact.email, 'Moda Sahil', 'Caferağa', '40.98712', '29.03011', pageToken(plan)])
      expect(log, secret).not.toContain(secret);
  });

  it('the REST shim answers the host, the guest and a stranger without contacts or positions', async () => {
    const e = await eventWithGuest(app, 30 * MIN);
    const contact = await confirmedContact(app, e.guest);
    await share(app, e.guest, { eventId: e.id, contactIds: [contact.id] });
    await app.gql(
      POSITION,
      { input: { eventId: e.id, latitude: 40.99123, longitude: 29.02456 } },
      { token: e.guest.token },
    );
    const stranger = await app.newUser();
    for (const who of [e.host, e.guest, stranger])
      for (const path of ['/private/events/physical', '/private/myEvents', '/private/profile']) {
        const res = await app.rest('GET', path, { token: who.token });
        expect(res.status, path).toBe(200);
        const body = JSON.stringify(res.body);
        for (const secret of [contact.email, '40.99123', '29.02456'])
          expect(body, path).not.toContain(secret);
      }
  });
});
