/**
 * Owners paste a classic `<script async src=".../widget.js">`, not a module. This
 * build step keeps widget.js valid as a classic script: it fails the build if the
 * entry would statically import or export anything (the pop-up chunk must share no
 * module with the loader) or use import.meta, and wraps it in a function so its
 * top-level names never land in the page's global scope. Its one dynamic
 * import("./assets/...") resolves against the script's own URL, so the pop-up is
 * fetched from our origin whatever page embeds the tag.
 */
import type { Plugin } from 'vite';

export function classicLoader(entryFileName = 'widget.js'): Plugin {
  return {
    name: 'slotwise-classic-loader',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = bundle[entryFileName];
      if (entry?.type !== 'chunk') return this.error(`${entryFileName} was not produced by this build.`);
      const problems = [
        entry.imports.length > 0 &&
          `it statically imports ${entry.imports.join(', ')}: move the code both use out of the loader or into the pop-up`,
        entry.exports.length > 0 && `it exports ${entry.exports.join(', ')}: the entry must export nothing`,
        /\bimport\.meta\b/.test(entry.code) && 'it uses import.meta, which a classic script cannot',
      ].filter(Boolean);
      if (problems.length > 0) {
        return this.error(`${entryFileName} would not run as a classic <script>: ${problems.join('; ')}.`);
      }
      entry.code = `(function(){\n${entry.code}\n})();\n`;
    },
  };
}
