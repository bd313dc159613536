#!/usr/bin/env node
/**
 * `npm run dev`: the API server under `tsx watch` (restarts on change) on PORT 3000,
 * and Vite's dev server for the dashboard (hot reload) on http://localhost:5173,
 * which proxies /api and /widget.js to the server (vite.config.ts).
 * Same environment variables as `npm start`; Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);

// vite.config.ts proxies to localhost:3000, so the server must listen there.
if (process.env.PORT && process.env.PORT !== '3000') {
  console.error(`npm run dev needs PORT=3000 (the dashboard's dev proxy points there); got PORT=${process.env.PORT}.`);
  process.exit(2);
}
// Development checks every answer against its declared schema (CHECK_ANSWERS, packages/server/src/config.ts).
const env = {
  NODE_ENV: 'development',
  ...process.env,
  PORT: '3000',
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
};

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', join(root, 'packages/server/src/server.ts')], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
  spawn(bin('vite'), ['--mode', 'dashboard'], { cwd: root, env, stdio: 'inherit' }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
// One of the two stopping (a crash, a port in use) stops the other: half a dev setup only confuses.
for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
