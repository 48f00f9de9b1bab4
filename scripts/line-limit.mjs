// A hand-written source file may have at most 400 lines (issue 29, ADR 064): past that it has
// outgrown one head and is split along a seam it already has. Generated and data files are exempt.
// `node scripts/line-limit.mjs [files…]` checks the given files, or every tracked source file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 400;
const SOURCE = /\.(ts|tsx|mjs)$/;
// Written by tools or holding data, not code a person reads top to bottom.
const EXEMPT = [
  /(^|\/)__generated__\//, // GraphQL codegen output
  /\.data\.ts$/, // tables of data
  /^server\/modules\/moderation\/.*\.(model|corpus|lexicon|phrases)(\.\w+)?\.ts$/, // moderation data
  /^server\/modules\/geo\/data\//, // the gazetteer's places
  /^db\/seed\.ts$/, // demo data
];

export const isExempt = (file) => EXEMPT.some((re) => re.test(file.split(path.sep).join('/')));

const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

// The files (relative to root) over the limit, with their line counts.
export function overLimit(files, root = process.cwd()) {
  return files
    .filter((f) => SOURCE.test(f) && !isExempt(f))
    .map((file) => ({ file, lines: lineCount(fs.readFileSync(path.resolve(root, file), 'utf8')) }))
    .filter((f) => f.lines > MAX_LINES);
}

export const trackedSources = (root) =>
  execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.tsx', '*.mjs'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && fs.existsSync(path.join(root, f)));

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.cwd();
  const args = process.argv.slice(2);
  const over = overLimit(args.length ? args : trackedSources(root), root);
  for (const { file, lines } of over)
    console.error(`✖ ${file}: ${lines} lines (at most ${MAX_LINES}; split it along a seam it has)`);
  process.exit(over.length ? 1 : 0);
}
