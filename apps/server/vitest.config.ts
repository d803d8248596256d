import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    reporters: ['default', './src/test/slowest-tests-reporter.ts'],
    // The one place tests read the environment; src/ reads it only in config/env.ts.
    provide: { testDatabaseUrl: process.env.TEST_DATABASE_URL ?? '' },
    // Files share a worker's loaded modules (PGlite's WebAssembly above all), which roughly halves the
    // run; each file still builds its own app on its own database, so no state leaks between them.
    isolate: false,
    // Two files at a time even on two cores: most of a file's time is spent waiting on PostgreSQL, on
    // child processes or on PGlite, so the second worker nearly halves the run (CI's time budget).
    maxWorkers: 2,
    // Room for a slow machine: CI runs this suite beside the browser tests on two cores, where a cron
    // test of 2 s alone took 9 s, and 17 s with one more busy process, close to the old 20 s limit; a
    // test that hangs still fails, only later.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
