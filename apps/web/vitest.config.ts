import { defineConfig } from 'vitest/config';
import { messageCatalogs } from './plugins/catalogs.ts';

export default defineConfig({
  plugins: [messageCatalogs()],
  test: {
    include: ['src/**/*.test.ts', 'plugins/**/*.test.ts'],
    environment: 'node',
    // A fake window with localStorage, installed before any module reads it at load (the session store).
    setupFiles: ['src/test/browser-globals.ts'],
  },
});
