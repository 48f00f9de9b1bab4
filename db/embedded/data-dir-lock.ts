import fs from 'node:fs';
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

type LockInfo = { pid: number; host: string; startedAt: string };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// One server per data directory: the embedded database is a single PostgreSQL session and its
// files must not be opened twice. A lock left by a crashed server (dead pid) is taken over.
// Locks held by this process (a second app in the same process must be refused too).
const heldHere = new Set<string>();

export function acquireDataDirLock(dataDir: string): { release(): void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  if (heldHere.has(lockPath)) throw new DataDirLockedError(dataDir, process.pid);
  const info: LockInfo = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, JSON.stringify(info));
      fs.closeSync(fd);
      heldHere.add(lockPath);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldHere.delete(lockPath);
          try {
            const current = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockInfo;
            if (current.pid === process.pid) fs.unlinkSync(lockPath);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder: LockInfo | undefined;
      try {
        holder = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockInfo;
      } catch {
        holder = undefined;
      }
      const sameHost = holder?.host === os.hostname();
      if (holder && holder.pid !== process.pid && (!sameHost || isAlive(holder.pid))) {
        throw new DataDirLockedError(dataDir, holder.pid);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
