import { defineConfig } from 'vitest/config';

export default defineConfig({
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
