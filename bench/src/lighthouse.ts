import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** Scores out of 100; the metrics behind the performance score in milliseconds, as simulated. */
export type PageScores = {
  path: string;
  performance: number;
  accessibility: number;
  metrics: { fcp: number; lcp: number; tbt: number; speedIndex: number };
};

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

async function scorePage(url: string, port: number, path: string): Promise<PageScores> {
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
        writeFileSync(join(REPORTS, `${path.replace(/\W+/g, '_')}.json`), JSON.stringify(result.lhr));
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
    const scores: PageScores[] = [];
    for (const path of paths)
      scores.push(await scorePage(new URL(path, baseUrl).toString(), chrome.port, path));
    return scores;
  } finally {
    chrome.kill();
  }
}
