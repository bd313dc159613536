/**
 * The loader: everything widget.js does on each page view of the owner's site.
 * Plain DOM, no framework, under 2 KB gzip. It mounts one host element with an
 * open shadow root, shows "Book now" and "Feedback", and fetches the pop-up chunk
 * only when the customer reaches for it or the browser is idle.
 */

import type { Launcher } from '@slotwise/shared/api';
import type {
  InlineStart,
  Mode,
  PopupContext,
  PopupHandle,
  SlotwiseApi,
  SlotwiseStub,
  WidgetEventName,
} from '../contract.ts';
import css from './loader.css?inline';

export type PopupModule = { mount(ctx: PopupContext): PopupHandle; inline(start: InlineStart): void };

const warn = (message: string) => console.warn(`[Slotwise] ${message}`);

/** Constructable sheets apply under a host CSP without 'unsafe-inline'; <style> is the fallback for old browsers. */
export function adopt(root: ShadowRoot, text: string): void {
  // Checked on a widened copy: the DOM types claim every ShadowRoot has adoptedStyleSheets; older browsers' do not.
  if ('adoptedStyleSheets' in (root as object)) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } else {
    const style = document.createElement('style');
    style.textContent = text;
    root.append(style);
  }
}

/**
 * data-mode="inline" (docs/widget.md): no buttons; the chunk is imported at once and
 * renders the steps into the element data-target names. The work is the chunk's, so the
 * loader stays small.
 */
function inline(script: HTMLScriptElement, businessId: string, src: string, load: Loader): void {
  load(src).then(
    (m) => m.inline({ script, businessId, apiOrigin: new URL(src).origin, adopt, warn }),
    () => warn('Could not load the booking form; reload the page to try again.'),
  );
}

type Loader = (base: string) => Promise<PopupModule>;

/**
 * The owner's button (decision 020): its text, corner and colours come from the launcher call,
 * and the bar stays invisible until they do, so the button appears once, as the owner set it.
 * Slotwise's own look shows when the call fails or has not answered within 3 s (a slow or dead
 * network must not hide the button), and an answer after that is not applied: the button never
 * changes in view.
 */
function showLook(bar: HTMLElement, book: HTMLElement, url: string): void {
  const style = bar.style;
  const show = () => style.removeProperty('visibility');
  style.visibility = 'hidden';
  setTimeout(show, 3000);
  fetch(url)
    .then((r) => (r.ok ? (r.json() as Promise<Launcher>) : null))
    .then((l) => {
      if (!l || !style.visibility) return;
      book.textContent = l.buttonText;
      style.setProperty('--a', l.accentColor);
      style.setProperty('--o', l.onAccent);
      if (l.buttonPosition === 'bottom-left') bar.className += ' left';
    })
    .catch(() => {})
    .finally(show);
}

/** load(base) imports the pop-up chunk; base is widget.js's own absolute URL. */
export function boot(load: Loader, win: Window = window): void {
  const doc = win.document;
  const previous = win.Slotwise;
  if (previous && 'loaded' in previous) {
    warn('widget.js is included twice on this page; only the first copy runs. Remove the second script tag.');
    return;
  }
  const current = doc.currentScript as HTMLScriptElement | null;
  const script = current?.hasAttribute('data-business-id')
    ? current
    : (doc.querySelector<HTMLScriptElement>('script[src*="widget.js"][data-business-id]') ?? current);
  const businessId = script?.getAttribute('data-business-id')?.trim() ?? '';
  const src = new URL(script?.src || doc.baseURI, doc.baseURI).href;

  let handle: Promise<PopupHandle> | undefined;

  const popup = (ctx: PopupContext) =>
    (handle ??= load(src).then(
      (m) => m.mount(ctx),
      (err: unknown) => {
        handle = undefined;
        warn(`Could not load the booking pop-up from ${ctx.apiOrigin}; the next click tries again.`);
        throw err;
      },
    ));

  let run = (_mode: Mode, _from?: HTMLElement | null): void => {};
  let warm = (): void => {};
  let close = (): void => {};

  const api: SlotwiseApi = Object.assign(
    (command: string) => {
      if (command === 'open' || command === 'close' || command === 'feedback') api[command]();
      else warn(`Slotwise("${command}") is not a command; use "open", "close" or "feedback".`);
    },
    {
      open: () => run('book'),
      close: () => close(),
      feedback: () => run('feedback'),
      loaded: true as const,
    },
  );
  win.Slotwise = api;

  if (!businessId) {
    warn(
      'The widget.js script tag has no data-business-id, so no booking button is shown. Copy the embed code from Dashboard > Services > Embed Code.',
    );
  } else if (script?.getAttribute('data-mode') === 'inline') {
    inline(script, businessId, src, load);
  } else if (script) {
    const el = doc.createElement('slotwise-widget');
    const shadow = el.attachShadow({ mode: 'open' });
    adopt(shadow, css);
    const bar = doc.createElement('div');
    bar.className = 'bar';
    const button = (text: string, cls: string, mode: Mode) => {
      const b = doc.createElement('button');
      b.type = 'button';
      b.className = cls;
      b.textContent = text;
      b.addEventListener('click', () => run(mode, b));
      // A pointer on its way or keyboard focus: start the download before the click lands.
      for (const type of ['pointerenter', 'focus']) b.addEventListener(type, () => warm());
      bar.append(b);
      return b;
    };
    const book = button('Book now', 'book', 'book');
    shadow.append(bar);
    showLook(bar, book, `${new URL(src).origin}/api/customer/launcher/${encodeURIComponent(businessId)}`);

    let disabled = false;
    const ctx: PopupContext = {
      apiOrigin: new URL(src).origin,
      businessId,
      shadow,
      adopt: (text) => adopt(shadow, text),
      emit: (name: WidgetEventName, detail?: unknown) =>
        el.dispatchEvent(new CustomEvent(`slotwise:${name}`, { detail, bubbles: true, composed: true })),
      disable: (message) => {
        if (disabled) return;
        disabled = true;
        el.remove();
        warn(message);
      },
      launcher: book,
    };

    run = (mode, from) => {
      if (disabled) return;
      // Called from the owner's own button: focus goes back there on close.
      const active = doc.activeElement;
      const back = from ?? (active instanceof HTMLElement && active !== doc.body ? active : null);
      book.setAttribute('aria-busy', 'true');
      popup(ctx)
        .then((h) => h.open(mode, back))
        .catch(() => {})
        .finally(() => book.removeAttribute('aria-busy'));
    };
    warm = () => {
      if (!disabled) popup(ctx).catch(() => {});
    };
    close = () => {
      handle?.then((h) => h.close()).catch(() => {});
    };

    const attach = () => (doc.body ?? doc.documentElement).append(el);
    if (doc.body) attach();
    else doc.addEventListener('DOMContentLoaded', attach, { once: true });
    // Warm the pop-up when the page has nothing better to do; never before.
    const idle = win.requestIdleCallback ?? ((fn: () => void) => win.setTimeout(fn, 1500));
    idle(warm);
  }

  for (const args of (previous as SlotwiseStub | undefined)?.q ?? []) {
    const [command] = Array.from(args);
    api(String(command));
  }
}
