// `npm start`: builds whatever is missing or older than its sources, then runs the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-stamp');

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(full)) {
    if (child === 'node_modules' || child.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

const outputs = [
  path.join(root, 'dist', 'client', 'index.html'),
  path.join(root, 'dist', 'server', 'main.js'),
];
const built = outputs.every((f) => fs.existsSync(f)) && fs.existsSync(stamp);
const sourcesChanged =
  built &&
  Math.max(...['client', 'server', 'db', 'schema.graphql', 'package-lock.json'].map(newestMtime)) >
    fs.statSync(stamp).mtimeMs;

if (!built || sourcesChanged) {
  console.log(built ? 'Sources changed since the last build: building…' : 'First start: building the app…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stamp, new Date().toISOString());
}

await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
