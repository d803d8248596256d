// Where the server spends its time under load, as the ten functions with the most self time.
// The server process samples itself with the inspector (node:inspector), started and stopped by the
// bench over IPC around one load, so start-up and seeding are not in the figures.

import { writeFileSync } from 'node:fs';
import type { Profiler } from 'node:inspector';
import { Session } from 'node:inspector/promises';

export type SelfTime = { fn: string; where: string; share: number; ms: number };

let session: Session | undefined;

export async function startProfiling(): Promise<void> {
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // 0.5 ms: fine enough for a 5-second load, coarse enough not to weigh on it.
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
}

export async function stopProfiling(count = 10): Promise<SelfTime[]> {
  if (!session) throw new Error('the profiler was not started');
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  session = undefined;
  // The whole profile, for Chrome DevTools or a closer look than the top ten.
  const file = process.env.BENCH_PROFILE_FILE;
  if (file) writeFileSync(file, JSON.stringify(profile));
  return topSelfTime(profile, count);
}

const shortUrl = (url: string) => {
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) return url.slice(modules + '/node_modules/'.length);
  const src = url.lastIndexOf('/src/');
  return src >= 0 ? url.slice(src + 1) : url.replace(/^file:\/\//, '');
};

/** Self time summed per function (name and place), largest first; idle and GC time are kept apart. */
export function topSelfTime(profile: Profiler.Profile, count: number): SelfTime[] {
  const durationMs = (profile.endTime - profile.startTime) / 1000;
  const totalHits = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const byFunction = new Map<string, SelfTime & { hits: number }>();
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const fn = functionName || '(anonymous)';
    const where = url ? `${shortUrl(url)}:${lineNumber + 1}` : '';
    const key = `${fn} ${where}`;
    const entry = byFunction.get(key) ?? { fn, where, hits: 0, share: 0, ms: 0 };
    entry.hits += hits;
    byFunction.set(key, entry);
  }
  return [...byFunction.values()]
    .sort((a, b) => b.hits - a.hits)
    .slice(0, count)
    .map(({ fn, where, hits }) => ({
      fn,
      where,
      share: totalHits === 0 ? 0 : hits / totalHits,
      ms: totalHits === 0 ? 0 : (hits / totalHits) * durationMs,
    }));
}
