import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp, type App } from '#server/app/create-app.ts';
import { loadConfig } from '#server/lib/config.ts';

// A second app in the test process, on its own embedded database, for what the browser cannot make
// happen in a test's time: the test reaches into its database (an event that ended yesterday).
// It serves the SPA the e2e setup built.
export type OwnApp = { app: App; url: string; close(): Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startOwnApp(): Promise<OwnApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-e2e-own-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SEED_DEMO: '0',
    JOB_WORKER: '0',
  });
  const app = await createApp({ config });
  await app.listen(port, '127.0.0.1');
  return {
    app,
    url,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
