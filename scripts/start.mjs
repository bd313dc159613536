#!/usr/bin/env node
/** `npm start`: build what is missing or stale, then run the server (embedded defaults). */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
await import('./build.mjs');
const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'packages/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
