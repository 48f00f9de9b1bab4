// `npx tsx tests/bench/trace-tasks.ts <trace.json> [--min 12] [--tasks]`: what the long tasks of a
// Lighthouse run spent their time on (ADR 050). Reads a trace saved by `npm run lighthouse -- --save DIR
// --profile` (built with BUILD_SOURCEMAP=1), finds the page's main thread, and attributes V8's CPU
// samples inside tasks longer than --min milliseconds (12.5 ms observed is 50 ms at Lighthouse's 4×
// CPU, where a task starts to count in TBT) to packages and to our own modules through the source maps.
// --tasks also lists each long task with its largest parts. The sampler slows the page by about a half,
// so the shares say where the time goes; the runs without --profile say how much there is.
import fs from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { paths } from '#server/lib/paths.ts';

type CallFrame = { url: string; functionName: string; lineNumber: number; columnNumber: number };
type Node = { id: number; parent?: number; callFrame: CallFrame };
type Event = {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: any;
};
type Profile = { tid: number; start: number; nodes: Map<number, Node>; samples: number[]; deltas: number[] };

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('usage: tsx tests/bench/trace-tasks.ts <trace.json> [--min 12] [--tasks]');
  process.exit(2);
}
const minIndex = args.indexOf('--min');
const minMs = minIndex >= 0 ? Number(args[minIndex + 1]) : 12;
const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents?: Event[] } | Event[];
const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);

// The page's main thread: the renderer main thread with the most long tasks.
const names = new Map(
  events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]),
);
const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > minMs * 1000);
const perThread = new Map<string, number>();
for (const t of tasks) {
  const key = `${t.pid}:${t.tid}`;
  if (names.get(key) === 'CrRendererMain') perThread.set(key, (perThread.get(key) ?? 0) + 1);
}
const mainKey = [...perThread].sort((a, b) => b[1] - a[1])[0]?.[0];
if (!mainKey) throw new Error('no long task on a renderer main thread in this trace');
const [pid, tid] = mainKey.split(':').map(Number);
const long = tasks.filter((t) => t.pid === pid && t.tid === tid).sort((a, b) => a.ts - b.ts);

const profiles = new Map<string, Profile>();
for (const e of events) {
  if (e.pid !== pid) continue;
  if (e.name === 'Profile')
    profiles.set(e.id!, {
      tid: e.tid,
      start: e.args.data.startTime,
      nodes: new Map(),
      samples: [],
      deltas: [],
    });
  const p = e.name === 'ProfileChunk' ? profiles.get(e.id!) : undefined;
  if (!p) continue;
  const data = e.args.data;
  for (const n of (data.cpuProfile?.nodes ?? []) as Node[]) p.nodes.set(n.id, n);
  p.samples.push(...((data.cpuProfile?.samples ?? []) as number[]));
  p.deltas.push(...((data.timeDeltas ?? []) as number[]));
}
if (![...profiles.values()].some((p) => p.tid === tid && p.samples.length))
  throw new Error('no CPU samples in this trace: run `npm run lighthouse` with --save DIR --profile');

const consumers = new Map<string, SourceMapConsumer | null>();
function sourceOf(frame: CallFrame): { source: string; name: string } {
  if (!frame.url) return { source: frame.functionName || '(native)', name: frame.functionName };
  const asset = frame.url.split('/assets/')[1];
  const mapFile = asset ? path.join(paths.root, 'dist/client/assets', `${asset}.map`) : '';
  if (!consumers.has(mapFile))
    consumers.set(
      mapFile,
      mapFile && fs.existsSync(mapFile)
        ? new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as RawSourceMap)
        : null,
    );
  const original = consumers.get(mapFile)?.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  const source = (original?.source ?? frame.url.split('/').pop() ?? '?')
    .replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
    .replace(/^.*client\/src\//, 'src/');
  return { source, name: original?.name ?? frame.functionName };
}

// Each sample in a long task: its own package (self time) and the nearest of our modules on its stack.
const self = new Map<string, number>();
const perTask = long.map(() => new Map<string, number>());
const add = (m: Map<string, number>, key: string, us: number) => m.set(key, (m.get(key) ?? 0) + us);
for (const p of profiles.values()) {
  if (p.tid !== tid) continue;
  let at = p.start;
  for (let i = 0; i < p.samples.length; i++) {
    at += p.deltas[i] ?? 0;
    const index = long.findIndex((t) => at >= t.ts && at <= t.ts + t.dur!);
    if (index < 0) continue;
    const us = p.deltas[i + 1] ?? 0;
    let node = p.nodes.get(p.samples[i]);
    if (!node) continue;
    add(self, sourceOf(node.callFrame).source, us);
    let ours: string | null = null;
    for (; node && !ours; node = node.parent === undefined ? undefined : p.nodes.get(node.parent)) {
      const { source, name } = sourceOf(node.callFrame);
      if (source.startsWith('src/')) ours = `${name || '(anonymous)'} (${source})`;
    }
    add(perTask[index], ours ?? sourceOf(p.nodes.get(p.samples[i])!.callFrame).source, us);
  }
}

const ms = (us: number) => `${(us / 1000).toFixed(1).padStart(7)} ms`;
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
const total = long.reduce((sum, t) => sum + t.dur!, 0);
console.log(`${long.length} tasks over ${minMs} ms on the main thread, ${ms(total).trim()} in all`);
console.log('self time by package or module:');
for (const [key, us] of top(self, 25)) console.log(`${ms(us)}  ${key}`);
if (args.includes('--tasks')) {
  console.log('\nthe tasks (start from the first, length, largest parts by our nearest module):');
  long.forEach((t, i) => {
    const parts = top(perTask[i], 3).map(([k, us]) => `${k} ${(us / 1000).toFixed(1)}`);
    console.log(`${ms(t.ts - long[0].ts)} ${ms(t.dur!)}  ${parts.join(' | ')}`);
  });
}
