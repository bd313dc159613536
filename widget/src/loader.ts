// Entry of widget.js. Owners paste a classic `<script async>`, so this must stay a
// classic script: no exports, no import.meta; the build wraps it in a function so
// nothing leaks into the page's global scope. Chrome resolves a relative import()
// in a cross-origin classic script against about:blank, so the pop-up is imported
// by its absolute URL: the build replaces POPUP with the pop-up chunk's hashed
// file name (widget/build/classic-loader.ts), resolved against widget.js's own URL.
import { boot } from './loader/boot.ts';

const POPUP = '__SLOTWISE_POPUP__';

boot((base) => import(/* @vite-ignore */ new URL(POPUP, base).href));
