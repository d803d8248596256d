import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/**
 * Scores out of 100; the metrics behind the performance score in milliseconds, as simulated. Of several
 * runs, the median run's; `runs` holds every run's performance score in the order they ran.
 */
export type PageScores = {
  path: string;
  performance: number;
  accessibility: number;
  metrics: { fcp: number; lcp: number; tbt: number; speedIndex: number };
  runs: number[];
};

/**
 * Runs of each page, the median reported. Lighthouse's own guidance for its variability: one run's
 * score moves with whatever else the machine does while it observes the page (on this 2-vCPU machine,
 * 88 to 95 for the same build of the same page in five runs back to back), the median of five far less.
 */
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
if (!Number.isInteger(LIGHTHOUSE_RUNS) || LIGHTHOUSE_RUNS < 1)
  throw new Error(
    `BENCH_LIGHTHOUSE_RUNS must be a whole number of runs, 1 or more (got ${process.env.BENCH_LIGHTHOUSE_RUNS})`,
  );

// The audits behind the score: a score on a busy machine wobbles, and these say which part moved.
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  speedIndex: 'speed-index',
} as const;
// BENCH_LIGHTHOUSE_REPORTS=dir keeps each page's whole report (request chains, trace summary) there.
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;

// Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: that run is repeated.
const ATTEMPTS = 3;

async function scorePage(url: string, port: number, path: string): Promise<Omit<PageScores, 'runs'>> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const categories = result?.lhr.categories;
    const performance = categories?.performance?.score;
    const accessibility = categories?.accessibility?.score;
    if (result && typeof performance === 'number' && typeof accessibility === 'number') {
      if (REPORTS)
        writeFileSync(
          join(REPORTS, `${path.replace(/\W+/g, '_')}-${Date.now()}.json`),
          JSON.stringify(result.lhr),
        );
      const metric = (id: string) => Math.round(result.lhr.audits[id]?.numericValue ?? Number.NaN);
      return {
        path,
        performance: Math.round(performance * 100),
        accessibility: Math.round(accessibility * 100),
        metrics: {
          fcp: metric(METRICS.fcp),
          lcp: metric(METRICS.lcp),
          tbt: metric(METRICS.tbt),
          speedIndex: metric(METRICS.speedIndex),
        },
      };
    }
    if (attempt === ATTEMPTS) {
      throw new Error(
        `Lighthouse could not score ${path}: ${result?.lhr.runtimeError?.message ?? 'no result'}`,
      );
    }
  }
}

/**
 * Lighthouse's default run (a mid-range phone on a throttled 4G connection, simulated) on each path,
 * in the system Chromium: never a downloaded browser.
 */
export async function lighthouseScores(baseUrl: string, paths: string[]): Promise<PageScores[]> {
  if (REPORTS) mkdirSync(REPORTS, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    // Page after page, then again: a change in the machine's load falls on every page alike.
    const runs = new Map(paths.map((path) => [path, [] as Omit<PageScores, 'runs'>[]]));
    for (let round = 0; round < LIGHTHOUSE_RUNS; round += 1)
      for (const path of paths)
        runs.get(path)?.push(await scorePage(new URL(path, baseUrl).toString(), chrome.port, path));
    return paths.map((path) => {
      const scored = runs.get(path) ?? [];
      const byScore = [...scored].sort((a, b) => a.performance - b.performance);
      const median = byScore[Math.floor(byScore.length / 2)];
      if (!median) throw new Error(`Lighthouse did not score ${path}`);
      return { ...median, runs: scored.map((run) => run.performance) };
    });
  } finally {
    chrome.kill();
  }
}
