import { describe, expect, it } from 'vitest';
import { corpusProblems, loadCorpus, type Split } from './moderation.corpus.ts';
import { builtinModel, checkText } from './moderation.engine.ts';
import { formatReport, meetsTargets, report } from './moderation.metrics.ts';
import { CATEGORIES } from './moderation.types.ts';

// The engine over the labelled corpus (tests/fixtures/moderation/corpus, ADR 036), as
// `npm run moderation:eval` scores it: floors that a change to the rules or the model must keep.
const rows = loadCorpus();
const model = builtinModel();
const context = { now: new Date('2026-01-01T12:00:00Z'), recentMessages: [] };
const scored = rows.map((row) => ({
  row,
  result: checkText(row.text, { ...context, kind: row.kind }, model),
}));
const split = (name: Split) => report(scored.filter((s) => s.row.split === name));

describe('the labelled corpus', () => {
  it('is well-formed, large enough per category, and no line crosses splits', () => {
    expect(corpusProblems(rows)).toEqual([]);
    expect(rows.filter((r) => r.label === 'ok').length).toBeGreaterThanOrEqual(700);
    for (const category of CATEGORIES) {
      expect(rows.filter((r) => r.label === category).length, category).toBeGreaterThanOrEqual(120);
      expect(
        rows.filter((r) => r.label === category && r.split === 'test').length,
        category,
      ).toBeGreaterThanOrEqual(30);
    }
  });
});

describe('scores', () => {
  it('meets the targets on the held-out test split', () => {
    const test = split('test');
    console.log(formatReport('test', test));
    expect(meetsTargets(test)).toBe(true);
    expect(test.selfHarmRecall.rate).toBeGreaterThanOrEqual(0.9);
  });

  // Dev holds a quarter of rounds 3 to 13's blind batches (ADR 073): its floors are lower than the single
  // author's lines alone gave, and honest.
  it('holds the dev floors the threshold was chosen for', () => {
    const dev = split('dev');
    expect(dev.abuseRecall.rate).toBeGreaterThanOrEqual(0.88);
    expect(dev.spamRecall.rate).toBeGreaterThanOrEqual(0.93);
    expect(dev.okFalsePositives.rate).toBeLessThanOrEqual(0.025);
  });

  // The frozen held-out sets' figures in aggregate, never their lines. Since round 12 (ADR 073) both meet
  // the targets (fresh 90.9 % / 4.6 %, fresh2 91.9 % / 2.2 %) and the eval's FRESH_GATE fails CI
  // below them; these floors say the same in the suite. fresh2's recall floor stays a little above the
  // target, near its level (92.2 % at round 11, one line fewer at round 12).
  it('holds the fresh floors', () => {
    const fresh = split('fresh');
    expect(fresh.harmRecall.rate).toBeGreaterThanOrEqual(0.9);
    expect(fresh.okFalsePositives.rate).toBeLessThanOrEqual(0.05);
    const fresh2 = split('fresh2');
    expect(fresh2.rows).toBeGreaterThanOrEqual(500);
    expect(fresh2.harmRecall.rate).toBeGreaterThanOrEqual(0.915);
    expect(fresh2.okFalsePositives.rate).toBeLessThanOrEqual(0.03);
  });

  it('almost never blocks an innocent line in any split', () => {
    const ok = scored.filter((s) => s.row.label === 'ok');
    const blocked = ok.filter((s) => s.result.verdict === 'block');
    expect(blocked.length / ok.length).toBeLessThanOrEqual(0.01);
  });
});
