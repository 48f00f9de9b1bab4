import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DataDirLockedError } from '#db/embedded/data-dir-lock.ts';
import { createApp } from '#server/app/create-app.ts';
import { loadConfig } from '#server/lib/config.ts';
import { decorate } from '#tests/helpers/test-app.ts';

const KALICI = '6f1c2b1e-5d0a-4a57-9d8e-0c7f4f2b9a11';

// The embedded default as `npm start` runs it: no DATABASE_URL, PGlite in a child process on DATA_DIR.
describe.runIf(inject('backend') === 'pglite')('embedded database on DATA_DIR', () => {
  it('starts, refuses a second server on the same data dir, and keeps data across restarts', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-embedded-'));
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PORT: '0',
      SEED_DEMO: '0',
      PUBLIC_URL: 'http://squad.test',
    };
    const first = await createApp({ config: loadConfig(env) });
    const app = decorate(first, await first.listen(0, '127.0.0.1'));
    try {
      const user = await app.newUser({ sub: KALICI, username: KALICI });
      expect(user.id).toBeTruthy();

      await expect(createApp({ config: loadConfig(env) })).rejects.toSatisfy(
        (err: unknown) =>
          err instanceof DataDirLockedError && /already using the data directory/.test(err.message),
      );
    } finally {
      await app.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const second = await createApp({ config: loadConfig(env) });
    const again = decorate(second, await second.listen(0, '127.0.0.1'));
    try {
      const token = again.tokenFor({ sub: KALICI, username: KALICI });
      const me = await again.gql('{ me { tokenBalance } tokenLedger { nodes { reason } } }', undefined, {
        token,
      });
      expect(me.data.me.tokenBalance).toBe(5);
      expect(me.data.tokenLedger.nodes).toHaveLength(1);
    } finally {
      await again.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
