import autocannon from 'autocannon';
import type { CpuPerRequest } from './server.ts';

// The near query and its two floors, measured on one long-running server in interleaved rounds, and
// the guard on their ratios (issue 31.3, ADR 074). Absolute CPU times on a shared 2-vCPU machine move
// by a third with its load; the ratios of requests measured side by side move far less, and a change
// that makes the near query or the REST page dearer moves them.

export type TargetKey = 'near' | 'rest' | 'typename' | 'healthz';
const NEAR_QUERY = `query Near { events(filter: {mode: PHYSICAL, near: {lat: 41.0082, lng: 28.9784}, radiusKm: 10}, first: 20) {
  edges { node { id title startsAt distanceKm participantCount maxParticipants publicLocation host { displayName } } } } }`;

type Request = { url: string; method?: 'POST'; headers?: Record<string, string>; body?: string };
type Target = {
  key: TargetKey;
  title: string;
  request(url: string, token: string): Request;
  // What a right answer looks like: a bench of error answers would measure the error path.
  check(status: number, body: string): boolean;
};

const json = (token: string) => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
});
export const TARGETS: Target[] = [
  {
    key: 'near',
    title: 'GraphQL events(near), 20 within 10 km',
    request: (url, token) => ({
      url: `${url}/graphql`,
      method: 'POST',
      headers: json(token),
      body: JSON.stringify({ query: NEAR_QUERY }),
    }),
    check: (status, body) =>
      status === 200 &&
      (JSON.parse(body) as { data?: { events: { edges: unknown[] } } }).data?.events.edges.length === 20,
  },
  {
    key: 'rest',
    title: 'GET /private/events/physical',
    request: (url, token) => ({
      url: `${url}/private/events/physical?lat=41.0082&lng=28.9784&radiusKm=10&limit=20`,
      headers: json(token),
    }),
    check: (status, body) => status === 200 && (JSON.parse(body) as unknown[]).length === 20,
  },
  {
    key: 'typename',
    title: 'GraphQL { __typename }, signed in',
    request: (url, token) => ({
      url: `${url}/graphql`,
      method: 'POST',
      headers: json(token),
      body: JSON.stringify({ query: '{ __typename }' }),
    }),
    check: (status, body) =>
      status === 200 && (JSON.parse(body) as { data?: { __typename: string } }).data?.__typename === 'Query',
  },
  {
    key: 'healthz',
    title: 'GET /healthz',
    request: (url) => ({ url: `${url}/healthz` }),
    check: (status) => status === 200,
  },
];

export type Measured = {
  key: TargetKey;
  title: string;
  requests: number;
  cpu: CpuPerRequest;
  // Server CPU ms per request in each round.
  rounds: number[];
  rps: number;
  p50: number;
  // The worst round's.
  p99: number;
  errors: number;
};

export type Plan = { rounds: number; duration: number; warmup: number; connections: number };

// `sample`: the CPU milliseconds used so far by the server, the database and the load generator.
export async function measureTargets(
  sample: () => CpuPerRequest,
  url: string,
  token: string,
  keys: TargetKey[],
  plan: Plan,
): Promise<Measured[]> {
  const targets = TARGETS.filter((t) => keys.includes(t.key));
  for (const t of targets) {
    const { url: u, method, headers, body } = t.request(url, token);
    const res = await fetch(u, { method, headers, body });
    const text = await res.text();
    if (!t.check(res.status, text))
      throw new Error(`${t.title}: unexpected answer ${res.status} ${text.slice(0, 300)}`);
  }
  const acc = new Map(
    targets.map((t) => [
      t.key,
      {
        requests: 0,
        seconds: 0,
        server: 0,
        database: 0,
        load: 0,
        rounds: [] as number[],
        p50: [] as number[],
        p99: 0,
        errors: 0,
      },
    ]),
  );
  const run = (t: Target, duration: number) =>
    autocannon({ ...t.request(url, token), connections: plan.connections, duration });
  // Warm-up (JIT, pools, prepared statements, caches), not counted.
  for (const t of targets) await run(t, plan.warmup);
  for (let round = 0; round < plan.rounds; round++) {
    // Each round starts with another target, so no target always follows the same one.
    const order = targets.map((_, i) => targets[(i + round) % targets.length]);
    for (const t of order) {
      const before = sample();
      const result = await run(t, plan.duration);
      const after = sample();
      const a = acc.get(t.key)!;
      const requests = Math.max(1, result.requests.total);
      a.requests += requests;
      a.seconds += result.duration;
      a.server += after.server - before.server;
      a.database += after.database - before.database;
      a.load += after.load - before.load;
      a.rounds.push((after.server - before.server) / requests);
      a.p50.push(result.latency.p50);
      a.p99 = Math.max(a.p99, result.latency.p99);
      a.errors += result.errors + result.non2xx;
    }
  }
  return targets.map((t) => {
    const a = acc.get(t.key)!;
    const per = (ms: number) => ms / a.requests;
    return {
      key: t.key,
      title: t.title,
      requests: a.requests,
      cpu: { server: per(a.server), database: per(a.database), load: per(a.load) },
      rounds: a.rounds,
      rps: Math.round(a.requests / Math.max(1, a.seconds)),
      p50: a.p50.sort((x, y) => x - y)[Math.floor(a.p50.length / 2)],
      p99: a.p99,
      errors: a.errors,
    };
  });
}

// The bounds, from measurements on the 2-vCPU machine of issue 31 (PostgreSQL, `--guard`: 2 000
// events, 3 rounds of 5 s, 10 connections; load average 3-13 from other work; ADR 074 has every run).
// Fourteen runs of the unchanged code gave near / { __typename } 7.27-8.99 and REST / GraphQL
// 1.75-2.14; the bounds sit about a sixth above the highest. Slowed on purpose, a near request dearer
// by 0.3 ms of server CPU gave 12.92 and a REST page dearer by 0.6-1 ms gave 3.26: both over.
// Since the REST shim's queries run through plans (ADR 074 "REST shim cut"), five runs gave REST /
// GraphQL 1.13-1.28 (the build before, interleaved: 1.58-1.99): its bound is 1.5, a sixth above.
// Since the near request's own cuts, four runs of the unchanged code (two in CI) gave near / {
// __typename } 5.37-5.82 (rounds 4.89-5.92), where 10.5 let a near request slowed by a 0.5 ms busy
// loop pass at 7.98: its bound was 7.0, a sixth above the highest run (2026-11-27, ADR 074). On the
// slower machine of 2026-12-01 five runs of the unchanged code (one in CI) gave 6.02-7.98 and failed
// the 7.0 three times, while the copy with the 0.5 ms busy loop gave 9.87-9.99: the bound is 8.7, a
// ninth above the highest unchanged run and a seventh below the slowed copy.
export const BOUNDS = {
  nearOverTypename: 8.7,
  restOverGraphql: 1.5,
};

export type Ratio = { name: string; value: number; bound: number; rounds: number[] };

export function ratiosOf(measured: Measured[]): Ratio[] {
  const by = (k: TargetKey) => measured.find((m) => m.key === k);
  const ratio = (name: string, top: Measured | undefined, bottom: Measured | undefined, bound: number) =>
    top && bottom
      ? [
          {
            name,
            value: top.cpu.server / bottom.cpu.server,
            bound,
            rounds: top.rounds.map((t, i) => t / bottom.rounds[i]),
          },
        ]
      : [];
  return [
    ...ratio('near / { __typename }', by('near'), by('typename'), BOUNDS.nearOverTypename),
    ...ratio('REST / GraphQL near', by('rest'), by('near'), BOUNDS.restOverGraphql),
  ];
}

const ms = (n: number) => n.toFixed(2);

// Prints the targets and the ratios; false when a judged ratio exceeds its bound (the bounds were
// set on PostgreSQL; PGlite's ratios are printed for information).
export function report(backend: string, measured: Measured[], plan: Plan, judged: boolean): boolean {
  console.log(
    `\n[${backend}] ${plan.rounds} interleaved rounds of ${plan.duration} s per target after ${plan.warmup} s of warm-up, ${plan.connections} connections`,
  );
  console.table(
    measured.map((m) => ({
      target: m.title,
      'CPU ms/req: server': ms(m.cpu.server),
      'server, per round': m.rounds.map(ms).join(' '),
      database: ms(m.cpu.database),
      'load generator': ms(m.cpu.load),
      'p50 ms': m.p50,
      'p99 ms': m.p99,
      errors: m.errors,
      'req/s (this machine)': m.rps,
    })),
  );
  let ok = true;
  const failed = measured.filter((m) => m.errors > 0);
  if (judged && failed.length) {
    // Error answers are cheap: a ratio over them would measure the error path.
    ok = false;
    console.log(`[${backend}] errors under load (${failed.map((m) => m.title).join(', ')}): the guard fails`);
  }
  for (const r of ratiosOf(measured)) {
    const within = r.value <= r.bound;
    if (judged) ok &&= within;
    const verdict = judged ? `bound ${r.bound}: ${within ? 'within' : 'EXCEEDED'}` : 'not judged';
    console.log(
      `[${backend}] server CPU ratio ${r.name}: ${r.value.toFixed(2)} (rounds ${r.rounds.map((x) => x.toFixed(2)).join(', ')}); ${verdict}`,
    );
  }
  return ok;
}
