// Turkey's part of DB-IP's "IP to City Lite" as a compact table (ADR 010). The two MMDB files weigh
// 134 MB and were read into memory whole, for a product that only ever centres its map in Turkey;
// Turkey's ranges with their places are well under a megabyte. The table is built from the MMDB
// files (at `npm run build`, or on first use from the sources) and looked up by binary search.
//
// Format (big-endian):
//   "SQGEOIP1" | u32 n, n bytes of JSON [[lat, lng, city], …] | u32 n4, n4 × (u32 first, u32 last, u16 place)
//   | u32 n6, n6 × (16 bytes first, 16 bytes last, u16 place)
import { createRequire } from 'node:module';

const MAGIC = 'SQGEOIP1';
const V4_ENTRY = 10;
const V6_ENTRY = 34;

export type IpPlace = { lat: number; lng: number; city: string | null };

type DbipCity = { city?: string; country_code?: string; latitude?: number; longitude?: number };

type Range = { first: bigint; last: bigint; place: number };

type MmdbReader = {
  metadata: { nodeCount: number; nodeByteSize: number; ipVersion: number };
  walker: { left(offset: number): number; right(offset: number): number };
  ipv4StartNodeNumber: number;
  resolveDataPointer(pointer: number): unknown;
};

// Every leaf of the MMDB search tree whose record is in Turkey, as address ranges.
function turkishRanges(
  reader: MmdbReader,
  bits: 32 | 128,
  placeIndex: (record: DbipCity) => number,
): Range[] {
  const { nodeCount, nodeByteSize } = reader.metadata;
  const records = new Map<number, number>(); // data pointer -> place index, -1 when not in Turkey
  const ranges: Range[] = [];
  const start = bits === 32 ? reader.ipv4StartNodeNumber : 0;
  const stack: { node: number; depth: number; prefix: bigint }[] = [{ node: start, depth: 0, prefix: 0n }];
  while (stack.length) {
    const { node, depth, prefix } = stack.pop()!;
    const offset = node * nodeByteSize;
    for (const bit of [0n, 1n]) {
      const next = bit ? reader.walker.right(offset) : reader.walker.left(offset);
      const childPrefix = (prefix << 1n) | bit;
      if (next < nodeCount) {
        stack.push({ node: next, depth: depth + 1, prefix: childPrefix });
        continue;
      }
      if (next === nodeCount) continue; // no data for this range
      let place = records.get(next);
      if (place === undefined) {
        const record = reader.resolveDataPointer(next) as DbipCity | null;
        place =
          record?.country_code?.toUpperCase() === 'TR' &&
          typeof record.latitude === 'number' &&
          typeof record.longitude === 'number'
            ? placeIndex(record)
            : -1;
        records.set(next, place);
      }
      if (place < 0) continue;
      const hostBits = BigInt(bits - depth - 1);
      const first = childPrefix << hostBits;
      ranges.push({ first, last: first + (1n << hostBits) - 1n, place });
    }
  }
  ranges.sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
  // Neighbouring ranges of the same place become one.
  const merged: Range[] = [];
  for (const r of ranges) {
    const prev = merged.at(-1);
    if (prev && prev.place === r.place && prev.last + 1n === r.first) prev.last = r.last;
    else merged.push({ ...r });
  }
  return merged;
}

export function buildTurkeyIpTable(v4Mmdb: Buffer, v6Mmdb: Buffer): Buffer {
  // Only the build needs the MMDB reader; the running server reads the table.
  const { Reader } = createRequire(import.meta.url)('mmdb-lib') as {
    Reader: new (db: Buffer) => MmdbReader;
  };
  const places: [number, number, string | null][] = [];
  const placeKeys = new Map<string, number>();
  const placeIndex = (r: DbipCity) => {
    const place: [number, number, string | null] = [
      Math.round(r.latitude! * 1e4) / 1e4,
      Math.round(r.longitude! * 1e4) / 1e4,
      r.city ?? null,
    ];
    const key = JSON.stringify(place);
    let index = placeKeys.get(key);
    if (index === undefined) {
      index = places.push(place) - 1;
      placeKeys.set(key, index);
    }
    return index;
  };
  const v4 = turkishRanges(new Reader(v4Mmdb), 32, placeIndex);
  const v6 = turkishRanges(new Reader(v6Mmdb), 128, placeIndex);
  if (places.length > 0xffff) throw new Error(`too many places for the GeoIP table: ${places.length}`);

  const json = Buffer.from(JSON.stringify(places), 'utf8');
  const out = Buffer.alloc(8 + 4 + json.length + 4 + v4.length * V4_ENTRY + 4 + v6.length * V6_ENTRY);
  let at = out.write(MAGIC, 0, 'latin1');
  at = out.writeUInt32BE(json.length, at);
  at += json.copy(out, at);
  at = out.writeUInt32BE(v4.length, at);
  for (const r of v4) {
    at = out.writeUInt32BE(Number(r.first), at);
    at = out.writeUInt32BE(Number(r.last), at);
    at = out.writeUInt16BE(r.place, at);
  }
  at = out.writeUInt32BE(v6.length, at);
  for (const r of v6) {
    at = writeUInt128(out, r.first, at);
    at = writeUInt128(out, r.last, at);
    at = out.writeUInt16BE(r.place, at);
  }
  return out;
}

function writeUInt128(out: Buffer, value: bigint, at: number): number {
  out.writeBigUInt64BE(value >> 64n, at);
  out.writeBigUInt64BE(value & 0xffff_ffff_ffff_ffffn, at + 8);
  return at + 16;
}

// Binary search over ranges sorted by their first address: the last one that starts at or before the
// address (the only one that can contain it), or -1.
function lastStartingAtOrBefore(count: number, startsAfter: (index: number) => boolean): number {
  let lo = 0;
  let hi = count - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (startsAfter(mid)) hi = mid - 1;
    else {
      found = mid;
      lo = mid + 1;
    }
  }
  return found;
}

export type TurkeyIpTable = {
  // An IPv4 address as an unsigned 32-bit number, or an IPv6 address as 16 bytes.
  lookupV4(address: number): IpPlace | null;
  lookupV6(address: Uint8Array): IpPlace | null;
  size: { places: number; v4Ranges: number; v6Ranges: number };
};

export function readTurkeyIpTable(table: Buffer): TurkeyIpTable {
  if (table.toString('latin1', 0, 8) !== MAGIC) throw new Error('not a Squad GeoIP table');
  let at = 8;
  const jsonLength = table.readUInt32BE(at);
  at += 4;
  const places = (
    JSON.parse(table.toString('utf8', at, at + jsonLength)) as [number, number, string | null][]
  ).map(([lat, lng, city]): IpPlace => ({ lat, lng, city }));
  at += jsonLength;
  const n4 = table.readUInt32BE(at);
  const v4At = at + 4;
  at = v4At + n4 * V4_ENTRY;
  const n6 = table.readUInt32BE(at);
  const v6At = at + 4;
  if (v6At + n6 * V6_ENTRY !== table.length) throw new Error('GeoIP table is truncated');

  return {
    lookupV4(address) {
      const i = lastStartingAtOrBefore(n4, (k) => table.readUInt32BE(v4At + k * V4_ENTRY) > address);
      if (i < 0) return null;
      const entry = v4At + i * V4_ENTRY;
      return address <= table.readUInt32BE(entry + 4) ? places[table.readUInt16BE(entry + 8)] : null;
    },
    lookupV6(address) {
      const startsAfter = (k: number) => {
        const entry = v6At + k * V6_ENTRY;
        return table.compare(address, 0, 16, entry, entry + 16) > 0;
      };
      const i = lastStartingAtOrBefore(n6, startsAfter);
      if (i < 0) return null;
      const entry = v6At + i * V6_ENTRY;
      return table.compare(address, 0, 16, entry + 16, entry + 32) >= 0
        ? places[table.readUInt16BE(entry + 32)]
        : null;
    },
    size: { places: places.length, v4Ranges: n4, v6Ranges: n6 },
  };
}
