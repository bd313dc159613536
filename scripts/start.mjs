#!/usr/bin/env node
/** `npm start`: build what is missing or stale, then run the server (embedded defaults). */
import { spawn } from 'node:child_process';
import { delimiter, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
await import('./build.mjs');
// The server runs on the Node that npm ci put in node_modules/.bin (decision 013), also when this
// script was started by another Node: tsx's `#!/usr/bin/env node` finds it first on PATH.
const bin = join(root, 'node_modules', '.bin');
const child = spawn(join(bin, 'tsx'), [join(root, 'packages/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
