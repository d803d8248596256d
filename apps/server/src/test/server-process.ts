import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { SERVER_ROOT } from '../config/paths';

// A real server process, as production runs it, for tests of several processes on one PostgreSQL database.

/**
 * The compiled server `npm start` runs (global-setup.ts builds it when stale): it starts in a fraction of
 * the CPU time tsx takes to compile src/server.ts and its modules again in every process a test starts.
 */
export const SERVER_ENTRY = 'dist/server.js';
const START_TIMEOUT_MS = 45_000;

export type ServerProcess = {
  url: string;
  pid: number;
  /** True once the process has exited, by itself or killed. */
  exited: () => boolean;
  /** Sends the signal and waits for the exit; nothing when it has already exited. */
  stop: (signal: NodeJS.Signals) => Promise<void>;
};

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  return address.port;
}

/**
 * Starts the server (SERVER_ENTRY) on the database and resolves once /api/health answers 200; `env` adds
 * settings (SMTP_URL, RUN_JOBS).
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: SERVER_ROOT,
    // Only what the server needs: the test runner's own environment stays out.
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      DEMO_DATA: '0',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exit = once(child, 'exit');
  const { pid } = child;
  if (pid === undefined) throw new Error('the server process did not start');
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    pid,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    stop: async (signal) => {
      if (server.exited()) return;
      child.kill(signal);
      await exit;
    },
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exited()) throw new Error(`the server exited at start:\n${output}`);
    const healthy = await fetch(`${server.url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((done) => setTimeout(done, 100));
  }
  await server.stop('SIGKILL');
  throw new Error(`the server did not answer /api/health within ${START_TIMEOUT_MS} ms:\n${output}`);
}
