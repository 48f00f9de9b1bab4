// `npm run lighthouse`: Lighthouse (mobile preset, simulated throttling, cold cache) on the built app on
// its embedded defaults, for /login and, signed in, /dashboard/physical. Prints each run's score, LCP
// and TBT, then the spread. A benchmark: it exits 0 whatever the scores (targets: login >= 95,
// physical >= 90; ADR 044).
//   npm run lighthouse -- --runs 3 --only physical
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import WebSocket from 'ws';
import { paths } from '#server/lib/paths.ts';
import { killedWithBench } from './children.ts';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const RUNS = Number(opt('runs', '2'));
const ONLY = opt('only', 'all');
// `--save DIR` keeps each run's full report (JSON) and trace for a closer look.
const SAVE = opt('save', '');
// With --save: the trace also holds V8's CPU samples, to see which functions the long tasks ran
// (build with BUILD_SOURCEMAP=1 to read them by source name).
const PROFILE = args.includes('--profile');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TARGETS = { login: 95, physical: 90 } as const;

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

async function waitFor(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    if (Date.now() > deadline) throw new Error(`${what} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

// The app as `npm start` runs it: embedded database with the demo data, built-in identity provider.
async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const built = ['dist/client/index.html', 'dist/server/main.js'].every((f) =>
    fs.existsSync(path.join(paths.root, f)),
  );
  if (!built) {
    const r = spawnSync('npm', ['run', 'build'], {
      cwd: paths.root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) throw new Error('build failed');
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = killedWithBench(
    spawn(process.execPath, ['dist/server/main.js'], {
      cwd: paths.root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        REDIS_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
  await waitFor(`${url}/readyz`, child, 'server');
  return { url, child };
}

async function cognito(url: string, op: string, body: Record<string, unknown>) {
  const res = await fetch(`${url}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${op}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${op}: ${JSON.stringify(json)}`);
  return json;
}

// A confirmed account and the session the SPA keeps in localStorage (features/auth/sessionStore.ts).
async function signedInSession(url: string): Promise<string> {
  const { clientId } = (
    (await (await fetch(`${url}/config.json`)).json()) as {
      cognito: { clientId: string };
    }
  ).cognito;
  const email = `lighthouse.${Date.now()}@squad.test`;
  const password = 'Squad-bench-1';
  await cognito(url, 'SignUp', {
    ClientId: clientId,
    Username: email,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  const mails = (await (await fetch(`${url}/dev/mailbox.json`)).json()) as { to: string; text: string }[];
  const code = /code=(\d{6})/.exec(mails.find((m) => m.to === email)?.text ?? '')?.[1];
  if (!code) throw new Error('no confirmation mail');
  await cognito(url, 'ConfirmSignUp', { ClientId: clientId, Username: email, ConfirmationCode: code });
  const auth = (await cognito(url, 'InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  })) as {
    AuthenticationResult: { AccessToken: string; IdToken: string; RefreshToken: string; ExpiresIn: number };
  };
  const r = auth.AuthenticationResult;
  return JSON.stringify({
    accessToken: r.AccessToken,
    idToken: r.IdToken,
    refreshToken: r.RefreshToken,
    expiresAt: Date.now() + r.ExpiresIn * 1000,
    method: 'password',
  });
}

// One CDP command on a page target, over the DevTools WebSocket.
async function cdp(wsUrl: string, method: string, params: Record<string, unknown>): Promise<unknown> {
  const ws = new WebSocket(wsUrl);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  try {
    return await new Promise((resolve, reject) => {
      ws.on('message', (raw: Buffer) => {
        const msg = JSON.parse(raw.toString()) as { id?: number; result?: unknown; error?: unknown };
        if (msg.id !== 1) return;
        if (msg.error) reject(new Error(JSON.stringify(msg.error)));
        else resolve(msg.result);
      });
      ws.send(JSON.stringify({ id: 1, method, params }));
    });
  } finally {
    ws.close();
  }
}

// A fresh Chromium profile per run: nothing cached, no service worker. A session is written into the
// origin's localStorage (and its hint cookie) from /robots.txt, which loads nothing of the app.
async function withChromium<T>(
  fn: (port: number) => Promise<T>,
  session?: { origin: string; value: string },
): Promise<T> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-lighthouse-'));
  const port = await freePort();
  const chrome = killedWithBench(
    spawn(
      CHROMIUM,
      [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
      { stdio: 'ignore' },
    ),
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/json/version`, chrome, 'chromium');
    if (session) {
      const res = await fetch(
        `http://127.0.0.1:${port}/json/new?${encodeURIComponent(`${session.origin}/robots.txt`)}`,
        { method: 'PUT' },
      );
      const target = (await res.json()) as { id: string; webSocketDebuggerUrl: string };
      const deadline = Date.now() + 10_000;
      let href = '';
      while (!href.startsWith(session.origin) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        // The page may still be between documents (no execution context yet): ask again.
        const result = (await cdp(target.webSocketDebuggerUrl, 'Runtime.evaluate', {
          expression: 'location.href',
          returnByValue: true,
        }).catch(() => null)) as { result: { value: string } } | null;
        href = result?.result.value ?? '';
      }
      // The session and the hint cookie the app keeps beside it (ADR 050), as after a sign-in.
      await cdp(target.webSocketDebuggerUrl, 'Runtime.evaluate', {
        expression:
          `localStorage.setItem('squad.session', ${JSON.stringify(session.value)});` +
          `document.cookie = 'squad.signed-in=1; path=/; max-age=31536000; samesite=lax'`,
      });
      await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`);
    }
    return await fn(port);
  } finally {
    chrome.kill('SIGTERM');
    await new Promise((r) => (chrome.exitCode !== null ? r(null) : chrome.once('exit', r)));
    // Chromium's helpers may still be writing into the profile for a moment after it exits.
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`could not remove ${profile}: ${String(error)}`);
    }
  }
}

// A run Lighthouse itself voids (NO_NAVSTART: "something went wrong with recording the trace … run
// Lighthouse again"): no measurement, so it is run again in a new browser, up to ATTEMPTS times.
class VoidRun extends Error {}
const ATTEMPTS = 3;

type Result = {
  score: number;
  lcp: number;
  tbt: number;
  fcp: number;
  lcpElement: string;
  requests: number;
  // Lighthouse's reading of the host's CPU during the run: the 4x slowdown stands for a phone when the
  // host reads about 1,500 (docs/throttling.md); ADR 050 round 5.
  benchmarkIndex: number;
};

async function measure(url: string, port: number, keepStorage: boolean, blocked: string[]): Promise<Result> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // The session written above must survive; the profile is new, so the cache is cold anyway.
    disableStorageReset: keepStorage,
    // Map tiles come from the internet, which this machine and CI do not reach.
    blockedUrlPatterns: blocked,
    ...(PROFILE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
  });
  if (!result) throw new Error('lighthouse returned nothing');
  const { lhr } = result;
  if (SAVE) {
    fs.mkdirSync(SAVE, { recursive: true });
    const name = `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}`;
    fs.writeFileSync(path.join(SAVE, `${name}.json`), result.report as string);
    // The page's trace too (open it in Chromium's performance panel), to see what the tasks were.
    fs.writeFileSync(path.join(SAVE, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  if (lhr.runtimeError) throw new VoidRun(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id];
  const lcpItems = (
    audit('largest-contentful-paint-element')?.details as
      { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
  )?.items;
  const requests = (audit('network-requests')?.details as { items?: unknown[] } | undefined)?.items;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint')?.numericValue ?? NaN,
    tbt: audit('total-blocking-time')?.numericValue ?? NaN,
    fcp: audit('first-contentful-paint')?.numericValue ?? NaN,
    lcpElement: (lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '?').slice(0, 90),
    requests: requests?.length ?? 0,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-lighthouse-data-'));
  const { url, child } = await startServer(dataDir);
  try {
    const config = (await (await fetch(`${url}/config.json`)).json()) as { map: { tileUrl: string } };
    const tileHost = new URL(config.map.tileUrl.replace('{s}.', 'a.')).host.replace(/^a\./, '');
    const blocked = [`*${tileHost}*`];
    const session = await signedInSession(url);
    const pages = [
      { name: 'login' as const, path: '/login', signedIn: false },
      { name: 'physical' as const, path: '/dashboard/physical', signedIn: true },
    ].filter((p) => ONLY === 'all' || ONLY === p.name);
    const results = new Map<string, Result[]>();
    for (let run = 1; run <= RUNS; run++) {
      for (const page of pages) {
        let r: Result | undefined;
        for (let attempt = 1; !r; attempt++) {
          try {
            r = await withChromium(
              (port) => measure(`${url}${page.path}`, port, page.signedIn, blocked),
              page.signedIn ? { origin: url, value: session } : undefined,
            );
          } catch (error) {
            if (!(error instanceof VoidRun) || attempt >= ATTEMPTS) throw error;
            console.log(
              `lighthouse run ${run}/${RUNS} ${page.path}: void (${error.message}), running it again`,
            );
          }
        }
        results.set(page.name, [...(results.get(page.name) ?? []), r]);
        console.log(
          `lighthouse run ${run}/${RUNS} ${page.path}: score ${r.score}, LCP ${seconds(r.lcp)}, ` +
            `TBT ${Math.round(r.tbt)} ms, FCP ${seconds(r.fcp)}, ${r.requests} requests, ` +
            `benchmarkIndex ${Math.round(r.benchmarkIndex)}, LCP element ${r.lcpElement}`,
        );
      }
    }
    console.log('\nLighthouse mobile (simulated slow 4G, 4x CPU), cold cache:');
    for (const page of pages) {
      const rs = results.get(page.name) ?? [];
      const scores = rs.map((r) => r.score);
      const lcps = rs.map((r) => r.lcp);
      const tbts = rs.map((r) => r.tbt);
      console.log(
        `  ${page.path.padEnd(20)} score ${Math.min(...scores)}–${Math.max(...scores)} ` +
          `(target >= ${TARGETS[page.name]}), LCP ${seconds(Math.min(...lcps))}–${seconds(Math.max(...lcps))}, ` +
          `TBT ${Math.round(Math.min(...tbts))}–${Math.round(Math.max(...tbts))} ms over ${rs.length} runs ` +
          `(benchmarkIndex ${Math.round(Math.min(...rs.map((r) => r.benchmarkIndex)))}–${Math.round(Math.max(...rs.map((r) => r.benchmarkIndex)))})`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
