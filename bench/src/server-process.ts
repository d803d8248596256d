// The real server in a process of its own, so the load generator does not share its event loop:
// buildApp on the database the environment names (DATABASE_URL, else PGlite in DATA_DIR), listening
// on an ephemeral loopback port that it reports to the parent over IPC. The parent can ask it to
// profile itself around one load (cpu-profile.ts), or to watch its event loop and memory around one
// (watch.ts): the app itself exposes neither, and measures nothing of the kind.
import { buildApp } from '@tokenly/server/src/app';
import { loadConfig } from '@tokenly/server/src/config/env';
import { openDatabaseFor } from '@tokenly/server/src/db/client';
import { storeFirstSchoolSettings } from '@tokenly/server/src/modules/school-settings/school-settings-service';
import { startProfiling, stopProfiling } from './cpu-profile';
import { startWatching } from './watch';

const config = loadConfig();
const database = await openDatabaseFor(config);
// As server.ts at every start: the school settings row exists, so a request reads it with its session
// (without it, every booking read the settings again inside its transaction).
await storeFirstSchoolSettings(database.db, config);
const app = await buildApp(config, database);
const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ url });

let stopWatching: ReturnType<typeof startWatching> | undefined;

type Message = { profile?: 'start' | 'stop'; watch?: 'start' | 'stop'; cpu?: true };

process.on('message', async (message: Message) => {
  if (message.watch === 'start') {
    stopWatching = startWatching();
    process.send?.({ watching: true });
  } else if (message.watch === 'stop') {
    process.send?.({ watched: stopWatching?.() });
  } else if (message.cpu) {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMicros: user + system });
  } else if (message.profile === 'start') {
    await startProfiling();
    process.send?.({ profiling: true });
  } else if (message.profile === 'stop') {
    process.send?.({ top: await stopProfiling() });
  }
});

process.on('SIGTERM', async () => {
  await app.close();
  // PGlite must close to leave its files consistent.
  await database.close();
  process.exit(0);
});
