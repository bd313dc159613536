/**
 * The container's health check: the Dockerfile's HEALTHCHECK runs this, and so does CI
 * (scripts/container/check.sh). It asks liveness (README "Health"), which fails only when the
 * process does not answer, so a database blip or a stop never turns into a restart. Exit 0 when
 * it answers 200 within 3 s, 1 otherwise. Plain JavaScript: any Node 18 or newer runs it.
 */
const port = process.env.PORT || '3000';
try {
  const res = await fetch(`http://127.0.0.1:${port}/api/health/live`, { signal: AbortSignal.timeout(3000) });
  process.exitCode = res.ok ? 0 : 1;
} catch {
  process.exitCode = 1;
}
