/**
 * The pop-up chunk's entry: the loader import()s this on click or when idle and
 * calls mount() once. Renders into the loader's shadow root, with its styles adopted.
 */

import { customerCalls } from '@slotwise/shared/contract/customer.calls';
import { createPublicClient } from '@slotwise/shared/public-client';
import feedbackCss from '@slotwise/ui/feedback.css?inline';
import { createRoot } from 'react-dom/client';
import type { InlineStart, Mode, PopupContext, PopupHandle } from '../contract.ts';
import { App } from './app.tsx';
import { createFunnel, dayOf, sourceOf } from './funnel.ts';
import { syncHistory } from './history.ts';
import css from './popup.css?inline';
import { createStore, type StoreOptions } from './state.ts';

export function mount(ctx: PopupContext, options: StoreOptions = {}): PopupHandle {
  ctx.adopt(feedbackCss);
  ctx.adopt(css);
  const root = document.createElement('div');
  root.className = 'sw-root';
  ctx.shadow.append(root);

  const client = createPublicClient({ baseUrl: ctx.apiOrigin });
  const store = createStore(client, ctx.businessId, {
    ...options,
    // The API's origin and the route table's path, joined as the public client joins them (shared/src/http.ts).
    funnel:
      options.funnel ??
      createFunnel(`${ctx.apiOrigin}${customerCalls.beacon.path}`, ctx.businessId, ctx.source ?? 'site'),
    onBooked: (booking) => {
      ctx.emit('booked', booking);
      options.onBooked?.(booking);
    },
  });
  let returnFocus: HTMLElement | null = null;

  const close = () => {
    if (!store.mode.value) return;
    store.close();
    ctx.emit('close');
    const target = returnFocus?.isConnected ? returnFocus : ctx.launcher;
    returnFocus = null;
    target.focus();
  };

  // Validates the business id early: an unknown one takes the buttons off the page.
  store.load().then(
    (business) => {
      if (!business) {
        close();
        ctx.disable(
          `No business has the id "${ctx.businessId}", so the booking button was removed. Copy the embed code again from Dashboard > Services > Embed Code.`,
        );
      }
    },
    () => {},
  );

  // Inline, the last step's button starts a new booking: there is nothing to close.
  const again = () => store.open('book');
  // The steps as the browser's history entries: its Back goes back a step (history.ts).
  syncHistory(store, { inline: Boolean(ctx.inline), close, root: ctx.shadow.host });
  createRoot(root).render(
    <App store={store} client={client} onClose={ctx.inline ? again : close} inline={ctx.inline} />,
  );

  return {
    open(mode: Mode, from?: HTMLElement | null) {
      const wasOpen = store.mode.value !== null;
      // Focus returns to what opened the pop-up, unless that is inside the widget itself.
      if (!wasOpen) returnFocus = from && from !== ctx.shadow.host ? from : ctx.launcher;
      store.open(mode);
      if (!wasOpen) ctx.emit('open', { mode });
    },
    close,
  };
}

/**
 * data-mode="inline": the steps in a shadow root inside the element data-target names
 * (after the script tag, with one warning, when there is none), opened at once.
 */
export function inline({ script, businessId, apiOrigin, adopt, warn }: InlineStart): void {
  const doc = script.ownerDocument;
  const el = doc.createElement('slotwise-widget');
  const shadow = el.attachShadow({ mode: 'open' });
  const place = () => {
    const id = script.getAttribute('data-target') ?? '';
    const target = id && doc.getElementById(id);
    if (target) return target.append(el);
    warn(
      `No element has id="${id}" (the tag's data-target), so the booking form is shown after the script tag. Add <div id="${id || 'book-here'}"></div> where it belongs.`,
    );
    if (script.isConnected && script.parentElement !== doc.head) script.after(el);
    else doc.body.append(el);
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', place, { once: true });
  else place();
  // A task of its own, after the chunk's evaluation: two shorter tasks rather than one long
  // one leave a phone's main thread free sooner (Total Blocking Time, bench/booking-page.ts).
  setTimeout(() =>
    mount(
      {
        apiOrigin,
        businessId,
        shadow,
        adopt: (css) => adopt(shadow, css),
        emit: (name, detail) =>
          el.dispatchEvent(new CustomEvent(`slotwise:${name}`, { detail, bubbles: true, composed: true })),
        disable: (message) => {
          el.remove();
          warn(message);
        },
        launcher: el,
        inline: true,
        // The hosted page's tag says data-source="page"; its ?via=qr is read here, so its HTML is one for all.
        source: sourceOf(script, location.search),
      },
      { day: dayOf(script, location.search) },
    ).open('book'),
  );
}
