// Builds what is stale, in order: the web app (Vite), the server (esbuild: plain JavaScript that
// `node` runs, no transpiler at run time) and the embedded database template a new DATA_DIR starts
// from. `npm install` runs it (postinstall) and `npm start` before starting the server; `--force`
// rebuilds everything. Node 24 runs this file as it is (type stripping), so it needs no build itself.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const server = join(root, 'apps/server');
const contract = join(root, 'packages/contract/src');
const i18n = join(root, 'packages/i18n');
const lockfile = join(root, 'package-lock.json');

type Target = {
  name: string;
  /** Files and folders whose newest change time decides whether the output is stale. */
  inputs: string[];
  /** Written last by a successful build; its change time says when that was. */
  stamp: string;
  build: () => Promise<void>;
};

// Tests are never built: editing one leaves the server's build as it was.
const isTestOnly = (entry: string) => entry.endsWith('.test.ts') || entry === 'test';

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (!isTestOnly(entry)) newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

function run(command: string, args: string[], cwd: string): void {
  // process.execPath: the project's own Node (node_modules/.bin/node under npm), never the system one.
  // NODE_ENV production whoever asks for the build: the API suite's setup runs under Vitest's `test`,
  // which Vite would pass on to the bundle, serving React's development build (half as large again, and
  // its checks on every render) to whatever `npm start` then serves.
  const result = spawnSync(process.execPath, [command, ...args], {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

// Bundled with the server, the packages it uses load as a few files instead of some 1,500 modules
// (drizzle-orm, stripe and zod alone are 1,200), which is most of a start's time. These stay in
// node_modules: they load files of their own (WebAssembly, native addons such as sharp's, static assets, pdfkit's font
// metrics) from beside their code, or are optional and absent.
const UNBUNDLED = [
  // Loaded only when files are stored in S3 (lib/file-store/s3-file-store.ts).
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@fastify/swagger-ui',
  'pdfkit',
  'pg-native',
  'sharp',
];

const targets: Target[] = [
  {
    name: 'web app',
    inputs: [
      join(web, 'src'),
      join(web, 'public'),
      join(web, 'index.html'),
      join(web, 'vite.config.ts'),
      join(web, 'plugins'),
      contract,
      i18n,
      lockfile,
    ],
    stamp: join(web, 'dist/.build-stamp'),
    build: async () => run(join(root, 'node_modules/vite/bin/vite.js'), ['build', '--logLevel', 'warn'], web),
  },
  {
    name: 'server',
    inputs: [join(server, 'src'), join(server, 'package.json'), contract, i18n, lockfile],
    stamp: join(server, 'dist/.build-stamp'),
    build: async () => {
      rmSync(join(server, 'dist/chunks'), { recursive: true, force: true });
      await build({
        absWorkingDir: server,
        entryPoints: [
          'src/server.ts',
          'src/db/migrate-cli.ts',
          'src/db/seed/seed-cli.ts',
          'src/db/template-cli.ts',
        ],
        outdir: 'dist',
        entryNames: '[name]',
        chunkNames: 'chunks/[name]-[hash]',
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'node',
        target: 'node24',
        external: UNBUNDLED,
        // React (the mail templates) in its production build, as `npm start` runs: the development
        // build's checks doubled the CPU time of every mail rendered in a request.
        define: { 'process.env.NODE_ENV': '"production"' },
        // Bundled CommonJS packages (pg, fastify's plugins) call require() for Node's own modules.
        banner: {
          js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        },
        sourcemap: true,
        logLevel: 'warning',
      });
    },
  },
  {
    name: 'embedded database template',
    inputs: [join(server, 'drizzle'), join(server, 'dist/.build-stamp'), lockfile],
    stamp: join(server, 'dist/.template-stamp'),
    build: async () => run('dist/template-cli.js', [], server),
  },
];

const LOCK = join(root, 'node_modules/.tokenly-build.lock');

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * One build at a time: `npm test` starts the API suite (whose setup builds the server its tests start)
 * beside the browser suite (whose `npm start` builds everything), and two builds writing one dist/ at
 * once break both. A lock left by a build that died is taken over.
 */
async function takeBuildLock(): Promise<() => void> {
  for (;;) {
    try {
      writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
      return () => rmSync(LOCK, { force: true });
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      const owner = Number.parseInt(readFileSync(LOCK, 'utf8'), 10);
      // No pid yet: its builder is writing it, unless the file is left from long ago.
      const abandoned = Number.isInteger(owner)
        ? !isRunning(owner)
        : Date.now() - statSync(LOCK).mtimeMs > 10_000;
      if (abandoned) rmSync(LOCK, { force: true });
      else await new Promise((done) => setTimeout(done, 200));
    }
  }
}

const force = process.argv.includes('--force');
const started = performance.now();
const built: string[] = [];
const releaseLock = await takeBuildLock();
try {
  for (const target of targets) {
    const stale = force || newestChange(target.stamp) < Math.max(...target.inputs.map(newestChange));
    if (!stale) continue;
    const at = performance.now();
    console.log(`Building the ${target.name}…`);
    await target.build();
    mkdirSync(dirname(target.stamp), { recursive: true });
    writeFileSync(target.stamp, '');
    built.push(`${target.name} ${((performance.now() - at) / 1000).toFixed(2)} s`);
  }
} finally {
  releaseLock();
}
const total = `${((performance.now() - started) / 1000).toFixed(2)} s`;
console.log(
  built.length > 0 ? `Built in ${total}: ${built.join(', ')}` : `Build up to date (checked in ${total})`,
);
