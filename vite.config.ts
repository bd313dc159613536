/**
 * One config for the three front-end bundles (chosen by --mode) and for every
 * Vitest project. `npm run build` runs the three builds (scripts/build.mjs).
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type AliasOptions, defineConfig, type UserConfig } from 'vite';
import { calendarStartsOverflowing } from './dashboard/build/calendar-starts-overflowing.ts';
import { calendarTouchDrag } from './dashboard/build/calendar-touch-drag.ts';
import { serviceWorker } from './dashboard/build/service-worker.ts';
import { classicLoader } from './widget/build/classic-loader.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The widget is written against the React API and ships on preact/compat (docs/decisions/002). */
export const preactAliases: AliasOptions = [
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

const production = { 'process.env.NODE_ENV': JSON.stringify('production') };

function dashboard(): UserConfig {
  return {
    root: here('./dashboard'),
    plugins: [react(), calendarStartsOverflowing(), calendarTouchDrag(), serviceWorker()],
    // The dev server pre-bundles react-big-calendar: the same fixes apply there.
    optimizeDeps: { rolldownOptions: { plugins: [calendarStartsOverflowing(), calendarTouchDrag()] } },
    build: { outDir: here('./dist/dashboard'), emptyOutDir: true, assetsDir: 'assets', sourcemap: false },
    server: { proxy: { '/api': 'http://localhost:3000', '/widget.js': 'http://localhost:3000' } },
  };
}

function widget(): UserConfig {
  return {
    root: here('./widget'),
    resolve: { alias: preactAliases },
    define: production,
    // widget.js is a classic script that import()s the pop-up entry by URL (widget/build/classic-loader.ts).
    plugins: [classicLoader('widget', 'popup')],
    build: {
      outDir: here('./dist/widget'),
      emptyOutDir: true,
      assetsDir: 'assets',
      minify: true,
      // Library mode: no module-preload helper (it reads import.meta, which a classic script cannot).
      lib: {
        entry: { widget: here('./widget/src/loader.ts'), popup: here('./widget/src/popup/mount.tsx') },
        formats: ['es'],
      },
      rollupOptions: {
        output: {
          entryFileNames: (chunk) => (chunk.name === 'widget' ? 'widget.js' : 'assets/widget-[name]-[hash].js'),
          chunkFileNames: 'assets/widget-[name]-[hash].js',
          // Library mode keeps whitespace in ES output by default; these files are only ever shipped.
          minify: true,
          // And its annotations: 256 "/* @__PURE__ */" before each JSX call of the pop-up, hints
          // for a later bundler that none of these shipped files meets (207 bytes of brotli).
          comments: { legal: true, annotation: false, jsdoc: false },
        },
      },
    },
  };
}

/**
 * The landing page's HTML is rendered by React at build time (landing/scripts/postbuild.ts);
 * the browser only runs the Feedback island, on preact/compat so the whole first view
 * stays under its 50 KB gzip budget, which React's runtime alone exceeds (docs/decisions/002).
 */
function landing(): UserConfig {
  return {
    root: here('./landing'),
    resolve: { alias: preactAliases },
    define: production,
    build: {
      outDir: here('./dist/landing'),
      emptyOutDir: true,
      assetsDir: 'assets',
      // One small module; the polyfill would only add bytes for browsers we do not target.
      modulePreload: { polyfill: false },
    },
  };
}

/**
 * Every Vitest project's workers (docs/decisions/033). A project declared with `extends: false`
 * takes none of the root's `test` options, so each spreads these. Test files share their worker's
 * modules (`isolate: false`): a worker imports the app, zod and React once, not once per file. The
 * storage suites mostly wait on PostgreSQL, SQLite's disk and child processes, so three workers
 * keep both cores busy; Vitest's default is one fewer than the cores, one worker here.
 * A test's time limit is 20 s, not Vitest's 5 s: a jsdom test that types through three steps takes
 * 1-2 s, and 5 s on a machine whose load stood at 30 (three workers beside other processes) failed
 * tests that were only slow (the server project sets its own, longer limits).
 */
const sharedWorkers = { isolate: false, maxWorkers: 3, testTimeout: 20_000 } as const;

export default defineConfig(({ mode }) => {
  const app = mode === 'widget' ? widget() : mode === 'landing' ? landing() : dashboard();
  return {
    ...app,
    test: {
      // One project per workspace (`npx vitest run --project server`); `npm test -- bookings` runs the
      // files whose path holds "bookings" in every project. A file must leave nothing behind, as its
      // worker runs other files after it: no vi.mock of its own (mocks are registered once in each
      // project's setup file), timers and stubs restored after each test (the setup files do it).
      // Each project is whole as written here (`extends: false`): since Vitest 5 an inline project would
      // otherwise inherit this file's app config (the dashboard's, in test mode) and its plugins.
      projects: [
        {
          extends: false,
          test: {
            name: 'shared',
            ...sharedWorkers,
            root: here('.'),
            environment: 'node',
            include: ['shared/src/**/*.test.ts'],
          },
        },
        {
          extends: false,
          test: {
            name: 'server',
            ...sharedWorkers,
            root: here('.'),
            environment: 'node',
            include: ['packages/server/**/*.test.ts'],
            exclude: ['**/node_modules/**'],
            // Databases migrated once per run, which every test app copies (packages/server/test/global-setup.ts).
            globalSetup: [here('./packages/server/test/global-setup.ts')],
            testTimeout: 30_000,
            hookTimeout: 60_000,
            pool: 'forks',
          },
        },
        {
          extends: false,
          plugins: [react()],
          test: {
            name: 'ui',
            ...sharedWorkers,
            root: here('.'),
            environment: 'jsdom',
            include: ['packages/ui/src/**/*.test.tsx'],
            setupFiles: [here('./packages/ui/src/test-setup.ts')],
          },
        },
        {
          extends: false,
          plugins: [react()],
          test: {
            name: 'dashboard',
            ...sharedWorkers,
            root: here('.'),
            environment: 'jsdom',
            include: ['dashboard/src/**/*.test.tsx', 'dashboard/src/**/*.test.ts', 'dashboard/build/**/*.test.ts'],
            setupFiles: [here('./dashboard/src/test-setup.ts')],
            // Run in a zone far from the businesses' zones so time-zone bugs show.
            env: { TZ: 'Asia/Tokyo' },
          },
        },
        {
          extends: false,
          resolve: { alias: preactAliases },
          test: {
            name: 'widget',
            ...sharedWorkers,
            root: here('.'),
            environment: 'jsdom',
            // The widget adopts its CSS from `?inline` strings; tests check what lands in the shadow root.
            css: true,
            include: ['widget/src/**/*.test.tsx', 'widget/src/**/*.test.ts'],
            setupFiles: [here('./widget/src/test-setup.ts')],
          },
        },
        {
          extends: false,
          plugins: [react()],
          test: {
            name: 'landing',
            ...sharedWorkers,
            root: here('.'),
            environment: 'jsdom',
            include: ['landing/src/**/*.test.tsx'],
          },
        },
      ],
    },
  };
});
