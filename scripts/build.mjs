#!/usr/bin/env node
/**
 * Builds the three front ends into dist/, skipping any whose sources are older
 * than its last build (so `npm start` is instant after the first time).
 * `--force` rebuilds all. Each build ends with brotli and gzip copies of its text files
 * (compress.mjs), which routes/static.ts serves by Accept-Encoding.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressDir } from './compress.mjs';

const root = new URL('..', import.meta.url).pathname;
const force = process.argv.includes('--force');
const common = ['shared/src', 'packages/ui/src', 'vite.config.ts', 'package-lock.json'];
const apps = {
  dashboard: ['dashboard'],
  widget: ['widget'],
  landing: ['landing'],
};

function newest(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(full)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx'))
      continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
for (const [app, dirs] of Object.entries(apps)) {
  const stamp = join(root, 'dist', app, '.built');
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const sources = Math.max(...[...dirs, ...common].map(newest));
  if (!force && built > sources) continue;
  console.log(`building ${app}...`);
  execFileSync(process.execPath, [vite, 'build', '--mode', app, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  const post = join(root, app, 'scripts', 'postbuild.ts');
  if (existsSync(post))
    execFileSync(join(root, 'node_modules', '.bin', 'tsx'), [post], { cwd: root, stdio: 'inherit' });
  compressDir(join(root, 'dist', app));
  writeFileSync(stamp, new Date().toISOString());
}
