// The performance goals (docs/performance.md), each printed with the figure measured and whether it was met. A part the run
// skipped (BENCH_ONLY) is printed as not measured and does not fail the run.
import type { SelfTime } from './cpu-profile';
import type { LoadFigures } from './http-load';
import type { PageScores } from './lighthouse';
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

export type Goal = { goal: string; measured: string; met: boolean | undefined };

type Results = {
  rows: Row[];
  reads: Row[];
  top: SelfTime[];
  scores: PageScores[];
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

export function evaluateGoals({ rows, reads, scores }: Results): Goal[] {
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
