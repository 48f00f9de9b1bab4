import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type EmbeddedPostgres = {
  // A Unix socket in a directory only this user may enter; the same for every restart of the child.
  url: string;
  socketDir: string;
  // The child's pid while it runs (0 while it is away).
  pid(): number;
  stop(): Promise<void>;
};

// Unix socket paths are limited to about 107 bytes.
const MAX_SOCKET_PATH = 100;
const SOCKET_FILE = '.s.PGSQL.5432';
// Restart back-off: 250 ms doubling to 10 s; a child that ran for a minute starts the count afresh.
const RESTART_FIRST_MS = 250;
const RESTART_MAX_MS = 10_000;
const RESTART_RESET_AFTER_MS = 60_000;

// Finds the child entry next to this module: the .ts source under tsx/vitest, the bundled .js in dist.
function childEntry(): { file: string; execArgv: string[] } {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundled = path.join(here, 'pglite-child.js');
  if (fs.existsSync(bundled)) return { file: bundled, execArgv: [] };
  const source = path.join(here, 'pglite-child.ts');
  if (fs.existsSync(source)) return { file: source, execArgv: ['--import', 'tsx'] };
  throw new Error(`embedded database: cannot find pglite-child next to ${here}`);
}

// `<data dir>/../db-socket` (DATA_DIR/db-socket for the app), mode 0700; a private temp directory
// when that path would be too long for a socket or there is no data dir (memory://).
function socketDirFor(dataDir: string): { dir: string; temporary: boolean } {
  if (dataDir !== 'memory://') {
    const dir = path.join(path.dirname(path.resolve(dataDir)), 'db-socket');
    if (path.join(dir, SOCKET_FILE).length <= MAX_SOCKET_PATH) {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      fs.chmodSync(dir, 0o700);
      return { dir, temporary: false };
    }
  }
  // mkdtemp creates the directory with mode 0700.
  return { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'squad-db-')), temporary: true };
}

function spawnChild(dataDir: string, socketPath: string, startTimeoutMs: number): Promise<ChildProcess> {
  const { file, execArgv } = childEntry();
  const child: ChildProcess = fork(file, [], {
    execArgv,
    env: { ...process.env, PGLITE_DATA_DIR: dataDir, PGLITE_SOCKET_PATH: socketPath },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<ChildProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('embedded database: start timed out'));
    }, startTimeoutMs);
    const onMessage = (msg: { type?: string }) => {
      if (msg?.type !== 'ready') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(child);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      reject(new Error(`embedded database: process exited during start (code ${code}, signal ${signal})`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  startTimeoutMs?: number;
  // The child ended without being asked to (crashed, killed).
  onExit?: (code: number | null, signal: NodeJS.Signals | null) => void;
  // Start the child again when it dies, with back-off (ADR 052); the url stays the same. Without it
  // (operator commands, test setup) a dead child stays dead.
  restart?: {
    onRestarted?: (info: { attempt: number; pid: number }) => void;
    onRestartFailed?: (info: { attempt: number; err: unknown; nextDelayMs: number }) => void;
  };
}): Promise<EmbeddedPostgres> {
  const startTimeoutMs = options.startTimeoutMs ?? 120_000;
  const socket = socketDirFor(options.dataDir);
  const socketPath = path.join(socket.dir, SOCKET_FILE);
  const removeTemporary = () => {
    if (socket.temporary) fs.rmSync(socket.dir, { recursive: true, force: true });
  };

  let child: ChildProcess | null;
  try {
    child = await spawnChild(options.dataDir, socketPath, startTimeoutMs);
  } catch (err) {
    removeTemporary();
    throw err;
  }
  let stopped = false;
  let startedAt = Date.now();
  let attempt = 0;
  let restartTimer: NodeJS.Timeout | null = null;
  let restarting: Promise<void> | null = null;

  const restart = () => {
    if (stopped || restartTimer || restarting) return;
    if (Date.now() - startedAt > RESTART_RESET_AFTER_MS) attempt = 0;
    const delay = Math.min(RESTART_FIRST_MS * 2 ** attempt, RESTART_MAX_MS);
    attempt++;
    restartTimer = setTimeout(() => {
      restartTimer = null;
      restarting = (async () => {
        try {
          const next = await spawnChild(options.dataDir, socketPath, startTimeoutMs);
          if (stopped) {
            next.send({ type: 'stop' });
            return;
          }
          adopt(next);
          options.restart?.onRestarted?.({ attempt, pid: next.pid ?? 0 });
        } catch (err) {
          options.restart?.onRestartFailed?.({
            attempt,
            err,
            nextDelayMs: Math.min(RESTART_FIRST_MS * 2 ** attempt, RESTART_MAX_MS),
          });
          restarting = null;
          restart();
          return;
        }
        restarting = null;
      })();
    }, delay);
  };

  function adopt(running: ChildProcess) {
    child = running;
    startedAt = Date.now();
    running.once('exit', (code, signal) => {
      if (child === running) child = null;
      if (stopped) return;
      options.onExit?.(code, signal);
      if (options.restart) restart();
    });
  }
  adopt(child);

  return {
    socketDir: socket.dir,
    url: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socket.dir)}&sslmode=disable`,
    pid: () => child?.pid ?? 0,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (restartTimer) clearTimeout(restartTimer);
      await restarting;
      const running = child;
      if (running && running.exitCode === null && running.signalCode === null) {
        const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
        running.send({ type: 'stop' });
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), 15_000);
        });
        const outcome = await Promise.race([exited, timeout]);
        clearTimeout(timer);
        if (outcome === 'timeout') running.kill('SIGKILL');
      }
      removeTemporary();
    },
  };
}
