import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    pool: 'forks',
    // A TMPDIR of the run's own, checked empty at the end (npm test removes what it makes).
    globalSetup: ['test/helpers/global-setup.ts'],
  },
});
