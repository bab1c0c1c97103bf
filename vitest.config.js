import { defineConfig } from 'vitest/config';

// The JS suites run in Node here; issue 4 adds the same files in Chromium, Deno, Bun and workerd.
export default defineConfig({
  test: {
    include: ['test/js/**/*.test.js'],
    testTimeout: 60_000,
    pool: 'forks',
  },
});
