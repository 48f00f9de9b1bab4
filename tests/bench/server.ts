import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import { createDatabase } from '#db/client.ts';
import { startEmbeddedPostgres } from '#db/embedded/embedded-postgres.ts';
import { runMigrations } from '#db/migrate.ts';
import { createIdentityRepository } from '#server/identity/identity.repository.ts';
import { loadKeyStore } from '#server/identity/signing-keys.ts';
import { mintAccessToken } from '#server/identity/tokens.ts';
import { EMBEDDED_CLIENT_ID } from '#server/lib/config.ts';
import { paths } from '#server/lib/paths.ts';
import { killedWithBench } from './children.ts';
import { seedBenchEvents } from './seed.ts';

// The servers the near/list bench measures: a database with seeded events and a signed-in viewer, and
// a long-running production build of the current sources.
export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PUBLIC_URL = 'http://bench.local';

// CPU milliseconds per request, by process: where a request's cost goes on this machine.
export type CpuPerRequest = { server: number; database: number; load: number };

const CLOCK_TICKS = 100; // USER_HZ on Linux
function cmdline(pid: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

// utime + stime in ms of the server, of the bench's database (the PostgreSQL backends connected to
// it, or the embedded PGlite child; not the rest of a shared machine's database work) and of this
// process (autocannon). Zeros where /proc is not there.
export function cpuSnapshot(
  serverPid: number,
  isDatabase: (pid: string, comm: string) => boolean,
): CpuPerRequest {
  const snap = { server: 0, database: 0, load: 0 };
  if (!fs.existsSync('/proc/self/stat')) return snap;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    if (Number(pid) === serverPid) snap.server += ms;
    else if (Number(pid) === process.pid) snap.load += ms;
    else if (isDatabase(pid, comm)) snap.database += ms;
  }
  return snap;
}

// Always from the current sources (a few seconds): a stale bundle would measure old code. Its own
// folder, as scripts/build-server.mjs bundles it, so a bench never swaps dist/server under an e2e run
// or a running app.
const BENCH_BUILD = path.join(paths.root, 'dist', 'bench-server');
export async function buildBenchServer(): Promise<void> {
  await build({
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    legalComments: 'none',
    logLevel: 'warning',
    entryPoints: {
      main: path.join(paths.root, 'server/main.ts'),
      'pglite-child': path.join(paths.root, 'db/embedded/pglite-child.ts'),
    },
    outdir: BENCH_BUILD,
  });
}

export async function startServer(
  databaseUrl: string,
  cpuProf: string,
): Promise<{ url: string; child: ChildProcess }> {
  const port = 4000 + Math.floor(Math.random() * 2000);
  const nodeArgs = cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProf)}`] : [];
  const child = killedWithBench(
    spawn(process.execPath, [...nodeArgs, path.join(BENCH_BUILD, 'main.js')], {
      cwd: paths.root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        // Required in production; the benchmarks send no mail.
        SMTP_URL: 'smtp://mail.invalid:587',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child };
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready');
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

export async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

export type Backend = 'pglite' | 'postgres';
export type BenchDatabase = {
  databaseUrl: string;
  token: string;
  // Whether a process (pid, command name) does this database's work.
  isDatabase: (pid: string, comm: string) => boolean;
  stop(): Promise<void>;
};

// A fresh database of the backend, migrated, with `events` bench events and a confirmed account whose
// access token the load generator sends.
export async function benchDatabase(backend: Backend, events: number): Promise<BenchDatabase> {
  let databaseUrl: string;
  let stop: () => Promise<void>;
  let isDatabase: BenchDatabase['isDatabase'];
  if (backend === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-bench-'));
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg') });
    databaseUrl = embedded.url;
    isDatabase = (pid) => Number(pid) === embedded.pid();
    stop = async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const name = `squad_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.end();
    databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
    // A backend's title: "postgres: <user> <database> <client> <state>".
    isDatabase = (pid, comm) => comm === 'postgres' && cmdline(pid).includes(` ${name} `);
    stop = async () => {
      const a = new pg.Client({ connectionString: PG_ADMIN_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  }
  try {
    const database = createDatabase(databaseUrl, { max: 2 });
    await runMigrations(database.db, { migrationsFolder: paths.migrations });
    const t0 = Date.now();
    await seedBenchEvents(database.db, events);
    console.log(`[${backend}] seeded ${events} events in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const keys = await loadKeyStore(database.db);
    const viewerSub = crypto.randomUUID();
    await createIdentityRepository(database.db).insertAccount({
      sub: viewerSub,
      email: 'bench@squad.test',
      status: 'CONFIRMED',
      emailVerified: 1,
    });
    const token = mintAccessToken(
      keys,
      { issuer: PUBLIC_URL, clientId: EMBEDDED_CLIENT_ID },
      { sub: viewerSub, username: viewerSub },
      { ttlSeconds: 3600 },
    );
    await database.close();
    return { databaseUrl, token, isDatabase, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
