import { describe, expect, it } from 'vitest';
import { shellOf } from './service-worker.ts';

const HTML = `<!doctype html><html><head>
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<link rel="manifest" href="/manifest.webmanifest" />
<link rel="apple-touch-icon" href="/apple-touch-icon.png" />
<link rel="preconnect" href="https://fonts.example.com" />
<link rel="dns-prefetch" href="//cdn.example.com" />
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/runtime-def.js">
<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
</head><body><div id="root"></div></body></html>`;

const BUNDLE = [
  'index.html',
  'sw.js',
  'assets/index-abc.js',
  'assets/runtime-def.js',
  'assets/index-ghi.css',
  'assets/calendar-page-jkl.js',
  'assets/calendar-page-mno.css',
];

describe('the shell the service worker precaches', () => {
  it('is the /dashboard page, every JS and CSS file of the build and the files index.html links on this origin', () => {
    expect(shellOf(BUNDLE, HTML).files).toEqual([
      '/apple-touch-icon.png',
      '/assets/calendar-page-jkl.js',
      '/assets/calendar-page-mno.css',
      '/assets/index-abc.js',
      '/assets/index-ghi.css',
      '/assets/runtime-def.js',
      '/dashboard',
      '/favicon.svg',
      '/manifest.webmanifest',
    ]);
  });

  it('leaves out the worker, index.html and other origins', () => {
    const { files } = shellOf(BUNDLE, HTML);
    expect(files).not.toContain('/sw.js');
    expect(files).not.toContain('/index.html');
    expect(files.some((f) => f.includes('example.com'))).toBe(false);
  });

  it('names a new cache when a file or the page changes, and the same one for the same build', () => {
    const first = shellOf(BUNDLE, HTML);
    expect(shellOf([...BUNDLE].reverse(), HTML).version).toBe(first.version);
    expect(shellOf([...BUNDLE, 'assets/new-pqr.js'], HTML).version).not.toBe(first.version);
    expect(
      shellOf(BUNDLE, HTML.replace('Slotwise', 'Slotwise!').replace('<head>', '<head><title>x</title>')).version,
    ).not.toBe(first.version);
    expect(first.version).toMatch(/^[0-9a-f]{12}$/);
  });
});
