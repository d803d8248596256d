import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

// PGlite's initdb takes seconds; doing it once and handing every test file a copy keeps the suite fast.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'tokenly-pglite-'));
  const path = join(dir, 'template.tar');
  const database = await openDatabase({ dataDir: undefined });
  if (database.kind !== 'pglite') throw new Error('expected PGlite');
  await migrateDatabase(database);
  const dump = await database.client.dumpDataDir('none');
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplatePath', path);
  return () => rm(dir, { recursive: true, force: true });
}
