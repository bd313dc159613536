/**
 * `npm run bench` prints every figure beside its budget.
 * `npm run bench:check` (CI) does the same and exits 1 when a figure breaks its budget.
 * `npm run bench -- <id> [<id>...]` runs only the named benchmarks.
 */
import { benchmarks } from './benchmarks.ts';
import { type Budget, type Figure, meetsTarget, withinBudget } from './figures.ts';

function formatBudget(budget: Budget | undefined, unit: string): string {
  if (!budget) return '(not checked)';
  const parts: string[] = [];
  if (budget.min !== undefined) parts.push(`>= ${budget.min} ${unit}`);
  if (budget.max !== undefined) parts.push(`<= ${budget.max} ${unit}`);
  return parts.join(' and ');
}

function formatValue(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const only = args.filter((a) => !a.startsWith('--'));
  const unknown = only.filter((id) => !benchmarks.some((b) => b.id === id));
  if (unknown.length > 0) {
    console.error(
      `Unknown benchmark id(s): ${unknown.join(', ')}. Known: ${benchmarks.map((b) => b.id).join(', ') || '(none)'}.`,
    );
    return 2;
  }
  const selected = only.length > 0 ? benchmarks.filter((b) => only.includes(b.id)) : benchmarks;
  if (selected.length === 0) {
    console.log('no benchmarks yet');
    return 0;
  }

  const broken: string[] = [];
  const missed: string[] = [];
  for (const bench of selected) {
    console.log(`\n${bench.id}: ${bench.title}`);
    let figures: Figure[];
    try {
      figures = await bench.run();
    } catch (err) {
      console.log(`  FAILED to run: ${err instanceof Error ? err.message : String(err)}`);
      broken.push(`${bench.id} (did not run)`);
      continue;
    }
    const width = Math.max(...figures.map((f) => f.name.length), 10);
    for (const f of figures) {
      const ok = withinBudget(f);
      const line = `${bench.id}: ${f.name} = ${formatValue(f.value)} ${f.unit}`;
      if (!ok) broken.push(line);
      const target = f.target ? `, target ${formatBudget(f.target, f.unit)}${meetsTarget(f) ? '' : ' MISSED'}` : '';
      if (f.target && !meetsTarget(f)) missed.push(`${line} (target ${formatBudget(f.target, f.unit)})`);
      const mark = f.budget ? (ok ? 'ok  ' : 'OVER') : '    ';
      console.log(
        `  ${mark} ${f.name.padEnd(width)}  ${`${formatValue(f.value)} ${f.unit}`.padStart(14)}   budget ${formatBudget(f.budget, f.unit)}${target}`,
      );
    }
  }

  console.log(
    broken.length === 0
      ? `\nAll ${selected.length} benchmark(s) within budget.`
      : `\n${broken.length} figure(s) over budget:\n  ${broken.join('\n  ')}`,
  );
  if (missed.length > 0)
    console.log(`\n${missed.length} target(s) missed (printed, not checked):\n  ${missed.join('\n  ')}`);
  return check && broken.length > 0 ? 1 : 0;
}

process.exitCode = await main();
