// Content-check benchmark (npm run bench -- --moderation, ADR 073): one message's check (rules,
// Turkish stems, the model, the policy) in this process, over every train, dev and test line of the
// corpus (not the frozen fresh split). Twice: the first pass meets most words for the first time (the
// stemmer's cache is cold for them), the second is the steady state of a running server. Each check
// is timed twice: wall time, which on a shared machine also counts the moments the scheduler gives the
// CPU to other processes, and this process's CPU time (process.cpuUsage), which does not. Target: the
// check of one message p99 <= 2 ms of CPU.
import { isFresh, loadCorpus } from '#server/modules/moderation/moderation.corpus.ts';
import { builtinModel, checkText, createRulesChecker } from '#server/modules/moderation/moderation.engine.ts';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export function moderationBench() {
  createRulesChecker(); // compiles the expressions and decodes the model, as at start-up
  const model = builtinModel();
  const rows = loadCorpus().filter((r) => !isFresh(r.split));
  const context = { now: new Date('2026-01-01T12:00:00Z'), recentMessages: [] };
  const pass = () => {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (const row of rows) {
      const started = performance.now();
      const usage = process.cpuUsage();
      checkText(row.text, { ...context, kind: row.kind }, model);
      const used = process.cpuUsage(usage);
      wall.push(performance.now() - started);
      cpu.push((used.user + used.system) / 1000);
    }
    const stats = (times: number[]) => {
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1)! };
    };
    return { messages: rows.length, wall: stats(wall), cpu: stats(cpu) };
  };
  return { first: pass(), steady: pass() };
}
