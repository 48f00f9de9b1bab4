// The embedded PostgreSQL: PGlite (PostgreSQL compiled to WebAssembly) in its own process, served
// over the PostgreSQL wire protocol by pglite-socket so the app uses `pg` exactly as with a server.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { SessionQueue } from './session-queue.ts';

type ParentMessage = { type: 'stop' };

const dataDir = process.env.PGLITE_DATA_DIR;
if (!dataDir) {
  console.error('PGLITE_DATA_DIR is not set');
  process.exit(2);
}
const inMemory = dataDir === 'memory://';
if (!inMemory) fs.mkdirSync(dataDir, { recursive: true });

const db = await PGlite.create(inMemory ? undefined : dataDir, {
  extensions: { cube, earthdistance, pg_trgm, unaccent, citext },
});

// A Unix socket file in a directory only this user can enter (ADR 052): PGlite has no passwords, so a
// TCP port on 127.0.0.1 let anyone on the machine read the database. The main process keeps the data
// dir locked, so a socket file left by a killed predecessor is ours to replace.
const socketPath = process.env.PGLITE_SOCKET_PATH;
if (!socketPath) {
  console.error('PGLITE_SOCKET_PATH is not set');
  process.exit(2);
}
fs.rmSync(socketPath, { force: true });
const server = new PGLiteSocketServer({
  db,
  path: socketPath,
  maxConnections: 128,
});
// Swap in the session-aware queue before any connection arrives (see session-queue.ts).
(server as unknown as { queryQueue: SessionQueue }).queryQueue = new SessionQueue(db);
await server.start();
fs.chmodSync(socketPath, 0o600);

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  try {
    await server.stop();
    // close() checkpoints and flushes the data files.
    await db.close();
  } catch (err) {
    console.error('embedded database: error while stopping', err);
    code = 1;
  }
  process.exit(code);
}

process.on('message', (msg: ParentMessage) => {
  if (msg?.type === 'stop') void stop(0);
});
// The parent went away (crash or kill -9): do not outlive it.
process.on('disconnect', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
// Ctrl-C in a terminal reaches the whole process group: the parent drains first and then tells us to
// stop over IPC, so the database stays up while in-flight requests finish.
process.on('SIGINT', () => {});

process.send?.({ type: 'ready', path: socketPath });
