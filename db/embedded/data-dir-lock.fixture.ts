// Test helper (data-dir-lock.test.ts): holds the lock of the data dir given as argument until killed.
import { acquireDataDirLock } from './data-dir-lock.ts';

await acquireDataDirLock(process.argv[2]);
process.send?.('locked');
setInterval(() => {}, 60_000);
