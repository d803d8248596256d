// What an export costs the server process besides its own time, measured inside that process: the
// longest its event loop was held (perf_hooks.monitorEventLoopDelay, every other request waits at least
// that long) and its peak resident memory, sampled on a timer of its own.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export type Watched = {
  /** The longest delay of the event loop beyond the 10 ms sampling timer. */
  worstLoopDelayMs: number;
  startRssBytes: number;
  peakRssBytes: number;
};

const RESOLUTION_MS = 10;

/** Starts watching; the function returned stops and tells what was seen meanwhile. */
export function startWatching(): () => Watched {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const startRssBytes = process.memoryUsage.rss();
  let peakRssBytes = startRssBytes;
  // A blocked loop also holds this timer: the sample after the block still sees the memory it left.
  const sampler = setInterval(() => {
    peakRssBytes = Math.max(peakRssBytes, process.memoryUsage.rss());
  }, RESOLUTION_MS);
  delay.enable();
  return () => {
    delay.disable();
    clearInterval(sampler);
    peakRssBytes = Math.max(peakRssBytes, process.memoryUsage.rss());
    return { worstLoopDelayMs: delay.max / 1e6, startRssBytes, peakRssBytes };
  };
}
