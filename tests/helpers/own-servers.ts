// Servers a fault test owns: its own PostgreSQL cluster, Redis and nginx on free ports in temp dirs,
// started and stopped (or killed) by process id. The machine's shared servers are never touched.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const hasPostgresBinaries = () => fs.existsSync(path.join(PG_BIN, 'initdb'));
export const hasRedisServer = () => spawnSync('redis-server', ['--version']).status === 0;
export const hasNginx = () => spawnSync('nginx', ['-v']).status === 0;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// Resolves when the child prints `ready` on stdout or stderr; rejects if it exits first.
function started(child: ChildProcess, ready: RegExp, what: string, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => finish(new Error(`${what} did not start:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) finish();
    };
    const onExit = (code: number | null) => finish(new Error(`${what} exited (${code}):\n${output}`));
    function finish(err?: Error) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve();
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

// The processes whose parent is `pid` (a postmaster's backends and helpers), read from /proc.
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: the name may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

// PostgreSQL refuses to run as root: as root the cluster runs as the `postgres` user.
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres']).stdout.toString().trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid))
    throw new Error('no postgres user to run PostgreSQL as');
  return { uid, gid };
}

export type OwnPostgres = {
  port: number;
  url: string;
  pid(): number;
  start(): Promise<void>;
  // Sends the postmaster a signal and waits until the whole server is gone: SIGINT is a fast
  // (graceful) shutdown; `crash` SIGKILLs the postmaster and its backends.
  stop(how: 'fast' | 'crash'): Promise<void>;
  destroy(): Promise<void>;
};

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const user = postgresUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-own-pg-'));
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir, { mode: 0o700 });
  if (user) {
    fs.chownSync(dir, user.uid, user.gid);
    fs.chownSync(dataDir, user.uid, user.gid);
  }
  const asUser = { ...(user ?? {}), env: { ...process.env, LC_ALL: 'C.UTF-8', HOME: dir } };
  const init = spawnSync(
    path.join(PG_BIN, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'],
    asUser,
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr.toString()}`);
  const port = await freePort();
  let child: ChildProcess | null = null;
  const pg: OwnPostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: () => child?.pid ?? 0,
    async start() {
      // Own process group, so a crash can take the backends down with the postmaster.
      child = spawn(
        path.join(PG_BIN, 'postgres'),
        ['-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
        { ...asUser, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      await started(child, /database system is ready to accept connections/, 'PostgreSQL');
    },
    async stop(how) {
      const running = child;
      if (!running?.pid) return;
      const gone = exited(running);
      // PostgreSQL puts each backend in a process group of its own (setsid), so killing the
      // postmaster's group leaves its backends running until they notice the postmaster is gone, and a
      // backend may answer one more query meanwhile. A crash kills the postmaster and every backend
      // together, and waits until none is left.
      const backends = how === 'crash' ? childrenOf(running.pid) : [];
      if (how === 'fast') process.kill(running.pid, 'SIGINT');
      else for (const pid of [running.pid, ...backends]) killQuietly(pid, 'SIGKILL');
      await gone;
      for (const pid of backends) while (alive(pid)) await new Promise((r) => setTimeout(r, 5));
      child = null;
    },
    async destroy() {
      await pg.stop('fast').catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await pg.start();
  return pg;
}

export type OwnRedis = {
  port: number;
  url: string;
  pid(): number;
  start(): Promise<void>;
  kill(): Promise<void>;
  destroy(): Promise<void>;
};

export async function startOwnRedis(): Promise<OwnRedis> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-own-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const redis: OwnRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    pid: () => child?.pid ?? 0,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      await started(child, /Ready to accept connections/, 'redis-server');
    },
    async kill() {
      const running = child;
      if (!running?.pid) return;
      const gone = exited(running);
      process.kill(running.pid, 'SIGKILL');
      await gone;
      child = null;
    },
    async destroy() {
      await redis.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await redis.start();
  return redis;
}

export type OwnNginx = { port: number; pid(): number; destroy(): Promise<void> };

// nginx with the given server configuration (an http-block fragment) in its own prefix directory.
export async function startOwnNginx(serverConfig: string, port: number): Promise<OwnNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-own-nginx-'));
  fs.mkdirSync(path.join(dir, 'logs'));
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    [
      'daemon off;',
      'master_process off;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'logs', 'error.log')} notice;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${path.join(dir, 'logs', 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `  ${t}_temp_path ${path.join(dir, `${t}_temp`)};`,
      ),
      serverConfig,
      '}',
    ].join('\n'),
  );
  const test = spawnSync('nginx', ['-t', '-p', dir, '-c', conf]);
  if (test.status !== 0) throw new Error(`nginx config invalid: ${test.stderr.toString()}`);
  const child = spawn('nginx', ['-p', dir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  // nginx prints nothing when it is up: wait until its port accepts connections.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode})`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) throw new Error('nginx did not open its port');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    pid: () => child.pid ?? 0,
    async destroy() {
      const gone = exited(child);
      if (child.pid) process.kill(child.pid, 'SIGTERM');
      await gone;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// An independent S3-compatible server (s3rver) on a free port with one bucket, files in a temp dir.
// Credentials: S3RVER / S3RVER. It does not verify SigV4 signatures.
export async function startS3rver(bucket: string): Promise<{ endpoint: string; close(): Promise<void> }> {
  const { default: S3rver } = await import('s3rver');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-s3rver-'));
  const port = await freePort();
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
