/** docs/cli.md's command reference is the yargs tables' own help text (regenerate: npm run build && node scripts/cli-reference.mjs). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliReference, REFERENCE_END, REFERENCE_START } from '../../src/cli/reference.js';

describe('docs/cli.md', () => {
  it('holds the current help of every command (regenerate with `npm run build && node scripts/cli-reference.mjs`)', async () => {
    const doc = readFileSync('docs/cli.md', 'utf8');
    const generated = doc.slice(doc.indexOf(REFERENCE_START), doc.indexOf(REFERENCE_END) + REFERENCE_END.length);
    expect(generated).toBe(await cliReference());
  });
});
