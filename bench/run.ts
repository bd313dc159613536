/**
 * `npm run bench` prints every figure beside its budget.
 * `npm run bench:check` (CI) does the same and exits 1 when a figure breaks its budget.
 * `npm run bench -- <id> [<id>...]` runs only the named benchmarks; a benchmark marked `byName`
 * (bench/figures.ts) runs only so.
 */
import { benchmarks } from './benchmarks.ts';
import { type Figure, figureLine, formatBudget, formatValue, meetsTarget, withinBudget } from './figures.ts';

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
  const selected =
    only.length > 0 ? benchmarks.filter((b) => only.includes(b.id)) : benchmarks.filter((b) => !b.byName);
  if (only.length === 0)
    for (const b of benchmarks.filter((b) => b.byName))
      console.log(`(${b.id} runs only by name: npm run bench -- ${b.id})`);
  if (selected.length === 0) {
    console.log('no benchmarks yet');
    return 0;
  }

  const broken: string[] = [];
  const missed: string[] = [];
  for (const bench of selected) {
    console.log(`\n${bench.id}: ${bench.title}`);
    const started = performance.now();
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
      const line = `${bench.id}: ${f.name} = ${formatValue(f.value)} ${f.unit}`;
      if (!withinBudget(f)) broken.push(line);
      if (!meetsTarget(f)) missed.push(`${line} (target ${formatBudget(f.target, f.unit)})`);
      console.log(figureLine(f, width));
    }
    // Where CI's time goes (issue 40's 15-minute target): each benchmark's own wall time.
    console.log(`  (${bench.id} ran for ${Math.round((performance.now() - started) / 1000)} s)`);
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
