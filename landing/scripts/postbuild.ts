/**
 * Second half of the landing build (scripts/build.mjs runs it after `vite build
 * --mode landing`): renders the React page once into dist/landing/index.html, so the
 * page needs no JavaScript to show its content; inlines the CSS (one request fewer,
 * nothing render-blocking); copies the product screenshots to hashed files under
 * assets/ (the server caches /assets/* forever).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Screenshot } from '../src/content.ts';
import { headTags } from '../src/head.ts';
import { LandingPage } from '../src/landing-page.tsx';
import { readShotManifest } from './shots.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = join(root, 'dist', 'landing');
const indexFile = join(out, 'index.html');
const shotsDir = join(root, 'landing', 'public', 'screenshots');

function fail(message: string): never {
  process.stderr.write(`landing postbuild: ${message}\n`);
  process.exit(1);
}

if (!existsSync(indexFile)) fail(`${indexFile} is missing; run "vite build --mode landing" first.`);
let html = readFileSync(indexFile, 'utf8');

function hashedCopy(file: string): string {
  const bytes = readFileSync(file);
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 10);
  const ext = extname(file);
  const name = `${basename(file, ext)}-${hash}${ext}`;
  copyFileSync(file, join(out, 'assets', name));
  return `/assets/${name}`;
}

const screenshots: Screenshot[] = readShotManifest(shotsDir).map((s) => ({
  src: hashedCopy(join(shotsDir, s.file)),
  width: s.width,
  height: s.height,
  alt: s.alt,
  caption: s.caption,
}));
// Vite copies public/ as is; the screenshots are served from their hashed copies only.
rmSync(join(out, 'screenshots'), { recursive: true, force: true });

const page = renderToString(createElement(LandingPage, { screenshots, year: new Date().getFullYear() }));

function replaceMarker(marker: string, content: string) {
  const tag = `<!--landing:${marker}-->`;
  if (!html.includes(tag)) fail(`landing/index.html has lost its ${tag} marker.`);
  html = html.replace(tag, () => content);
}
replaceMarker('head', headTags({ origin: process.env.PUBLIC_URL }));
replaceMarker('page', page);

// Inline every stylesheet Vite linked: the CSS is a few KB, a request would cost more.
html = html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (_tag, href: string) => {
  const file = join(out, href);
  const css = readFileSync(file, 'utf8');
  rmSync(file);
  return `<style>${css.trim()}</style>`;
});
if (/<link rel="stylesheet"/.test(html)) fail('a stylesheet link was left in the page; check the inlining pattern.');

writeFileSync(indexFile, html);
const gz = gzipSync(html).length;
process.stdout.write(
  `landing: index.html ${(html.length / 1024).toFixed(1)} KB (${(gz / 1024).toFixed(1)} KB gzip), ${screenshots.length} screenshots\n`,
);
