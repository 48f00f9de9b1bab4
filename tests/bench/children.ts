import type { ChildProcess } from 'node:child_process';

// Servers the bench starts. If the bench ends early (a crash, Ctrl-C) they are killed with it instead
// of running on, holding ports and the terminal's output pipe.
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

export function killedWithBench(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
