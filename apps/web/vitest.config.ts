import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // A fake window with localStorage, installed before any module reads it at load (the session store).
    setupFiles: ['src/test/browser-globals.ts'],
  },
});
