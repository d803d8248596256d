import { buildApp } from './app';
import type { App } from './app-type';
import { type AppConfig, loadConfig } from './config/env';
import { type DatabaseHandle, describeDatabase, isNewEmbeddedDatabase, openDatabaseFor } from './db/client';
import { migrateDatabase } from './db/migrate';
import { DEMO_LOGINS, hashDemoPasswords, seedDemoData } from './db/seed/seed';
import { nowOf, systemClock } from './lib/clock';
import { createFileStore } from './lib/file-store/create-file-store';
import { runEntryPoint, StartupError } from './lib/startup-error';
import { ensureAdmin } from './modules/auth/auth-service';
import { storeFirstSchoolSettings } from './modules/school-settings/school-settings-service';

// npm, tsx and the terminal can each deliver the same Ctrl-C, so repeats within a second are one signal;
// a signal after that means the user insists and the process ends at once.
const REPEAT_WINDOW_MS = 1000;

function stopOnSignals(app: App, database: DatabaseHandle): void {
  let stoppingSince: number | undefined;
  const stop = async (signal: NodeJS.Signals) => {
    if (stoppingSince !== undefined) {
      if (performance.now() - stoppingSince < REPEAT_WINDOW_MS) return;
      console.error(`${signal} again: exiting without a clean shutdown.`);
      process.exit(1);
    }
    stoppingSince = performance.now();
    console.log(`${signal}: shutting down…`);
    try {
      await app.close();
      // After Fastify, so no request is using the database; PGlite must close to leave its files consistent.
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function listen(app: App, port: number): Promise<void> {
  try {
    await app.listen({ host: '0.0.0.0', port });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
      throw new StartupError(
        `Port ${port} is already in use. Stop the other server, or set PORT to another port.`,
      );
    }
    throw error;
  }
}

/** Where the start's time went, from the process's own start (performance.now() counts from there). */
function startTimer() {
  const phases: string[] = [];
  let last = performance.now();
  phases.push(`loading ${seconds(last)}`);
  return {
    mark(phase: string) {
      const now = performance.now();
      phases.push(`${phase} ${seconds(now - last)}`);
      last = now;
    },
    summary: () =>
      `Started in ${seconds(performance.now())} on Node ${process.version} (${phases.join(', ')})`,
  };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function printBanner(config: AppConfig, timing: string): void {
  console.log(`\nTokenly English is running at http://localhost:${config.port}`);
  console.log(timing);
  console.log(`Database: ${describeDatabase(config)}`);
  if (config.demoData) {
    console.log('Demo logins:');
    console.log(`  admin    ${DEMO_LOGINS.admin.email} / ${DEMO_LOGINS.admin.password}  (/admin-login)`);
    console.log(`  learner  ${DEMO_LOGINS.learner.email} / ${DEMO_LOGINS.learner.password}  (/login)`);
    console.log(`  teacher  ${DEMO_LOGINS.teacher.email} / ${DEMO_LOGINS.teacher.password}  (/login)`);
  }
  if (config.admin) console.log(`Admin account ensured: ${config.admin.email}`);
}

await runEntryPoint(async () => {
  const timer = startTimer();
  const config = loadConfig();
  // The process's one clock: the app, its jobs and the demo data read it (tests give theirs a TestClock).
  const clock = systemClock;
  if (config.demoData && isNewEmbeddedDatabase(config)) hashDemoPasswords();
  const database = await openDatabaseFor(config);
  timer.mark('database');
  let app: App | undefined;
  try {
    await migrateDatabase(database, async () => {
      timer.mark('migrations');
      // Before anything reads them: the environment's values become the school settings of a new database.
      await storeFirstSchoolSettings(database.db, config);
      if (config.demoData) {
        const files = createFileStore(config.fileStorage);
        await seedDemoData(database.db, { timeZone: config.timezone, now: nowOf(clock), files });
      }
      if (config.admin) await ensureAdmin(database.db, config.admin);
      timer.mark('accounts and demo data');
    });
    app = await buildApp(config, database, { clock });
    timer.mark('app');
    await listen(app, config.port);
    timer.mark('jobs and listen');
  } catch (error) {
    await app?.close();
    await database.close();
    throw error;
  }
  stopOnSignals(app, database);
  printBanner(config, timer.summary());
});
