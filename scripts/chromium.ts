/**
 * Debian's Chromium, never a downloaded browser (STACK.md pitfall 8), with the flags it
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
];
