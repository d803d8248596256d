// Experiment: PGlite booking load with event-loop delay and checkpoint stats.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@tokenly/server/src/db/client';
import { migrateDatabase } from '@tokenly/server/src/db/migrate';
import { bookingRotation } from '../src/booking-pairs';
import { bookingLoad, bookingWarmUp } from '../src/http-load';
import { BENCH_SIZE, seedBenchData } from '../src/seed-bench-data';
import { startServer } from '../src/start-server';

const dataDir = mkdtempSync(join(tmpdir(), 'exp-pglite-'));
const seeded = await openDatabase({ dataDir });
await migrateDatabase(seeded);
const data = await seedBenchData(seeded.db);
await seeded.close();
const server = await startServer({ DATA_DIR: dataDir, EXP_MONITOR: '1' });
const rotation = bookingRotation(BENCH_SIZE);
await bookingWarmUp(server.url, data, rotation);
const f = await server.measured(() => bookingLoad(server.url, data, rotation, Number(process.env.SECS ?? 10)));
console.log(f);
await server.stop();
