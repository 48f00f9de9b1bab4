import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { paths } from '#server/lib/paths.ts';
import { startFakeGoogle } from './fake-google.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    // The running server's data dir, for operator commands (npm run admin) in tests.
    e2eDataDir: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

// Builds the app (as `npm start` would) and runs it on its embedded defaults in a fresh data dir.
export default async function setup(project: TestProject) {
  const built = ['dist/client/index.html', 'dist/server/main.js'].every((f) =>
    fs.existsSync(path.join(paths.root, f)),
  );
  if (!built || process.env.CI || process.env.E2E_REBUILD) {
    // Vitest runs with NODE_ENV=test, which would make Vite build React's development bundle and
    // leave out production-only code (the service worker's registration): build what ships.
    const r = spawnSync('npm', ['run', 'build'], {
      cwd: paths.root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) throw new Error('build failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // "Google": a local OpenID provider, so the whole sign-in with Google runs in the browser.
  const google = await startFakeGoogle({
    port: await freePort(),
    redirectUri: `${baseUrl}/oauth2/idpresponse`,
  });
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: paths.root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      SEED_DEMO: '0',
      NODE_ENV: 'test',
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER: google.issuer,
      ...Object.fromEntries(
        Object.entries(process.env)
          .filter(([k]) => k.startsWith('E2E_SERVER_'))
          .map(([k, v]) => [k.slice(11), v]),
      ),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('e2eBaseUrl', baseUrl);
  project.provide('e2eDataDir', dataDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await google.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
