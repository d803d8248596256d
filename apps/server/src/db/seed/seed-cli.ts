import { loadConfig } from '../../config/env';
import { nowOf, systemClock } from '../../lib/clock';
import { createFileStore } from '../../lib/file-store/create-file-store';
import { runEntryPoint } from '../../lib/startup-error';
import { openDatabaseFor } from '../client';
import { migrateDatabase } from '../migrate';
import { DEMO_LOGINS, seedDemoData } from './seed';

// `npm run db:seed` is an explicit request, so it seeds whatever DEMO_DATA says, but still only an empty database.
await runEntryPoint(async () => {
  const config = loadConfig();
  const database = await openDatabaseFor(config);
  try {
    let seeded = false;
    await migrateDatabase(database, async () => {
      seeded = await seedDemoData(database.db, {
        timeZone: config.timezone,
        now: nowOf(systemClock),
        files: createFileStore(config.fileStorage),
      });
    });
    if (seeded) {
      console.log('Demo data seeded. Logins:');
      for (const login of Object.values(DEMO_LOGINS)) console.log(`  ${login.email} / ${login.password}`);
    } else {
      console.log('The database already has data; nothing seeded.');
    }
  } finally {
    await database.close();
  }
});
