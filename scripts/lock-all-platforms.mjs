#!/usr/bin/env node
// Run after any `npm install`: this registry lacks some of Biome's platform packages, so npm drops
// their lock entries and `npm ci` then refuses the lock as out of sync.
// Adds lock entries for @biomejs/cli-* platform packages the local registry does not hold,
// so `npm ci`'s sync check passes; npm skips them on Linux x64 glibc without fetching.
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const biome = lock.packages['node_modules/@biomejs/biome'];
const platforms = {
  'android-arm64': ['android', 'arm64'],
  'android-x64': ['android', 'x64'],
  'darwin-arm64': ['darwin', 'arm64'],
  'darwin-x64': ['darwin', 'x64'],
  'linux-arm64-musl': ['linux', 'arm64', 'musl'],
  'linux-x64-musl': ['linux', 'x64', 'musl'],
  'win32-arm64': ['win32', 'arm64'],
  'win32-x64': ['win32', 'x64'],
};
for (const [suffix, [os, cpu, libc]] of Object.entries(platforms)) {
  const key = `node_modules/@biomejs/cli-${suffix}`;
  if (lock.packages[key]) continue;
  lock.packages[key] = {
    version: biome.version,
    cpu: [cpu],
    dev: true,
    ...(libc ? { libc: [libc] } : {}),
    license: 'MIT OR Apache-2.0',
    optional: true,
    os: [os],
    engines: { node: '>=14.21.3' },
  };
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
