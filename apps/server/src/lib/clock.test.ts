import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config/paths';

const run = promisify(execFile);

type Diagnostic = { category: string; location: { path: string; start: { line: number } } };

/**
 * The lint check that keeps the wall clock out of the server (biome-plugins/no-wall-clock.grit, run by
 * `npm run lint`): the repository's own plugin entry, files and all, on a copy of the server's layout.
 */
describe('the wall-clock check', () => {
  let dir: string;

  async function write(path: string, text: string) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }

  /** The plugin's diagnostics, as "path:line". */
  async function wallClockReads(): Promise<string[]> {
    const result = await run(join(REPO_ROOT, 'node_modules/.bin/biome'), ['lint', '--reporter=json', '.'], {
      cwd: dir,
    }).catch((error: { stdout: string }) => error);
    const { diagnostics } = JSON.parse(result.stdout) as { diagnostics: Diagnostic[] };
    return diagnostics
      .filter((diagnostic) => diagnostic.category === 'plugin')
      .map(({ location }) => `${location.path}:${location.start.line}`)
      .sort();
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tokenly-clock-check-'));
    const config = JSON.parse(await readFile(join(REPO_ROOT, 'biome.json'), 'utf8')) as {
      plugins: { path: string; includes: string[] }[];
    };
    const plugins = config.plugins.map((plugin) => ({ ...plugin, path: join(REPO_ROOT, plugin.path) }));
    await write('biome.json', JSON.stringify({ root: true, plugins }));
    const reads = [
      'export const a = Date.now();',
      'export const b = new Date();',
      'export const c = new Date;',
      'export const d = [0].map(Date.now);',
      'export const e = new Date(0);',
      "export const f = new Date('2026-01-01T00:00:00Z');",
      'export const g = Date.parse(f.toISOString());',
    ].join('\n');
    await write('apps/server/src/modules/example/example-service.ts', `${reads}\n`);
    await write('apps/server/src/lib/clock.ts', `${reads}\n`);
    await write('apps/server/src/modules/example/example.test.ts', `${reads}\n`);
    await write('apps/server/src/test/eventually.ts', `${reads}\n`);
    await write('apps/web/src/example.ts', `${reads}\n`);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('fails a server file that reads the wall clock, and leaves the clock, tests and the web app alone', async () => {
    const service = 'apps/server/src/modules/example/example-service.ts';
    expect(await wallClockReads()).toEqual([`${service}:1`, `${service}:2`, `${service}:3`, `${service}:4`]);
  });
});
