// graphql-codegen re-exports mapped enum types as `export { X };`, which TypeScript's
// verbatimModuleSyntax rejects for type-only imports. Turn them into `export type { X };`.
import fs from 'node:fs';

for (const file of process.argv.slice(2)) {
  const text = fs.readFileSync(file, 'utf8');
  const fixed = text.replace(/^export \{ (\w+) \};$/gm, 'export type { $1 };');
  if (fixed !== text) fs.writeFileSync(file, fixed);
}
