import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type RunningServer = { url: string; stop: () => Promise<void> };

const entry = fileURLToPath(new URL('./server-process.ts', import.meta.url));

/** Starts server-process.ts with the given environment and waits until it listens. */
export function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = fork(entry, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOG_LEVEL: 'silent', DEMO_DATA: '0', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with code ${code} before listening`)));
    child.once('message', (message) => {
      const { url } = message as { url: string };
      resolve({
        url,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
