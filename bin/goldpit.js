#!/usr/bin/env node
// Entry point of the `goldpit` command. The TypeScript sources are compiled to dist/ by the
// `prepare` script, which npm runs on `npm ci` / `npm install`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  process.stderr.write('goldpit: dist/ is missing; run `npm ci` (or `npm run build`) in the goldpit folder first.\n');
  process.exit(2);
}
// A closed stdout (`goldpit replay … | head`) ends goldpit quietly instead of with a stack trace:
// every command writes its files before it prints its result.
process.stdout.on('error', (e) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(process.exitCode ?? 0);
});
const { runCli } = await import(main.href);
process.exitCode = await runCli(process.argv.slice(2));
