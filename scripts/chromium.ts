import { existsSync } from 'node:fs';

/**
 * Debian's Chromium, never a downloaded browser (docs/architecture.md#pitfalls, pitfall 8), with the flags it
 * needs as root on a closed network. Used by the e2e config, the benchmarks and the
 * screenshot script.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The browser the e2e journeys drive: Debian's old headless shell (package chromium-headless-shell,
 * the same Blink and V8 without the browser's own UI, what Playwright itself runs headless) when it
 * is installed and no CHROMIUM_PATH names another. Chromium's `--headless` is the whole browser
 * since 132, with its WebUI renderers beside every page: measured on three e2e files here, the
 * shell used 17 % less CPU (29 s against 35 s user). The benchmarks stay on the full Chromium,
 * which their figures and floors were measured on.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const E2E_CHROMIUM =
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Debian builds Chromium with its field-trial testing config, which (in 156) preloads the
  // omnibox pop-up's WebUI in a renderer of its own for every new page, CPU taken from the
  // page and the server on these 2-core machines (measured: docs/benchmarks.md). Stable
  // Chrome, what customers run, does not use that config.
  '--disable-field-trial-config',
];
