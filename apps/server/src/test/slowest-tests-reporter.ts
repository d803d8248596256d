import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

const SHOWN = 10;

/**
 * Prints the slowest tests after the default summary, each with its file: CI has a time budget, and a
 * test that creeps up is easier to catch in every run's output than by timing the suite again.
 */
export default class SlowestTestsReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const root = this.vitest?.config.root ?? process.cwd();
    const timed = testModules.flatMap((module) =>
      [...module.children.allTests()].flatMap((test) => {
        const duration = test.diagnostic()?.duration;
        return duration === undefined
          ? []
          : [{ duration, where: `${relative(root, module.moduleId)} > ${test.fullName}` }];
      }),
    );
    if (timed.length === 0) return;
    const lines = timed
      .sort((a, b) => b.duration - a.duration)
      .slice(0, SHOWN)
      .map(({ duration, where }) => `${(duration / 1000).toFixed(1).padStart(6)} s  ${where}`);
    const log = (text: string) => (this.vitest ? this.vitest.logger.log(text) : console.log(text));
    log(`\n Slowest ${lines.length} tests\n${lines.join('\n')}\n`);
  }
}
