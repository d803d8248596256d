import { loadConfig } from '../config/env';
import { runEntryPoint } from '../lib/startup-error';
import { describeDatabase, openDatabaseFor } from './client';
import { migrateDatabase } from './migrate';

await runEntryPoint(async () => {
  const config = loadConfig();
  const database = await openDatabaseFor(config);
  try {
    await migrateDatabase(database);
    console.log(`Migrations applied to ${describeDatabase(config)}.`);
  } finally {
    await database.close();
  }
});
