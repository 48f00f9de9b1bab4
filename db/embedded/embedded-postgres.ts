import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type EmbeddedPostgres = {
  url: string;
  port: number;
  stop(): Promise<void>;
};

// Finds the child entry next to this module: the .ts source under tsx/vitest, the bundled .js in dist.
function childEntry(): { file: string; execArgv: string[] } {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundled = path.join(here, 'pglite-child.js');
  if (fs.existsSync(bundled)) return { file: bundled, execArgv: [] };
  const source = path.join(here, 'pglite-child.ts');
  if (fs.existsSync(source)) return { file: source, execArgv: ['--import', 'tsx'] };
  throw new Error(`embedded database: cannot find pglite-child next to ${here}`);
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  startTimeoutMs?: number;
  onExit?: (code: number | null) => void;
}): Promise<EmbeddedPostgres> {
  const { file, execArgv } = childEntry();
  const child: ChildProcess = fork(file, [], {
    execArgv,
    env: { ...process.env, PGLITE_DATA_DIR: options.dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('embedded database: start timed out'));
    }, options.startTimeoutMs ?? 120_000);
    child.once('message', (msg: { type?: string; port?: number }) => {
      if (msg?.type === 'ready' && typeof msg.port === 'number') {
        clearTimeout(timer);
        resolve(msg.port);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`embedded database: process exited during start (code ${code})`));
    });
  });

  let stopped = false;
  child.on('exit', (code) => {
    if (!stopped) options.onExit?.(code);
  });

  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async stop() {
      if (stopped || child.exitCode !== null) return;
      stopped = true;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ type: 'stop' });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), 15_000);
      });
      const outcome = await Promise.race([exited, timeout]);
      clearTimeout(timer);
      if (outcome === 'timeout') child.kill('SIGKILL');
    },
  };
}
