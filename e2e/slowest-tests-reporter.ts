import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const SHOWN = 10;

/**
 * Prints the slowest tests when the run ends, as the server tests' reporter does: CI has a time budget,
 * and a test that creeps up is easier to catch in every run's output than by timing the suite again.
 */
export default class SlowestTestsReporter implements Reporter {
  private readonly timed: { duration: number; where: string }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const where = `${test.location.file.replace(/^.*\/tests\//, '')} > ${test.titlePath().slice(3).join(' > ')}`;
    this.timed.push({ duration: result.duration, where });
  }

  onEnd(_result: FullResult): void {
    if (this.timed.length === 0) return;
    const total = this.timed.reduce((sum, { duration }) => sum + duration, 0);
    const lines = this.timed
      .sort((a, b) => b.duration - a.duration)
      .slice(0, SHOWN)
      .map(({ duration, where }) => `${(duration / 1000).toFixed(1).padStart(6)} s  ${where}`);
    console.log(
      `\n Slowest ${lines.length} of ${this.timed.length} tests (${(total / 1000).toFixed(0)} s in all)\n${lines.join('\n')}\n`,
    );
  }
}
