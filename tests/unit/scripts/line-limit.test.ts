import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../../scripts/line-limit.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'line-limit-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(file: string, lines: number) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), Array.from({ length: lines }, (_, i) => `// ${i}\n`).join(''));
}
const check = (...files: string[]) =>
  spawnSync(process.execPath, [script, ...files], { cwd: dir, encoding: 'utf8' });

describe('the 400-line rule of npm run check', () => {
  it('passes a hand-written file of 400 lines', () => {
    write('server/ok.ts', 400);
    const r = check('server/ok.ts');
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('fails a hand-written file of 401 lines and names it', () => {
    write('server/big.ts', 401);
    write('client/src/Big.tsx', 401);
    const r = check('server/big.ts', 'client/src/Big.tsx');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('server/big.ts: 401 lines');
    expect(r.stderr).toContain('client/src/Big.tsx: 401 lines');
  });

  it('lets generated and data files be longer', () => {
    for (const f of [
      'server/__generated__/resolvers-types.ts',
      'server/lib/places.data.ts',
      'server/modules/moderation/moderation.lexicon.ts',
      'db/seed.ts',
    ])
      write(f, 401);
    const r = check(
      'server/__generated__/resolvers-types.ts',
      'server/lib/places.data.ts',
      'server/modules/moderation/moderation.lexicon.ts',
      'db/seed.ts',
    );
    expect(r.status).toBe(0);
  });
});
