// Rewrites the generated command reference in docs/cli.md from the built CLI's yargs tables
// (run `npm run build` first). test/cli/reference.test.ts fails when docs/cli.md is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { cliReference, REFERENCE_END, REFERENCE_START } from '../dist/src/cli/reference.js';

const file = new URL('../docs/cli.md', import.meta.url);
const text = readFileSync(file, 'utf8');
const start = text.indexOf(REFERENCE_START);
const end = text.indexOf(REFERENCE_END);
if (start < 0 || end < start) throw new Error('docs/cli.md: the generated-reference markers are missing');
writeFileSync(file, text.slice(0, start) + (await cliReference()) + text.slice(end + REFERENCE_END.length));
console.log('docs/cli.md: command reference regenerated');
