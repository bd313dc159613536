/**
 * The pop-up chunk's entry: the loader import()s this on click or when idle and
 * calls mount() once. Renders into the loader's shadow root, with its styles adopted.
 */
import { createPublicClient } from '@slotwise/shared/public-client';
import feedbackCss from '@slotwise/ui/feedback.css?inline';
import { createRoot } from 'react-dom/client';
import type { Mode, PopupContext, PopupHandle } from '../contract.ts';
import { App } from './app.tsx';
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

  createRoot(root).render(<App store={store} client={client} onClose={close} />);

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
