import https from 'node:https';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createEndpointGuard, EndpointRefused, isPublicAddress, type Resolve } from './push.endpoint.ts';

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'accepted';
  } catch (err) {
    if (err instanceof EndpointRefused) return err.reason;
    throw err;
  }
};

const resolvingTo =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address) => ({ address, family: net.isIP(address) }));

describe('push endpoints (ADR 055)', () => {
  it('tells public addresses from loopback, private, CGNAT, link-local, multicast, unspecified and mapped ones', () => {
    for (const address of ['142.250.185.74', '2a00:1450:4001:82f::200a', '34.117.237.239'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.5',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '100.127.255.254',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.251',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.1.2.3',
      '::ffff:a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      '2002:c0a8:0101::1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('accepts the browsers’ push services at public addresses, nothing else', async () => {
    const guard = createEndpointGuard({ resolve: resolvingTo('142.250.185.74') });
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://FCM.googleapis.com./fcm/send/abc',
    ])
      expect(await refusal(guard.check(endpoint)), endpoint).toBe('accepted');
    const cases: [string, string][] = [
      ['http://fcm.googleapis.com/fcm/send/abc', 'notHttps'],
      ['https://user:pw@fcm.googleapis.com/fcm/send/abc', 'notHttps'],
      ['https://fcm.googleapis.com:8443/fcm/send/abc', 'notPushService'],
      ['https://example.com/push', 'notPushService'],
      ['https://fcm.googleapis.com.evil.example/push', 'notPushService'],
      ['https://localhost/push', 'notPushService'],
      ['https://127.0.0.1/push', 'privateAddress'],
      ['https://10.0.0.5/push', 'privateAddress'],
      ['https://192.168.1.1/push', 'privateAddress'],
      ['https://169.254.169.254/latest/meta-data', 'privateAddress'],
      ['https://[::1]/push', 'privateAddress'],
      ['https://[::ffff:127.0.0.1]/push', 'privateAddress'],
      ['https://8.8.8.8/push', 'notPushService'],
      ['not a url', 'notHttps'],
    ];
    for (const [endpoint, reason] of cases)
      expect(await refusal(guard.check(endpoint)), endpoint).toBe(reason);
  });

  it('refuses a push service name when any of its addresses is private, or when it does not resolve', async () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    expect(await refusal(createEndpointGuard({ resolve: resolvingTo('127.0.0.1') }).check(endpoint))).toBe(
      'privateAddress',
    );
    expect(
      await refusal(
        createEndpointGuard({ resolve: resolvingTo('142.250.185.74', '10.0.0.1') }).check(endpoint),
      ),
    ).toBe('privateAddress');
    const failing: Resolve = async () => {
      throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await refusal(createEndpointGuard({ resolve: failing }).check(endpoint))).toBe('unresolvable');
  });

  it('lets an operator’s extra hosts through without either check', async () => {
    const guard = createEndpointGuard({
      extraHosts: ['127.0.0.1', 'push.test'],
      resolve: resolvingTo('127.0.0.1'),
    });
    expect(await refusal(guard.check('https://127.0.0.1:8443/push/1'))).toBe('accepted');
    expect(await refusal(guard.check('https://push.test/push/1'))).toBe('accepted');
    expect(guard.agentFor('https://127.0.0.1:8443/push/1')).toBeUndefined();
    expect(await refusal(guard.check('https://127.0.0.2/push/1'))).toBe('privateAddress');
  });

  it('pins the connection to addresses that pass: a name rebound to loopback after the check is not connected to', async () => {
    // A listener on loopback that counts connections; the push service name first resolves to a
    // public address (the check passes), then to 127.0.0.1 (the rebind).
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as net.AddressInfo).port;
    const answers = [['142.250.185.74'], ['127.0.0.1']];
    let lookups = 0;
    const guard = createEndpointGuard({
      resolve: async () => {
        const addresses = answers[Math.min(lookups++, answers.length - 1)];
        return addresses.map((address) => ({ address, family: 4 }));
      },
    });
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    try {
      expect(await refusal(guard.check(endpoint))).toBe('accepted');
      const agent = guard.agentFor(endpoint)!;
      expect(agent).toBeInstanceOf(https.Agent);
      const error = await new Promise<unknown>((resolve) => {
        const req = https.request({
          host: 'fcm.googleapis.com',
          port,
          path: '/fcm/send/abc',
          method: 'POST',
          agent,
        });
        req.on('error', resolve);
        req.on('response', () => resolve(new Error('connected')));
        req.end();
      });
      expect(error).toBeInstanceOf(EndpointRefused);
      expect((error as EndpointRefused).reason).toBe('privateAddress');
      expect(lookups).toBe(2);
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
