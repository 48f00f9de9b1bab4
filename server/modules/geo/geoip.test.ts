import { describe, expect, it } from 'vitest';
import { lookupIp } from './geoip.ts';

describe('lookupIp', () => {
  it('locates public addresses, with the official spelling for Turkish places', () => {
    const tr = lookupIp('78.160.1.1');
    expect(tr).toMatchObject({ country: 'TR' });
    expect(tr!.lat).toBeGreaterThan(35);
    expect(tr!.lat).toBeLessThan(43);
    expect(lookupIp('88.255.0.1')).toMatchObject({ country: 'TR', city: 'Ümraniye' });
    expect(lookupIp('::ffff:88.255.0.1')).toMatchObject({ country: 'TR', city: 'Ümraniye' });
    expect(lookupIp('8.8.8.8')).toMatchObject({ country: 'US' });
    expect(lookupIp('2a02:ff0::1')).toMatchObject({ country: 'TR' });
  });

  it('returns null for private, loopback and malformed addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.10',
      '100.64.0.1',
      '169.254.1.1',
      '::1',
      '::ffff:127.0.0.1',
      'fe80::1',
      'fd00::1',
      '',
      'localhost',
      '999.1.1.1',
      null,
      undefined,
    ]) {
      expect(lookupIp(ip), String(ip)).toBeNull();
    }
  });
});
