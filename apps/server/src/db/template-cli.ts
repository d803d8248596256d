import { rename, rm } from 'node:fs/promises';
import { PGLITE_TEMPLATE } from '../config/paths';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

// Run by the build (scripts/build.ts): a migrated, empty embedded database, which a new DATA_DIR
// starts as a copy of instead of running initdb (seconds) on the first `npm start`.
const partial = `${PGLITE_TEMPLATE}.partial`;
await rm(partial, { recursive: true, force: true });
const database = await openDatabase({ dataDir: partial });
try {
  await migrateDatabase(database);
} finally {
  await database.close();
}
// Swapped into place whole, so a server starting meanwhile never copies half a directory.
await rm(PGLITE_TEMPLATE, { recursive: true, force: true });
await rename(partial, PGLITE_TEMPLATE);
