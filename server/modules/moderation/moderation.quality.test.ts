import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkWithRules } from './moderation.rules.ts';
import type { Verdict } from './moderation.types.ts';

// The rules engine over the labelled set (tests/fixtures/moderation/labelled.jsonl). Rules were tuned
// on the dev split only; ids ending in 0 or 5 are held out. The numbers are printed for the record.
type Row = { id: string; text: string; label: Verdict; note?: string };
const file = new URL('../../../tests/fixtures/moderation/labelled.jsonl', import.meta.url);
const rows: Row[] = fs
  .readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l));
const isHeldOut = (r: Row) => /[05]$/.test(r.id);
const context = { recentMessages: [], now: new Date('2025-06-14T18:00:00Z') };
const predicted = new Map(rows.map((r) => [r.id, checkWithRules(r.text, context).verdict]));

const VERDICTS: Verdict[] = ['ok', 'review', 'block'];

function report(name: string, split: Row[]) {
  const matrix = VERDICTS.map((label) =>
    VERDICTS.map((p) => split.filter((r) => r.label === label && predicted.get(r.id) === p).length),
  );
  const score = (positive: (v: Verdict) => boolean) => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const r of split) {
      const actual = positive(r.label);
      const guess = positive(predicted.get(r.id)!);
      if (actual && guess) tp++;
      else if (guess) fp++;
      else if (actual) fn++;
    }
    return { precision: tp / (tp + fp || 1), recall: tp / (tp + fn || 1) };
  };
  const flagged = score((v) => v !== 'ok');
  const block = score((v) => v === 'block');
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(
    [
      `${name}: ${split.length} messages`,
      `  flagged (review+block vs ok): precision ${pct(flagged.precision)}, recall ${pct(flagged.recall)}`,
      `  block:                        precision ${pct(block.precision)}, recall ${pct(block.recall)}`,
      '  label \\ predicted   ok  review  block',
      ...VERDICTS.map(
        (l, i) =>
          `  ${l.padEnd(18)}${matrix[i].map((n, j) => String(n).padStart(j === 0 ? 4 : 7)).join(' ')}`,
      ),
      ...split
        .filter((r) => predicted.get(r.id) !== r.label)
        .map((r) => `  ✗ ${r.id} ${r.label} → ${predicted.get(r.id)}: ${r.text}`),
    ].join('\n'),
  );
  return { flagged, block };
}

describe('labelled join messages', () => {
  it('is a well-formed set of at least 300 lines', () => {
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (const r of rows) {
      expect(VERDICTS, r.id).toContain(r.label);
      expect(typeof r.text, r.id).toBe('string');
    }
  });

  it('scores the rules on the dev split', () => {
    const { flagged, block } = report(
      'dev',
      rows.filter((r) => !isHeldOut(r)),
    );
    expect(flagged.precision).toBeGreaterThanOrEqual(0.95);
    expect(flagged.recall).toBeGreaterThanOrEqual(0.9);
    expect(block.precision).toBeGreaterThanOrEqual(0.9);
    expect(block.recall).toBeGreaterThanOrEqual(0.85);
  });

  it('scores the rules on the held-out split', () => {
    const { flagged, block } = report('held-out', rows.filter(isHeldOut));
    expect(flagged.precision).toBeGreaterThanOrEqual(0.9);
    expect(flagged.recall).toBeGreaterThanOrEqual(0.85);
    expect(block.precision).toBeGreaterThanOrEqual(0.85);
    expect(block.recall).toBeGreaterThanOrEqual(0.8);
  });

  it('never blocks (and almost never flags) the innocent-substring lines', () => {
    const innocent = rows.filter((r) => r.note?.startsWith('innocent'));
    expect(innocent.length).toBeGreaterThanOrEqual(50);
    expect(innocent.filter((r) => predicted.get(r.id) === 'block').map((r) => r.text)).toEqual([]);
    expect(innocent.filter((r) => predicted.get(r.id) !== 'ok').length).toBeLessThanOrEqual(2);
  });
});
