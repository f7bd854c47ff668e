import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Bot files import goldpit's modules as `goldpit/<path in the repository>` (package.json exports; the
  // CLI resolves them with sim/ts-hooks.ts). Under vitest they are loaded by vite: the same paths,
  // from the sources the tests run.
  resolve: { alias: [{ find: /^goldpit\/(.*)$/, replacement: `${fileURLToPath(new URL('.', import.meta.url))}$1` }] },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    // Hooks do real work too (a tournament and a Chromium launch in the browser tests' beforeAll): the
    // default 10 s ran out on a loaded machine, and the browser then outlived the test.
    hookTimeout: 120_000,
    pool: 'forks',
    // A TMPDIR of the run's own, checked empty at the end (npm test removes what it makes).
    globalSetup: ['test/helpers/global-setup.ts'],
  },
});
