import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run moderation -- <file>` = tsx scripts/moderation.ts <file>, spawned as operators run it.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-moderation-'));

const baseEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !k.startsWith('MODERATION_LLM_')),
);

async function moderation(file: string, env: NodeJS.ProcessEnv = {}) {
  try {
    const { stdout, stderr } = await run(tsx, ['scripts/moderation.ts', file], {
      cwd: root,
      env: { ...baseEnv, NODE_ENV: 'test', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const llm = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const content = '{"verdict":"review","reasons":["harassment"]}';
    res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  llm.closeAllConnections();
  await new Promise((resolve) => llm.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run moderation', () => {
  const input = path.join(dir, 'messages.jsonl');
  fs.writeFileSync(
    input,
    [
      // Passes the check, but not clearly: the LLM is asked about it (ADR 073).
      '{"id":"a","text":"bu etkinliğe sırf host için geliyorum"}',
      '',
      '{"id":"b","text":"siktir git"}',
      'this is not json',
      '{"id":3,"text":"0532 123 45 67"}',
      '{"text":"no id"}',
      '   ',
      '{"id":"e","text":""}',
      '{"id":"f","text":"Kemal 0532 123 45 67","kind":"display_name"}',
      '{"id":"g","text":"selam","kind":"poem"}',
    ].join('\n'),
  );

  it('prints one verdict line per message and reports bad lines with their number', async () => {
    const { code, stdout, stderr } = await moderation(input);
    expect(code).toBe(0);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([
      { id: 'a', verdict: 'ok', reasons: [], categories: [] },
      { id: 'b', verdict: 'block', reasons: ['profanity'], categories: ['profanity'] },
      { id: 3, verdict: 'review', reasons: ['phone'], categories: ['off_platform'] },
      { id: 'e', verdict: 'ok', reasons: [], categories: [] },
      { id: 'f', verdict: 'block', reasons: ['phone'], categories: ['off_platform'] },
    ]);
    expect(stderr).toMatch(/line 4: not valid JSON/);
    expect(stderr).toMatch(/line 6: expected/);
    expect(stderr).toMatch(/line 10: expected/);
    expect(stderr).toMatch(/5 checked \(0 by the LLM, 5 by the rules\), 3 bad lines/);
  }, 60_000);

  it('uses the LLM when MODERATION_LLM_URL and MODERATION_LLM_MODEL are set', async () => {
    const url = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;
    const { code, stdout } = await moderation(input, { MODERATION_LLM_URL: url, MODERATION_LLM_MODEL: 'm' });
    expect(code).toBe(0);
    const rows = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows[0]).toEqual({
      id: 'a',
      verdict: 'review',
      reasons: ['harassment'],
      categories: ['harassment'],
    });
    // The rules' block stands without asking.
    expect(rows[1]).toEqual({ id: 'b', verdict: 'block', reasons: ['profanity'], categories: ['profanity'] });
  }, 60_000);

  it('exits with 2 when the file cannot be read', async () => {
    const { code, stdout, stderr } = await moderation(path.join(dir, 'missing.jsonl'));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/cannot read/);
  }, 60_000);
});
