import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder holding a package.json, from this module up: apps/server whether the code runs
 * from src/ (tsx, tests) or bundled into dist/ (npm start), where a fixed number of `..` would differ.
 */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const SERVER_ROOT = packageRoot(dirname(fileURLToPath(import.meta.url)));
export const REPO_ROOT = resolve(SERVER_ROOT, '../..');
/** The committed SQL migrations (drizzle-kit). */
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');
/**
 * A migrated, empty embedded data directory made by the build (scripts/build.ts), which a new DATA_DIR
 * starts as a copy of: initdb alone takes seconds, and a copy opens as fast as an existing database
 * (PGlite's own loadDataDir, which unpacks a tar file, costs twice the CPU).
 */
export const PGLITE_TEMPLATE = join(SERVER_ROOT, 'dist/pglite-template');
