import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type PageScores = { path: string; performance: number; accessibility: number };

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
    if (typeof performance === 'number' && typeof accessibility === 'number') {
      return {
        path,
        performance: Math.round(performance * 100),
        accessibility: Math.round(accessibility * 100),
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
