import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, notifyHolder, whoHolds } from './data-dir-lock.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// A lock file as a server that died without releasing it left it.
function staleLock(dir: string, holder: { pid: number; host: string }) {
  fs.writeFileSync(
    path.join(dir, 'server.lock'),
    JSON.stringify({ ...holder, startedAt: new Date(Date.now() - 86_400_000).toISOString() }),
  );
}

// Another process holding the lock, as a second `npm start` on the same data dir would.
async function holderProcess(dir: string) {
  const child = fork(path.join(here, 'data-dir-lock.fixture.ts'), [dir], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited (${code})`)));
  });
  return child;
}

describe('data dir lock', () => {
  it('refuses a second holder in the same process, and is free again after release', async () => {
    const dir = tempDir();
    const lock = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await lock.release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    await (await acquireDataDirLock(dir)).release();
  });

  it('refuses while another live server holds it, and takes it once that server was killed', async () => {
    const dir = tempDir();
    const child = await holderProcess(dir);
    try {
      const refused = await acquireDataDirLock(dir).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect((refused as DataDirLockedError).pid).toBe(child.pid);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    // A crash leaves the file behind; the operating system has closed the holder's socket.
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(true);
    await (await acquireDataDirLock(dir)).release();
  });

  it('is not blocked by a stale lock whose pid now belongs to another live process', async () => {
    const dir = tempDir();
    // pid 1 (init) and this test's parent are alive and are not a Squad server on this data dir.
    staleLock(dir, { pid: 1, host: os.hostname() });
    await (await acquireDataDirLock(dir)).release();
    staleLock(dir, { pid: process.ppid, host: os.hostname() });
    await (await acquireDataDirLock(dir)).release();
  });

  it('is not blocked by a stale lock written under another hostname (a re-created container)', async () => {
    const dir = tempDir();
    staleLock(dir, { pid: 1, host: 'squad-app-7f9c2d-old' });
    await (await acquireDataDirLock(dir)).release();
  });
});

describe('operator commands over the lock', () => {
  it('tells who holds the dir and where its database listens, and hands a command to the holder', async () => {
    const dir = tempDir();
    expect(await whoHolds(dir)).toBeNull();
    const lock = await acquireDataDirLock(dir);
    try {
      lock.announce('postgres://postgres@127.0.0.1:5599/postgres');
      expect(await whoHolds(dir)).toMatchObject({
        pid: process.pid,
        databaseUrl: 'postgres://postgres@127.0.0.1:5599/postgres',
      });
      const heard: unknown[] = [];
      lock.onCommand((command) => heard.push(command));
      expect(await notifyHolder(dir, { type: 'forget', sub: 'abc' })).toBe(true);
      await expect.poll(() => heard).toEqual([{ type: 'forget', sub: 'abc' }]);
    } finally {
      await lock.release();
    }
    expect(await notifyHolder(dir, { type: 'forget', sub: 'abc' })).toBe(false);
  });
});
