import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The twins' test makes its databases where the API suite makes its own.
    env: process.env.TEST_DATABASE_URL ? { BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL } : {},
  },
});
