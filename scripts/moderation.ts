// Runs the content check over a file, for operators tuning the rules or trying the LLM engine:
//   npm run moderation -- messages.jsonl   (lines {"id": …, "text": "…", "kind"?: "bio" …}; MODERATION_LLM_*
//   as for the server). Prints one JSON line {"id","verdict","reasons","categories"} per message on
// stdout; bad lines are reported on stderr
// with their line number and skipped. Each message is checked on its own (no history: no duplicate or
// flood signals). Exit code 0, or 2 when the file cannot be read or the configuration is invalid.
import { readFile } from 'node:fs/promises';
import { ConfigError, loadConfig } from '#server/lib/config.ts';
import {
  createMessageChecker,
  type MessageChecker,
  type TextKind,
} from '#server/modules/moderation/moderation.ts';

const KINDS: readonly string[] = [
  'join_message',
  'event_title',
  'event_description',
  'chat_message',
  'direct_message',
  'bio',
  'display_name',
  'username',
  'rating_feedback',
  'report',
] satisfies TextKind[];

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run moderation -- <file.jsonl>');
  process.exit(2);
}

let content: string;
try {
  content = await readFile(file, 'utf8');
} catch (error) {
  console.error(`cannot read ${file}: ${(error as Error).message}`);
  process.exit(2);
}

let checker: MessageChecker;
try {
  checker = createMessageChecker(loadConfig());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}

const lines = content.split(/\r?\n/);
const counts = { checked: 0, bad: 0, llm: 0, rules: 0 };
for (const [index, line] of lines.entries()) {
  if (line.trim() === '') continue;
  const lineNo = index + 1;
  let row: unknown;
  try {
    row = JSON.parse(line);
  } catch {
    console.error(`line ${lineNo}: not valid JSON`);
    counts.bad++;
    continue;
  }
  const { id, text, kind } = (typeof row === 'object' && row !== null ? row : {}) as {
    id?: unknown;
    text?: unknown;
    kind?: unknown;
  };
  if (
    (typeof id !== 'string' && typeof id !== 'number') ||
    typeof text !== 'string' ||
    (kind !== undefined && !KINDS.includes(kind as string))
  ) {
    console.error(
      `line ${lineNo}: expected {"id": string | number, "text": string, "kind"?: ${KINDS.join(' | ')}}`,
    );
    counts.bad++;
    continue;
  }
  const result = await checker.check(text, { recentMessages: [], now: new Date(), kind: kind as TextKind });
  counts.checked++;
  counts[result.engine]++;
  const { verdict, reasons, categories } = result;
  process.stdout.write(`${JSON.stringify({ id, verdict, reasons, categories })}\n`);
}
console.error(
  `${counts.checked} checked (${counts.llm} by the LLM, ${counts.rules} by the rules), ${counts.bad} bad lines`,
);
