/**
 * Debian's Chromium, never a downloaded browser (docs/architecture.md#pitfalls, pitfall 8), with the flags it
 * needs as root on a closed network. Used by the e2e config, the benchmarks and the
 * screenshot script.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

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
