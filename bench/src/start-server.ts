import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SelfTime } from './cpu-profile';
import type { LoadFigures } from './http-load';
import type { Watched } from './watch';

export type RunningServer = {
  url: string;
  stop: () => Promise<void>;
  /** Samples the server's CPU while `run` runs; returns its result and the top self time. */
  profiled: <T>(run: () => Promise<T>) => Promise<{ result: T; top: SelfTime[] }>;
  /**
   * A load's figures with the server's CPU time per request: unlike the rates, it hardly moves when
   * something else shares the machine, so it compares two versions of the code on a busy one.
   */
  measured: (run: () => Promise<LoadFigures>) => Promise<LoadFigures>;
  /** Its event loop's worst delay and its peak memory while `run` runs (watch.ts). */
  watched: <T>(run: () => Promise<T>) => Promise<{ result: T; watched: Watched }>;
};

const entry = fileURLToPath(new URL('./server-process.ts', import.meta.url));
// tsx applies a tsconfig only to the files it includes: without the server's own, the mail templates
// (.tsx) compile with the classic JSX transform and every booking fails on "React is not defined".
const serverTsconfig = fileURLToPath(new URL('../../apps/server/tsconfig.json', import.meta.url));

function reply<T>(child: ChildProcess, key: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: Record<string, unknown>) => {
      if (!(key in message)) return;
      child.off('message', listener);
      resolve(message[key] as T);
    };
    child.on('message', listener);
  });
}

/** Starts server-process.ts with the given environment and waits until it listens. */
export function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = fork(entry, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: serverTsconfig,
      LOG_LEVEL: 'silent',
      DEMO_DATA: '0',
      // As the compiled server (scripts/build.ts): React's production build for the mail templates.
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with code ${code} before listening`)));
    reply<string>(child, 'url').then((url) =>
      resolve({
        url,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
        measured: async (run) => {
          const cpu = () => {
            const answer = reply<number>(child, 'cpuMicros');
            child.send({ cpu: true });
            return answer;
          };
          const before = await cpu();
          const figures = await run();
          const micros = (await cpu()) - before;
          return { ...figures, serverCpuMs: micros / 1000 / Math.max(1, figures.requests) };
        },
        watched: async (run) => {
          const started = reply<boolean>(child, 'watching');
          child.send({ watch: 'start' });
          await started;
          const result = await run();
          const watched = reply<Watched>(child, 'watched');
          child.send({ watch: 'stop' });
          return { result, watched: await watched };
        },
        profiled: async (run) => {
          const started = reply<boolean>(child, 'profiling');
          child.send({ profile: 'start' });
          await started;
          const result = await run();
          const top = reply<SelfTime[]>(child, 'top');
          child.send({ profile: 'stop' });
          return { result, top: await top };
        },
      }),
    );
  });
}
