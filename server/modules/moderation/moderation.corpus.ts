import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATEGORIES, type Category, type TextKind, type Verdict } from './moderation.types.ts';

// The labelled corpus of ADR 036 (tests/fixtures/moderation/corpus/*.jsonl), for training, the eval
// and the quality test.

export type Label = 'ok' | Category;
// `fresh` and `fresh2` are frozen held-out sets written blind (issue 25, ADR 073): never trained on.
export type Split = 'train' | 'dev' | 'test' | 'fresh' | 'fresh2';
export const isFresh = (split: Split) => split === 'fresh' || split === 'fresh2';
export type Row = {
  id: string;
  text: string;
  label: Label;
  verdict: Verdict;
  kind?: TextKind;
  split: Split;
  note?: string;
};

export const CORPUS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../tests/fixtures/moderation/corpus',
);
const LABELS: readonly string[] = ['ok', ...CATEGORIES];
const VERDICTS: readonly string[] = ['ok', 'review', 'block'];
const SPLITS: readonly string[] = ['train', 'dev', 'test', 'fresh', 'fresh2'];

// Every line of every file; a malformed line is an error with its file and line number.
export function loadCorpus(dir = CORPUS_DIR): Row[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((file) => readCorpusFile(path.join(dir, file)));
}

// One file's lines, checked. `batch` reads a new batch before it joins the corpus (its lines carry no
// id or split of their own): each gets an id from its line number and that split.
export function readCorpusFile(file: string, batch?: { split: Split }): Row[] {
  const rows: Row[] = [];
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      const where = `${path.basename(file)}:${i + 1}`;
      const parsed = JSON.parse(line) as Row;
      const row = batch ? { ...parsed, id: parsed.id ?? `batch-${i + 1}`, split: batch.split } : parsed;
      if (typeof row.id !== 'string' || typeof row.text !== 'string')
        throw new Error(`${where}: id and text`);
      if (!LABELS.includes(row.label)) throw new Error(`${where}: unknown label ${row.label}`);
      if (!VERDICTS.includes(row.verdict)) throw new Error(`${where}: unknown verdict ${row.verdict}`);
      if (!SPLITS.includes(row.split)) throw new Error(`${where}: unknown split ${row.split}`);
      rows.push(row);
    });
  return rows;
}

// The same text in two splits would let the model or the tuning see held-out lines.
const key = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s.,!?;:]+/g, ' ')
    .trim();
export function corpusProblems(rows: Row[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const seen = new Map<string, Row>();
  for (const r of rows) {
    if (ids.has(r.id)) problems.push(`duplicate id ${r.id}`);
    ids.add(r.id);
    if ((r.label === 'ok') !== (r.verdict === 'ok') && r.kind !== 'report') {
      problems.push(`${r.id}: label ${r.label} with verdict ${r.verdict}`);
    }
    const other = seen.get(key(r.text));
    if (other && other.split !== r.split) problems.push(`${r.id} repeats ${other.id} across splits`);
    seen.set(key(r.text), r);
  }
  return problems;
}
