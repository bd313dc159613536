// Entry of widget.js. It must stay a classic script (owners paste `<script async>`):
// no exports, no import.meta; the build wraps it in a function so nothing leaks
// into the page's global scope (see widget/build/classic-loader.ts).
import { boot } from './loader/boot.ts';

boot(() => import('./popup/mount.tsx'));
