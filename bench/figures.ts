/** The shape every benchmark module follows; bench/run.ts prints and checks what they return. */

export interface Budget {
  /** The figure must be at most this (sizes, times). */
  max?: number;
  /** The figure must be at least this (throughput, scores). */
  min?: number;
}

export interface Figure {
  /** What was measured, e.g. "widget loader, gzip". */
  name: string;
  value: number;
  /** "KB", "ms", "req/s", "score"... */
  unit: string;
  /** Omit for a figure that is printed but not checked. */
  budget?: Budget;
  /**
   * The issue's goal, where it is stricter than what the check can hold: printed beside
   * the figure, and a missed target is listed after the run, but only `budget` fails
   * `bench:check`. Times in Chromium get one: the same commit measures two to three
   * times slower on one of these machines than on another (docs/benchmarks.md), so a
   * gate at the target would pass or fail with the machine, not the code.
   */
  target?: Budget;
}

export interface Benchmark {
  /** Short id, used by `npm run bench -- <id>` to run only this one. */
  id: string;
  /** One line saying what it measures and against what. */
  title: string;
  run(): Promise<Figure[]>;
}

function within(value: number, limit: Budget | undefined): boolean {
  if (!limit) return true;
  if (!Number.isFinite(value)) return false;
  if (limit.max !== undefined && value > limit.max) return false;
  if (limit.min !== undefined && value < limit.min) return false;
  return true;
}

export function withinBudget(figure: Figure): boolean {
  return within(figure.value, figure.budget);
}

export function meetsTarget(figure: Figure): boolean {
  return within(figure.value, figure.target);
}

export function formatBudget(budget: Budget | undefined, unit: string): string {
  if (!budget) return '(not checked)';
  const parts: string[] = [];
  if (budget.min !== undefined) parts.push(`>= ${budget.min} ${unit}`);
  if (budget.max !== undefined) parts.push(`<= ${budget.max} ${unit}`);
  return parts.join(' and ');
}

export function formatValue(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** One printed line: a mark when checked (ok or OVER), the figure, its budget and its target. */
export function figureLine(f: Figure, nameWidth: number): string {
  const mark = f.budget ? (withinBudget(f) ? 'ok  ' : 'OVER') : '    ';
  const target = f.target ? `, target ${formatBudget(f.target, f.unit)}${meetsTarget(f) ? '' : ' MISSED'}` : '';
  return `  ${mark} ${f.name.padEnd(nameWidth)}  ${`${formatValue(f.value)} ${f.unit}`.padStart(14)}   budget ${formatBudget(f.budget, f.unit)}${target}`;
}
