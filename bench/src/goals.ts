// The performance goals (docs/performance.md), each printed with the figure measured and whether it was met. A part the run
// skipped (BENCH_ONLY) is printed as not measured and does not fail the run.
import type { SelfTime } from './cpu-profile';
import type { LoadFigures } from './http-load';
import type { PageScores } from './lighthouse';
import type { ExportFigures, ScaleFigures } from './scale-scenario';
import { SERIES_CLASSES } from './seed-series';
import { formatTable } from './table';

export const ROW = {
  bookHttp: 'POST book-class, PostgreSQL (HTTP)',
  bookSql: 'book-class statement, raw SQL (pgbench)',
  bookPglite: 'POST book-class, PGlite (HTTP)',
  cancelHttp: 'POST cancel-booking + promotion (HTTP)',
  cancelSql: 'cancel-booking + promotion, raw SQL (pgbench)',
  seriesHttp: `POST book-series, ${SERIES_CLASSES} classes (HTTP)`,
  seriesSql: `book-series, ${SERIES_CLASSES} classes, raw SQL (pgbench)`,
} as const;

export type Row = { name: string; figures: LoadFigures };

export const GOALS = {
  /**
   * book-class over HTTP against the same statements through pgbench. Cancel and book-series have no
   * target of their own (only their ratio is asked for): theirs is shown against this one.
   */
  bookRatio: 0.5,
  bookP99Ms: 100,
  readPerSecond: 1500,
  readP99Ms: 150,
  pgliteP99Ms: 1000,
  lighthousePerformance: 95,
  lighthouseAccessibility: 95,
} as const;

/** The scale part's goals: the school five years on against one a tenth of its size. */
export const SCALE_GOALS = {
  /** Every list, search and page answers within this at full size (p99 at 10 connections). */
  callP99Ms: 50,
  /** Ten times the school costs at most this many times as much per request (p50 against p50). */
  growth: 1.5,
  exportFirstByteMs: 300,
  exportLoopDelayMs: 50,
  /** Memory stays flat: an export of ten times the rows peaks at most this much higher. */
  exportMemoryMb: 32,
} as const;

export type Goal = { goal: string; measured: string; met: boolean | undefined };

type Results = {
  rows: Row[];
  reads: Row[];
  top: SelfTime[];
  scores: PageScores[];
  scale: ScaleFigures[];
};

const fixed = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Met when both sides ran and every request succeeded; the ratio is printed, with no target to meet. */
function twinGoal(name: string, http: LoadFigures | undefined, sql: LoadFigures | undefined): Goal {
  if (!http || !sql) return { goal: `${name}: HTTP / pgbench`, measured: 'not measured', met: undefined };
  return {
    goal: `${name}: HTTP / pgbench measured, every request ok`,
    measured: `${fixed(http.perSecond / sql.perSecond, 2)} (${GOALS.bookRatio} for book-class)`,
    met: http.okShare === 1 && sql.okShare === 1,
  };
}

/**
 * How much more a call's p50 costs at full size than at a tenth. The load tool counts whole
 * milliseconds, so a call faster than that reads 0 ms at both sizes: each is taken as at least 1 ms.
 */
export const growthOf = (full: number, tenth: number) => Math.max(full, 1) / Math.max(tenth, 1);

/** Each call and each export of the full school, against the same at a tenth of its size. */
function scaleGoals([tenth, full]: ScaleFigures[]): Goal[] {
  if (!tenth || !full) return [{ goal: 'scale', measured: 'not measured', met: undefined }];
  const goals: Goal[] = [];
  for (const { name, figures } of full.calls) {
    const small = tenth.calls.find((call) => call.name === name)?.figures;
    const growth = small ? growthOf(figures.p50Ms, small.p50Ms) : Number.NaN;
    goals.push({
      goal: `${name}: p99 ≤ ${SCALE_GOALS.callP99Ms} ms, p50 ≤ ${SCALE_GOALS.growth}× a tenth's`,
      measured: `${fixed(figures.p99Ms)} ms, ×${fixed(growth, 2)}`,
      met:
        figures.okShare === 1 &&
        small?.okShare === 1 &&
        figures.p99Ms <= SCALE_GOALS.callP99Ms &&
        growth <= SCALE_GOALS.growth,
    });
  }
  for (const { name, figures } of full.exports) {
    const small = tenth.exports.find((file) => file.name === name)?.figures;
    // What the export itself adds to the server's memory, against the same at a tenth of the rows: the
    // server's resting memory before it depends on the calls measured first and on when V8 collects.
    const exportRise = (file: ExportFigures) => file.peakServerMb - file.startServerMb;
    const rise = small ? exportRise(figures) - exportRise(small) : Number.NaN;
    goals.push({
      goal: `export ${name}: first byte ≤ ${SCALE_GOALS.exportFirstByteMs} ms, event loop held ≤ ${SCALE_GOALS.exportLoopDelayMs} ms, memory it adds ≤ a tenth's + ${SCALE_GOALS.exportMemoryMb} MB`,
      measured: `${fixed(figures.firstByteMs)} ms, ${fixed(figures.worstLoopDelayMs)} ms, ${rise >= 0 ? '+' : ''}${fixed(rise)} MB`,
      met:
        figures.firstByteMs <= SCALE_GOALS.exportFirstByteMs &&
        figures.worstLoopDelayMs <= SCALE_GOALS.exportLoopDelayMs &&
        rise <= SCALE_GOALS.exportMemoryMb,
    });
  }
  return goals;
}

export function evaluateGoals({ rows, reads, scores, scale }: Results): Goal[] {
  const row = (name: string) => rows.find((r) => r.name === name)?.figures;
  const http = row(ROW.bookHttp);
  const sql = row(ROW.bookSql);
  const pglite = row(ROW.bookPglite);
  const goals: Goal[] = [
    {
      goal: `book-class HTTP / pgbench ≥ ${GOALS.bookRatio}`,
      measured: http && sql ? fixed(http.perSecond / sql.perSecond, 2) : 'not measured',
      met: http && sql ? http.perSecond / sql.perSecond >= GOALS.bookRatio : undefined,
    },
    {
      goal: `book-class p99 ≤ ${GOALS.bookP99Ms} ms (PostgreSQL)`,
      measured: http ? `${fixed(http.p99Ms)} ms` : 'not measured',
      met: http ? http.okShare === 1 && http.p99Ms <= GOALS.bookP99Ms : undefined,
    },
  ];
  goals.push(
    twinGoal('cancel with promotion', row(ROW.cancelHttp), row(ROW.cancelSql)),
    twinGoal('book-series', row(ROW.seriesHttp), row(ROW.seriesSql)),
  );
  for (const { name, figures } of reads) {
    goals.push({
      goal: `${name}: ≥ ${fixed(GOALS.readPerSecond)}/s, p99 ≤ ${GOALS.readP99Ms} ms`,
      measured: `${fixed(figures.perSecond)}/s, ${fixed(figures.p99Ms)} ms`,
      met:
        figures.okShare === 1 && figures.perSecond >= GOALS.readPerSecond && figures.p99Ms <= GOALS.readP99Ms,
    });
  }
  if (reads.length === 0) goals.push({ goal: 'read paths', measured: 'not measured', met: undefined });
  goals.push({
    goal: `book-class p99 ≤ ${fixed(GOALS.pgliteP99Ms)} ms (PGlite)`,
    measured: pglite ? `${fixed(pglite.p99Ms)} ms` : 'not measured',
    met: pglite ? pglite.okShare === 1 && pglite.p99Ms <= GOALS.pgliteP99Ms : undefined,
  });
  for (const page of scores) {
    goals.push({
      goal: `Lighthouse ${page.path}: performance ≥ ${GOALS.lighthousePerformance}, accessibility ≥ ${GOALS.lighthouseAccessibility} (median of ${page.runs.length} runs)`,
      measured: `${page.performance}, ${page.accessibility}`,
      met:
        page.performance >= GOALS.lighthousePerformance &&
        page.accessibility >= GOALS.lighthouseAccessibility,
    });
  }
  if (scores.length === 0) goals.push({ goal: 'Lighthouse', measured: 'not measured', met: undefined });
  goals.push(...scaleGoals(scale));
  return goals;
}

export function formatGoals(goals: Goal[]): string {
  return formatTable(
    ['goal', 'measured', ''],
    goals.map(({ goal, measured, met }) => [
      goal,
      measured,
      met === undefined ? '–' : met ? 'met' : 'NOT MET',
    ]),
  );
}
