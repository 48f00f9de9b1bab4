// Writes Turkey's GeoIP table next to the server bundle (dist/server/geoip-tr.bin) from the DB-IP
// package, so the running server never reads the 134 MB MMDB files (ADR 010). Run by build:server.
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '#server/lib/paths.ts';
import { buildGeoIpTable, GEOIP_TABLE_FILE } from '#server/modules/geo/geoip.ts';
import { readTurkeyIpTable } from '#server/modules/geo/geoip-table.ts';

const out = path.join(projectRoot(), 'dist', 'server', GEOIP_TABLE_FILE);
const table = buildGeoIpTable();
const { places, v4Ranges, v6Ranges } = readTurkeyIpTable(table).size;
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, table);
console.log(
  `GeoIP table for Turkey written to dist/server/${GEOIP_TABLE_FILE}: ${places} places, ` +
    `${v4Ranges} IPv4 and ${v6Ranges} IPv6 ranges, ${(table.length / 1024).toFixed(0)} kB`,
);
