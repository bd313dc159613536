/**
 * Builds the dashboard's service worker (dashboard/src/service-worker/worker.ts) into
 * dist/dashboard/sw.js, and writes in front of it the shell this very build needs offline:
 * the /dashboard page, every JS and CSS file of the build (the lazy pages' chunks too, so a
 * reload of the calendar works offline), and the same-origin files index.html links (favicon,
 * manifest, apple-touch-icon). The list comes from the bundle, never from a hand-kept list,
 * and its hash names the worker's cache, so each deploy gets a cache of its own.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const WORKER_FILE = 'sw.js';
/** The URL every dashboard route answers with index.html, and which the worker caches as the shell. */
const SHELL_PAGE = '/dashboard';

interface Shell {
  version: string;
  files: string[];
}

/**
 * What the worker precaches, from the build's file names (relative to dist/dashboard) and its index.html.
 * Only files under assets/ from the bundle (the worker itself and index.html are not), and only
 * root-relative links from the page (not other origins, not protocol-relative ones).
 */
export function shellOf(fileNames: readonly string[], indexHtml: string): Shell {
  const files = new Set([SHELL_PAGE]);
  for (const name of fileNames) if (/^assets\/.+\.(js|css)$/.test(name)) files.add(`/${name}`);
  for (const match of indexHtml.matchAll(/\s(?:href|src)="(\/(?!\/)[^"]*)"/g)) files.add(match[1] as string);
  const sorted = [...files].sort();
  const version = createHash('sha256').update(JSON.stringify(sorted)).update(indexHtml).digest('hex').slice(0, 12);
  return { version, files: sorted };
}

export function serviceWorker(): Plugin {
  return {
    name: 'slotwise-service-worker',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      // Its own entry: it shares no module with the app, so it is one self-contained classic script.
      const source = fileURLToPath(new URL('../src/service-worker/worker.ts', import.meta.url));
      this.emitFile({ type: 'chunk', id: source, fileName: WORKER_FILE });
    },
    generateBundle(_options, bundle) {
      const worker = bundle[WORKER_FILE];
      const html = bundle['index.html'];
      if (worker?.type !== 'chunk' || html?.type !== 'asset')
        throw new Error(
          `The dashboard build has no ${WORKER_FILE} chunk or no index.html: dashboard/build/service-worker.ts expects both.`,
        );
      if (worker.imports.length > 0 || /^\s*(import|export)\b/m.test(worker.code))
        throw new Error(
          `${WORKER_FILE} imports ${worker.imports.join(', ') || 'or exports something'}: the worker must not share modules with the app, it is a classic script.`,
        );
      const shell = shellOf(Object.keys(bundle), String(html.source));
      worker.code = `const SHELL=${JSON.stringify(shell)};\n${worker.code}`;
    },
  };
}
