/**
 * The worker calendars/sandbox.ts expands calendars in (issue 39; docs/decisions/031): an owner's
 * file is someone else's input, and ical.js's iterator can search for ever inside one call, so it
 * runs here, where the sandbox can stop it by a wall-clock limit and a heap limit, never on the
 * server's event loop. Plain .mjs because a .ts entry does not load under tsx (how the server
 * runs, `tsx src/server.ts`): under tsx its loader is registered here; under Node 24 (vitest,
 * node with type stripping) expand.ts loads as it is.
 */
import { parentPort } from 'node:worker_threads';

if (!process.features.typescript) {
  const { register } = await import('tsx/esm/api');
  register();
}
const { expandCalendar, NotICalendar } = await import('./expand.ts');

parentPort.on('message', async ({ source, window }) => {
  try {
    const { events, neverOccurring } = await expandCalendar(source, window);
    parentPort.postMessage({ ok: true, events, neverOccurring });
  } catch (err) {
    parentPort.postMessage({ ok: false, notICalendar: err instanceof NotICalendar, message: String(err?.message) });
  }
});
parentPort.postMessage({ ready: true });
