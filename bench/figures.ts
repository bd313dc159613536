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
}

export interface Benchmark {
  /** Short id, used by `npm run bench -- <id>` to run only this one. */
  id: string;
  /** One line saying what it measures and against what. */
  title: string;
  run(): Promise<Figure[]>;
}

export function withinBudget(figure: Figure): boolean {
  const { budget, value } = figure;
  if (!budget) return true;
  if (!Number.isFinite(value)) return false;
  if (budget.max !== undefined && value > budget.max) return false;
  if (budget.min !== undefined && value < budget.min) return false;
  return true;
}
