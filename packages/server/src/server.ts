/** Entry point: load configuration, build the app, listen. Nothing else. */
import './node-version.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, SHUTDOWN_DEADLINE_MS } from './config.ts';
import { operatorNotes } from './operator-notes.ts';

async function main() {
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    // A configuration the data needs but lacks (ENCRYPTION_KEY with Stripe connected) is found while building.
    built = await buildApp(loadConfig());
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const { app, ctx } = built;
  const { config } = ctx;
  // Shutdown (docs/architecture.md#running-it-scaling-out): stop listening, finish the requests in
  // flight, let the mail dispatcher finish the batch in hand, close the database; exit 1 at the deadline
  // whatever still hangs.
  let closing = false;
  const close = async (signal: string) => {
    // The signal may come twice: a supervisor signals every process of the group (systemd's
    // default, Ctrl-C in a terminal) and tsx passes its own on as well when this process does not
    // acknowledge it within 30 ms, or a supervisor repeats itself. A second one must not cut the
    // shutdown short (without a listener Node ends at once on SIGTERM); the deadline bounds it.
    if (closing) return;
    closing = true;
    // Readiness answers 503 SHUTTING_DOWN from here on (routes/public.ts), liveness still 200.
    ctx.lifecycle.draining = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error({ signal, deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown deadline passed; exiting anyway');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // A keep-alive socket whose last request just finished would hold the listener open until its idle
    // timeout (72 s): close such sockets as they fall idle.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Slotwise is running at ${config.publicUrl}`);
  for (const note of operatorNotes(config)) app.log.warn(note);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
