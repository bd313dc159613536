/**
 * Serves the built front ends from dist/ (docs/architecture.md#running-it-scaling-out):
 *   /                 landing (static HTML)
 *   /widget.js        the widget loader (short cache: owners' pages always get the newest)
 *   /assets/*         hashed bundles of all three apps (cached for a year, immutable)
 *   the SPA routes    dashboard index.html (never cached, so a deploy shows at once)
 *   /dashboard/sw.js  the dashboard's service worker (never cached: a deploy's worker must be seen at once)
 *   /manifest.webmanifest, /apple-touch-icon.png, /icons/*   the dashboard's home-screen files
 * Every text file is sent as its brotli or gzip copy (written beside it by scripts/compress.mjs
 * at build time) when the request's Accept-Encoding allows, with Vary: Accept-Encoding; the
 * copy's own ETag and Content-Length, so no encoding is mistaken for another.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';

const SPA_PREFIXES = [
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/onboarding',
  '/dashboard',
  '/customer',
  // A crew member's jobs and their invitation page (docs/decisions/024).
  '/crew',
];
const YEAR = 'public, max-age=31536000, immutable';
const DAY = 'public, max-age=86400';
/** Files of dashboard/public/ the installed dashboard needs (its manifest names the icons). */
const HOME_SCREEN_FILES = [
  'apple-touch-icon.png',
  'icons/slotwise-192.png',
  'icons/slotwise-512.png',
  'icons/slotwise-maskable-512.png',
];

/**
 * The dashboard's index.html, or undefined before a build: the not-found handler
 * (plugins/errors.ts) answers a browser's unknown address with it, status 404, and the
 * dashboard's router shows its "Page not found" with a way home.
 */
export function dashboardPage(staticDir: string): string | undefined {
  const file = join(staticDir, 'dashboard', 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

export async function staticRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const dist = ctx.config.staticDir;
  const dashboardIndex = join(dist, 'dashboard', 'index.html');
  const landingIndex = join(dist, 'landing', 'index.html');
  const widgetLoader = join(dist, 'widget', 'widget.js');

  const missing = (reply: FastifyReply, what: string) =>
    reply
      .status(503)
      .type('text/plain; charset=utf-8')
      .send(`The ${what} has not been built. Run "npm run build" (npm start does it for you).`);

  // Decorates reply.sendFile without serving anything by itself. Each route below sets its
  // own cache-control; with @fastify/static's default, sendFile replaced it by "public, max-age=0".
  await app.register(fastifyStatic, { root: dist, serve: false, cacheControl: false, preCompressed: true });
  // Each app's build writes hashed files to its own assets/ folder; names never collide.
  const assetDirs = ['dashboard', 'widget', 'landing'].map((a) => join(dist, a, 'assets')).filter((d) => existsSync(d));
  if (assetDirs.length > 0) {
    await app.register(fastifyStatic, {
      root: assetDirs,
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      // Only hashed files are written here, so they may be cached forever.
      setHeaders: (reply) => {
        reply.header('cache-control', YEAR);
        // The widget's pop-up chunk is import()ed by owners' pages: module fetches are CORS requests.
        reply.header('access-control-allow-origin', '*');
      },
    });
  } else {
    // The same route table with or without a build, so nothing depends on whether dist/ exists.
    app.get('/assets/*', (_req, reply) => missing(reply, 'front end'));
  }
  registerPages();

  function registerPages() {
    app.get('/widget.js', (_req, reply) => {
      if (!existsSync(widgetLoader)) return missing(reply, 'widget');
      reply.header('cache-control', 'public, max-age=300');
      return reply.sendFile('widget.js', join(dist, 'widget'));
    });

    app.get('/', (_req, reply) => {
      if (!existsSync(landingIndex)) return missing(reply, 'landing page');
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', join(dist, 'landing'));
    });

    for (const name of ['favicon.svg', 'robots.txt', 'og-image.png']) {
      app.get(`/${name}`, (_req, reply) => {
        if (!existsSync(join(dist, 'landing', name))) return reply.callNotFound();
        reply.header('cache-control', DAY);
        return reply.sendFile(name, join(dist, 'landing'));
      });
    }

    // The manifest is read when the dashboard is installed and now and then after; a change must show.
    app.get('/manifest.webmanifest', (_req, reply) => {
      if (!existsSync(join(dist, 'dashboard', 'manifest.webmanifest'))) return reply.callNotFound();
      reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8');
      return reply.sendFile('manifest.webmanifest', join(dist, 'dashboard'));
    });
    for (const name of HOME_SCREEN_FILES) {
      app.get(`/${name}`, (_req, reply) => {
        if (!existsSync(join(dist, 'dashboard', name))) return reply.callNotFound();
        reply.header('cache-control', DAY);
        return reply.sendFile(name, join(dist, 'dashboard'));
      });
    }

    // The service worker (dashboard/build/service-worker.ts) lives under /dashboard/, and its scope is
    // "/dashboard": the owner's pages, never the customer pages, the landing page or /demo. A worker's
    // scope may not reach above its folder (/dashboard/) unless this header allows it.
    // Browsers check a worker for updates on navigation regardless, but no-cache keeps a proxy from
    // holding an old one. Missing, it is a 404, never the SPA's HTML (a worker must be JavaScript).
    app.get('/dashboard/sw.js', (_req, reply) => {
      if (!existsSync(join(dist, 'dashboard', 'sw.js'))) return reply.callNotFound();
      reply.header('cache-control', 'no-cache').header('service-worker-allowed', '/dashboard');
      return reply.sendFile('sw.js', join(dist, 'dashboard'));
    });

    const dashboard = (_req: unknown, reply: FastifyReply) => {
      if (!existsSync(dashboardIndex)) return missing(reply, 'dashboard');
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', join(dist, 'dashboard'));
    };
    for (const prefix of SPA_PREFIXES) {
      app.get(prefix, dashboard);
      app.get(`${prefix}/*`, dashboard);
    }
  }
}
