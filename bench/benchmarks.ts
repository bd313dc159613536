/**
 * The benchmarks `npm run bench` runs, in order. To add one: write bench/<id>.ts
 * exporting a Benchmark (bench/figures.ts) whose figures carry their budgets, and list it here.
 * Benchmarks that load the server start their own on loopback with RATE_LIMITS=off
 * (docs/architecture.md#pitfalls, pitfall 7); they never weaken the product's defaults.
 * The load test runs last: minutes of both cores at full load leave this machine slower
 * for a while, and the browser timings after it measured that, not the product.
 */
import { bookingEngineBenchmark } from './booking-engine.ts';
import { bookingPageBenchmark } from './booking-page.ts';
import { calcomEmbedBenchmark } from './calcom-embed.ts';
import { calendarBenchmark } from './calendar.ts';
import { clientsSearchBenchmark } from './clients-search.ts';
import { crewsBenchmark } from './crews.ts';
import type { Benchmark } from './figures.ts';
import { insightsBenchmark } from './insights.ts';
import { landingBenchmark } from './landing.ts';
import { ownerAppBenchmark } from './owner-app.ts';
import { scaleBenchmark } from './scale.ts';
import { spreadBenchmark } from './spread.ts';
import { widgetRuntimeBenchmark } from './widget-runtime.ts';
import { widgetSizeBenchmark } from './widget-size.ts';

export const benchmarks: Benchmark[] = [
  landingBenchmark,
  bookingPageBenchmark,
  calendarBenchmark,
  ownerAppBenchmark,
  widgetSizeBenchmark,
  calcomEmbedBenchmark,
  widgetRuntimeBenchmark,
  insightsBenchmark,
  bookingEngineBenchmark,
  crewsBenchmark,
  clientsSearchBenchmark,
  spreadBenchmark,
  scaleBenchmark,
];
