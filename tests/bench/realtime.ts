// Realtime benchmark (npm run bench -- --realtime): two app instances on PostgreSQL + Redis.
// 1,000 requesters subscribe to notificationAdded on instance A; the host decides their requests on
// instance B at 10 decisions per second; we measure decision → notification latency at the
// subscriber. Then 10,000 idle subscriptions (1,000 sockets × 10) on A and A's resident memory.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createClient, type Client } from 'graphql-ws';
import pg from 'pg';
import WebSocket from 'ws';
import { createDatabase } from '#db/client.ts';
import { runMigrations } from '#db/migrate.ts';
import { createIdentityRepository } from '#server/identity/identity.repository.ts';
import { loadKeyStore } from '#server/identity/signing-keys.ts';
import { mintAccessToken } from '#server/identity/tokens.ts';
import { createTokensRepository } from '#server/modules/tokens/tokens.repository.ts';
import { EMBEDDED_CLIENT_ID } from '#server/lib/config.ts';
import { paths } from '#server/lib/paths.ts';
import { killedWithBench } from './children.ts';

export const PUBLIC_URL = 'http://bench.local';
// The instances run with the heap cap of the production image (Dockerfile, NODE_OPTIONS). Without a
// cap V8 lets garbage pile up far beyond the live heap before a full collection on a large machine,
// so resident memory would measure the machine's size, not the server.
export const HEAP_MB = 384;
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function startInstance(
  databaseUrl: string,
  redisUrl: string,
  port: number,
): Promise<ChildProcess> {
  const child = killedWithBench(
    spawn(
      process.execPath,
      [
        `--max-old-space-size=${HEAP_MB}`,
        ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
        'dist/server/main.js',
      ],
      {
        cwd: paths.root,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL,
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
          // Required in production; the benchmarks send no mail.
          SMTP_URL: 'smtp://mail.invalid:587',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    ),
  );
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('instance did not start');
}

// A fresh database on the PostgreSQL server, two instances on it and Redis, and a way to mint users'
// tokens; `stop` ends the instances gracefully (so BENCH_NODE_FLAGS such as --cpu-prof can write) and
// drops the database.
export async function twoInstances(adminUrl: string, redisUrl: string, prefix: string, basePort: number) {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const database = createDatabase(databaseUrl, { max: 4 });
  await runMigrations(database.db, { migrationsFolder: paths.migrations });
  const keys = await loadKeyStore(database.db);
  const idp = createIdentityRepository(database.db);
  const token = async () => {
    const sub = crypto.randomUUID();
    await idp.insertAccount({ sub, email: `${sub}@bench.local`, status: 'CONFIRMED', emailVerified: 1 });
    return mintAccessToken(
      keys,
      { issuer: PUBLIC_URL, clientId: EMBEDDED_CLIENT_ID },
      { sub, username: sub },
      { ttlSeconds: 7200 },
    );
  };
  const portA = basePort + Math.floor(Math.random() * 300);
  const portB = basePort + 400 + Math.floor(Math.random() * 300);
  const a = await startInstance(databaseUrl, redisUrl, portA);
  const b = await startInstance(databaseUrl, redisUrl, portB);
  const stop = async () => {
    const exited = [a, b].map((child) =>
      child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r)),
    );
    a.kill('SIGTERM');
    b.kill('SIGTERM');
    await Promise.race([Promise.all(exited), new Promise((r) => setTimeout(r, 15_000))]);
    await database.close();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  return { database, token, a, b, portA, portB, stop };
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

// Requests come from a Turkish address (via the trusted loopback proxy header), as in production:
// each user's first request then looks its IP up, so the instances' memory includes the GeoIP table.
const CLIENT_IP = '88.255.0.1';

export async function gql(port: number, token: string, query: string, variables?: Record<string, unknown>) {
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-forwarded-for': CLIENT_IP,
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: any; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

export async function realtimeBench(options: {
  adminUrl: string;
  redisUrl: string;
  subscribers: number;
  decisionsPerSecond: number;
  idle: number;
}) {
  const { database, token, a, portA, portB, stop } = await twoInstances(
    options.adminUrl,
    options.redisUrl,
    'squad_rt',
    4300,
  );
  const clients: Client[] = [];
  try {
    const hostToken = await token();
    const hostId = (await gql(portB, hostToken, '{ me { id } }')).me.id as string;
    // Enough events (each 20 places, requests spread) for every subscriber's request.
    const eventIds: string[] = [];
    const perEvent = 20;
    const start = new Date(Date.now() + 3 * 86_400_000);
    const date = start.toISOString().slice(0, 10);
    const eventCount = Math.ceil(options.subscribers / perEvent);
    // Benchmark host: enough tokens for every lobby, credited as an operator's adjustment (a lot that
    // backs the balance, as every credit must since token lots; ADR 034).
    await database.db.transaction((tx) =>
      createTokensRepository(tx).credit(tx, {
        userId: hostId,
        delta: eventCount,
        reason: 'adjustment',
        source: 'adjustment',
        idempotencyKey: `bench:${hostId}`,
      }),
    );
    for (let i = 0; i < eventCount; i++) {
      const data = await gql(
        portB,
        hostToken,
        'mutation($input: CreateEventInput!) { createEvent(input: $input) { event { id } } }',
        {
          input: {
            mode: 'ONLINE',
            title: `Bench lobisi ${i}`,
            description: 'Gerçek zamanlı ölçüm için.',
            category: 'popular-games',
            tags: ['valorant'],
            date,
            time: '20:00',
            durationMinutes: 120,
            maxParticipants: perEvent,
            platform: 'valorant',
          },
        },
      );
      eventIds.push(data.createEvent.event.id);
    }

    // Subscribers: one socket each to A, one request each (sent through B).
    const received = new Map<string, number>();
    const requestOf = new Map<string, string>();
    console.log(`[realtime] opening ${options.subscribers} subscriptions on instance A`);
    for (let i = 0; i < options.subscribers; i++) {
      const t = await token();
      await gql(portB, t, '{ me { id } }');
      const client = createClient({
        url: `ws://127.0.0.1:${portA}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { Authorization: `Bearer ${t}` },
        retryAttempts: 0,
        lazy: false,
      });
      clients.push(client);
      await new Promise<void>((resolve, reject) => {
        client.subscribe<{ notificationAdded: { joinRequest: { id: string } | null } }>(
          { query: 'subscription { notificationAdded { type joinRequest { id } } }' },
          {
            next: (v) => {
              const id = v.data?.notificationAdded.joinRequest?.id;
              if (id) received.set(id, performance.now());
            },
            error: reject,
            complete: () => {},
          },
        );
        client.on('connected', () => resolve());
      });
      const data = await gql(
        portB,
        t,
        'mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { id } } }',
        {
          input: { eventId: eventIds[i % eventIds.length], message: 'Selam, ben de oynamak isterim!' },
        },
      );
      requestOf.set(data.requestToJoin.joinRequest.id, t);
    }
    await new Promise((r) => setTimeout(r, 1000));

    console.log(
      `[realtime] deciding ${requestOf.size} requests on instance B at ${options.decisionsPerSecond}/s`,
    );
    const sentAt = new Map<string, number>();
    const ids = [...requestOf.keys()];
    const interval = 1000 / options.decisionsPerSecond;
    const began = performance.now();
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < ids.length; i++) {
      const due = began + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sentAt.set(ids[i], performance.now());
      pending.push(
        gql(
          portB,
          hostToken,
          'mutation($id: ID!) { declineRequest(input: {id: $id}) { joinRequest { id } } }',
          { id: ids[i] },
        ),
      );
    }
    await Promise.all(pending);
    await new Promise((r) => setTimeout(r, 2000));
    const latencies = ids
      .filter((id) => received.has(id))
      .map((id) => received.get(id)! - sentAt.get(id)!)
      .sort((x, y) => x - y);
    const latency = {
      delivered: `${latencies.length}/${ids.length}`,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };

    // Idle subscriptions: 10 per socket on the already open sockets.
    const extra = Math.max(0, Math.ceil(options.idle / clients.length) - 1);
    const rssBefore = rssMb(a.pid!);
    let refused = 0;
    for (const client of clients) {
      for (let k = 0; k < extra; k++) {
        client.subscribe(
          {
            query: 'subscription($id: ID!) { eventChanged(id: $id) { id } }',
            variables: { id: eventIds[k % eventIds.length] },
          },
          { next: () => {}, error: () => refused++, complete: () => {} },
        );
      }
    }
    // Resident memory once the burst of subscribing has settled: sampled each second for 20 s, the
    // last sample is the idle figure, the highest one the peak while subscribing.
    let peak = 0;
    let last = 0;
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      last = rssMb(a.pid!);
      peak = Math.max(peak, last);
    }
    const memory = {
      subscriptions: clients.length * (extra + 1) - refused,
      rssMbBefore: Math.round(rssBefore),
      rssMbPeak: Math.round(peak),
      rssMb: Math.round(last),
    };
    return { latency, memory };
  } finally {
    await Promise.allSettled(clients.map((c) => Promise.resolve(c.dispose())));
    await stop();
  }
}
