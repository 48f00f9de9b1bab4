import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The project root: the nearest folder above this file whose package.json is Squad's.
// Works from the sources (server/lib) and from the bundle (dist/server).
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (fs.existsSync(candidate)) {
      try {
        const pkg = JSON.parse(fs.readFileSync(candidate, 'utf8')) as { name?: string };
        if (pkg.name === 'squad') return dir;
      } catch {
        // not ours; keep climbing
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const paths = {
  get root() {
    return projectRoot();
  },
  get migrations() {
    return path.join(projectRoot(), 'db', 'migrations');
  },
  get schema() {
    return path.join(projectRoot(), 'schema.graphql');
  },
  get clientDist() {
    return path.join(projectRoot(), 'dist', 'client');
  },
};
