import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Squad server (pid ${pid}) is already using the data directory ${dataDir}. ` +
        `Stop that server first, or start this one with another DATA_DIR (or a DATABASE_URL).`,
    );
    this.name = 'DataDirLockedError';
  }
}

type Holder = {
  app: 'squad';
  dataDir: string;
  pid: number;
  host: string;
  startedAt: string;
  // Where the holder's embedded database listens (127.0.0.1 only), for operator commands.
  databaseUrl?: string;
};

// Unix socket paths are limited to about 107 bytes; a longer data dir gets an abstract socket
// (Linux), named after the data dir, instead of the file.
const MAX_SOCKET_PATH = 100;

// One server per data directory: the embedded database is a single PostgreSQL session and its files
// must not be opened twice. The lock is a Unix socket the server listens on, so the operating system
// releases it when the process dies, however it dies: a crashed server's socket refuses connections,
// whatever became of its pid or hostname. A live holder answers with who it is, and only a Squad
// server on this data dir counts. A regular file there (older lock format) is stale by definition.
// Locks held by this process (a second app in the same process must be refused too).
const heldHere = new Set<string>();

function socketAddress(dataDir: string): { address: string; file: string | null } {
  const file = path.join(dataDir, 'server.lock');
  if (file.length <= MAX_SOCKET_PATH || process.platform !== 'linux') return { address: file, file };
  const digest = crypto.createHash('sha256').update(dataDir).digest('hex').slice(0, 32);
  return { address: `\0squad-data-dir-${digest}`, file: null };
}

// Asks whoever listens on the address who they are: a Holder, 'nobody' (refused, no such socket), or
// 'unknown' (answered, but not as a Squad server on this data dir).
function askHolder(address: string, dataDir: string): Promise<Holder | 'nobody' | 'unknown'> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    let text = '';
    const done = (value: Holder | 'nobody' | 'unknown') => {
      socket.destroy();
      clearTimeout(timer);
      resolve(value);
    };
    // A holder that accepts but does not answer is alive (a busy event loop): treat it as holding.
    const timer = setTimeout(() => done({ app: 'squad', dataDir, pid: 0, host: '', startedAt: '' }), 2000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => {
      try {
        const holder = JSON.parse(text) as Holder;
        done(holder.app === 'squad' && holder.dataDir === dataDir ? holder : 'unknown');
      } catch {
        done('unknown');
      }
    });
    socket.on('error', () => done('nobody'));
  });
}

function listen(server: net.Server, address: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const onError = (err: NodeJS.ErrnoException) => resolve(err);
    server.once('error', onError);
    server.listen(address, () => {
      server.off('error', onError);
      resolve(null);
    });
  });
}

// Who holds the data directory now: the live server's answer, or null when nobody does. Operator
// commands (npm run admin) use it to reach a running server's embedded database.
export async function whoHolds(dir: string): Promise<Holder | null> {
  if (!fs.existsSync(dir)) return null;
  const dataDir = fs.realpathSync(dir);
  const holder = await askHolder(socketAddress(dataDir).address, dataDir);
  return holder === 'nobody' || holder === 'unknown' ? null : holder;
}

// A message for the running server, sent over its lock socket by an operator command on the same
// machine (only the server's user can open the socket file): e.g. "forget what you cached of this
// user" after `npm run admin` changed a role in the embedded database.
export type HolderCommand = { type: 'forget'; sub: string };

export async function notifyHolder(dir: string, command: HolderCommand): Promise<boolean> {
  if (!fs.existsSync(dir)) return false;
  const dataDir = fs.realpathSync(dir);
  return new Promise((resolve) => {
    const socket = net.connect(socketAddress(dataDir).address);
    const timer = setTimeout(() => socket.destroy(), 2000);
    socket.on('connect', () => socket.end(`${JSON.stringify(command)}\n`));
    socket.on('data', () => undefined);
    socket.on('close', (hadError) => {
      clearTimeout(timer);
      resolve(!hadError);
    });
    socket.on('error', () => undefined);
  });
}

export async function acquireDataDirLock(dir: string): Promise<{
  release(): Promise<void>;
  announce(databaseUrl: string): void;
  onCommand(handler: (command: HolderCommand) => void): void;
}> {
  fs.mkdirSync(dir, { recursive: true });
  const dataDir = fs.realpathSync(dir);
  const { address, file } = socketAddress(dataDir);
  if (heldHere.has(dataDir)) throw new DataDirLockedError(dataDir, process.pid);
  const me: Holder = {
    app: 'squad',
    dataDir,
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
  };
  const handlers: ((command: HolderCommand) => void)[] = [];
  const server = net.createServer((socket) => {
    // Whoever connects learns who holds the lock; a command line it sent is handed on.
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > 4096) socket.destroy();
    });
    socket.on('end', () => {
      for (const line of text.split('\n')) {
        try {
          const command = JSON.parse(line) as HolderCommand;
          if (command?.type === 'forget' && typeof command.sub === 'string')
            for (const handler of handlers) handler(command);
        } catch {
          // not a command
        }
      }
    });
    socket.on('error', () => undefined);
    socket.end(JSON.stringify(me));
  });
  // The lock must not keep a process alive that has nothing else to do.
  server.unref();
  for (let attempt = 0; attempt < 3; attempt++) {
    const err = await listen(server, address);
    if (!err) {
      heldHere.add(dataDir);
      if (file) fs.chmodSync(file, 0o600);
      let released = false;
      return {
        announce(databaseUrl: string) {
          me.databaseUrl = databaseUrl;
        },
        onCommand(handler) {
          handlers.push(handler);
        },
        async release() {
          if (released) return;
          released = true;
          heldHere.delete(dataDir);
          // Closing a Unix socket server removes its file.
          await new Promise<void>((resolve) => server.close(() => resolve()));
        },
      };
    }
    if (err.code !== 'EADDRINUSE') throw err;
    const holder = await askHolder(address, dataDir);
    if (holder !== 'nobody' && holder !== 'unknown') throw new DataDirLockedError(dataDir, holder.pid);
    if (holder === 'unknown' && !file) throw new Error(`Could not lock ${dataDir}: its socket is taken`);
    // Nobody listens (a crashed server's socket, an old lock file) or not a Squad server: take it over.
    if (file) fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not lock ${dataDir}`);
}
