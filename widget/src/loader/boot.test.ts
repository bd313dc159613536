import { waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PopupContext, PopupHandle, SlotwiseApi } from '../contract.ts';
import { shadowCss } from '../test-css.ts';
import { adopt, boot, type PopupModule } from './boot.ts';

const ID = '6f1d2c3b-4a59-4e8d-9c7b-1a2b3c4d5e6f';

function tag(attrs: Record<string, string> = { 'data-business-id': ID }, src = 'https://book.example.com/widget.js') {
  const script = document.createElement('script');
  script.src = src;
  for (const [k, v] of Object.entries(attrs)) script.setAttribute(k, v);
  document.head.append(script);
  return script;
}

function fakePopup() {
  const handle: PopupHandle = { open: vi.fn(), close: vi.fn() };
  let ctx: PopupContext | undefined;
  const mod: PopupModule = {
    mount: vi.fn((c: PopupContext) => {
      ctx = c;
      return handle;
    }),
    inline: vi.fn(),
  };
  const load = vi.fn(() => Promise.resolve(mod));
  return { handle, load, mod, context: () => ctx };
}

const hosts = () => document.querySelectorAll('slotwise-widget');
const shadowOf = () => (hosts()[0] as HTMLElement).shadowRoot as ShadowRoot;
const button = (name: string) =>
  Array.from(shadowOf().querySelectorAll('button')).find((b) => b.textContent === name) as HTMLButtonElement;
const api = () => window.Slotwise as SlotwiseApi;
// Never idle in these tests unless a test says so.
const neverIdle = () => vi.stubGlobal('requestIdleCallback', vi.fn());

/** The launcher call's answer (routes/customer/launcher.ts); offline unless a test says otherwise. */
function launcher(answer?: object) {
  const fetch = vi.fn(() =>
    answer
      ? Promise.resolve(new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }))
      : Promise.reject(new TypeError('Failed to fetch')),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const bar = () => shadowOf().querySelector('.bar') as HTMLElement;

describe('the loader (widget.js)', () => {
  beforeEach(() => {
    launcher();
  });

  it('shows nothing and warns once, clearly, without a data-business-id', () => {
    neverIdle();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    tag({});
    const { load } = fakePopup();
    boot(load);
    api().open();
    api()('open');
    expect(hosts()).toHaveLength(0);
    expect(load).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/^\[Slotwise\] .*no data-business-id.*Embed Code/);
  });

  it('adds no global but window.Slotwise', () => {
    neverIdle();
    tag();
    const before = new Set(Object.keys(window));
    boot(fakePopup().load);
    expect(Object.keys(window).filter((k) => !before.has(k))).toEqual(['Slotwise']);
    expect(api().loaded).toBe(true);
  });

  it('adopts a constructable sheet where the DOM has them, and appends a <style> where it does not', () => {
    const root = document.createElement('div').attachShadow({ mode: 'open' });
    adopt(root, '.a { color: red; }');
    adopt(root, '.b { color: blue; }');
    expect(root.adoptedStyleSheets).toHaveLength(2);
    expect(root.querySelector('style')).toBeNull();

    const appended: Node[] = [];
    const old = { append: (node: Node) => appended.push(node) } as unknown as ShadowRoot;
    adopt(old, '.a { color: red; }');
    expect(appended).toHaveLength(1);
    expect((appended[0] as HTMLStyleElement).textContent).toBe('.a { color: red; }');
  });

  it('mounts one host with an open shadow root holding "Book now" alone (no Feedback pill), styled there', () => {
    neverIdle();
    tag();
    boot(fakePopup().load);
    expect(hosts()).toHaveLength(1);
    expect(shadowOf().mode).toBe('open');
    expect(button('Book now')).toBeTruthy();
    expect(shadowOf().querySelectorAll('button')).toHaveLength(1);
    expect(shadowCss(shadowOf())).toContain(':host');
    expect(document.head.querySelector('style')).toBeNull();
  });

  it('loads the pop-up only on the first click, with the API origin taken from its own src', async () => {
    neverIdle();
    tag({ 'data-business-id': ID }, 'https://cdn.slotwise.test/widget.js?v=3');
    const { load, handle, context } = fakePopup();
    boot(load);
    expect(load).not.toHaveBeenCalled();
    const book = button('Book now');
    book.click();
    await waitFor(() => expect(handle.open).toHaveBeenCalledWith('book', book));
    expect(context()).toMatchObject({ apiOrigin: 'https://cdn.slotwise.test', businessId: ID, launcher: book });
    api().feedback();
    await waitFor(() => expect(handle.open).toHaveBeenCalledWith('feedback', null));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('warms the pop-up when the browser is idle', async () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((fn: () => void) => {
        idle = fn;
      }),
    );
    tag();
    const { load, mod } = fakePopup();
    boot(load);
    expect(load).not.toHaveBeenCalled();
    idle?.();
    await waitFor(() => expect(mod.mount).toHaveBeenCalledTimes(1));
  });

  it('starts the download when a pointer or the keyboard reaches the button', async () => {
    neverIdle();
    tag();
    const { load } = fakePopup();
    boot(load);
    button('Book now').dispatchEvent(new Event('pointerenter'));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    button('Book now').focus();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps calls made to a queue stub before it loaded', async () => {
    neverIdle();
    tag();
    // The Plausible-style stub an owner may paste before the tag.
    const stub = Object.assign(
      (...args: unknown[]) => {
        stub.q.push(args);
      },
      { q: [] as ArrayLike<unknown>[] },
    );
    window.Slotwise = stub;
    stub('open');
    const { load, handle } = fakePopup();
    boot(load);
    await waitFor(() => expect(handle.open).toHaveBeenCalledWith('book', null));
  });

  it('opens and closes from the page through Slotwise.open() and .close()', async () => {
    neverIdle();
    tag();
    const { load, handle } = fakePopup();
    boot(load);
    const own = document.createElement('button');
    document.body.append(own);
    own.focus();
    api().open();
    await waitFor(() => expect(handle.open).toHaveBeenCalledWith('book', own));
    api().close();
    await waitFor(() => expect(handle.close).toHaveBeenCalledTimes(1));
  });

  it('skips an unknown command with a warning instead of throwing', () => {
    neverIdle();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    tag();
    boot(fakePopup().load);
    expect(() => api()('explode')).not.toThrow();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Slotwise("explode") is not a command'));
  });

  it('runs once when the tag is on the page twice', () => {
    neverIdle();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    tag();
    tag();
    boot(fakePopup().load);
    boot(fakePopup().load);
    expect(hosts()).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('included twice');
  });

  it('sends namespaced events that reach window', async () => {
    neverIdle();
    tag();
    const { load, handle, context } = fakePopup();
    boot(load);
    button('Book now').click();
    await waitFor(() => expect(handle.open).toHaveBeenCalled());
    const seen = vi.fn();
    window.addEventListener('slotwise:booked', (e) => seen((e as CustomEvent).detail));
    context()?.emit('booked', { bookingId: 'b1' });
    expect(seen).toHaveBeenCalledWith({ bookingId: 'b1' });
  });

  it('takes the buttons off the page for an unknown business, warning once', async () => {
    neverIdle();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    tag();
    const { load, handle, context } = fakePopup();
    boot(load);
    button('Book now').click();
    await waitFor(() => expect(handle.open).toHaveBeenCalled());
    context()?.disable('No business has the id "x".');
    context()?.disable('No business has the id "x".');
    expect(hosts()).toHaveLength(0);
    expect(warn).toHaveBeenCalledTimes(1);
    api().open();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('warns when the pop-up cannot be fetched and tries again on the next click', async () => {
    neverIdle();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    tag();
    const { mod, handle } = fakePopup();
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(mod);
    boot(load);
    button('Book now').click();
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('Could not load the booking pop-up')),
    );
    await waitFor(() => expect(button('Book now').hasAttribute('aria-busy')).toBe(false));
    button('Book now').click();
    await waitFor(() => expect(handle.open).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('the loader in inline mode (data-mode="inline")', () => {
  it('shows no buttons and hands the chunk, imported at once, the tag and the API origin', async () => {
    neverIdle();
    const script = tag({ 'data-business-id': ID, 'data-mode': 'inline', 'data-target': 'book-here' });
    const { load, mod } = fakePopup();
    boot(load);
    expect(hosts()).toHaveLength(0);
    expect(load).toHaveBeenCalledWith('https://book.example.com/widget.js');
    await waitFor(() => expect(mod.inline).toHaveBeenCalledTimes(1));
    expect(mod.inline).toHaveBeenCalledWith(
      expect.objectContaining({ script, businessId: ID, apiOrigin: 'https://book.example.com' }),
    );
    expect(mod.mount).not.toHaveBeenCalled();
  });

  it('warns once when the chunk cannot be loaded', async () => {
    neverIdle();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    tag({ 'data-business-id': ID, 'data-mode': 'inline', 'data-target': 'book-here' });
    boot(() => Promise.reject(new Error('offline')));
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(warn.mock.calls[0]?.[0]).toMatch(/^\[Slotwise\] Could not load the booking form/);
  });

  it('leaves the pop-up mode as it was without data-mode', () => {
    neverIdle();
    tag();
    boot(fakePopup().load);
    expect(button('Book now')).toBeDefined();
  });

  it("shows the owner's text, corner and colours, asked of the launcher call, and only once they are known", async () => {
    neverIdle();
    tag({ 'data-business-id': ID }, 'https://cdn.slotwise.test/widget.js');
    const fetch = launcher({
      buttonText: 'Book a wash',
      buttonPosition: 'bottom-left',
      accentColor: '#facc15',
      onAccent: '#000000',
    });
    boot(fakePopup().load);
    expect(fetch).toHaveBeenCalledWith(`https://cdn.slotwise.test/api/customer/launcher/${ID}`);
    expect(bar().style.visibility).toBe('hidden');
    await waitFor(() => expect(bar().style.visibility).toBe(''));
    expect(button('Book a wash')).toBeTruthy();
    expect(bar().classList.contains('left')).toBe(true);
    expect(bar().style.getPropertyValue('--a')).toBe('#facc15');
    expect(bar().style.getPropertyValue('--o')).toBe('#000000');
    expect(shadowCss(shadowOf())).toContain('var(--a, #4338ca)');
  });

  it("shows Slotwise's own button after 3 s without an answer, and never changes it after", async () => {
    vi.useFakeTimers();
    neverIdle();
    tag();
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    boot(fakePopup().load);
    vi.advanceTimersByTime(2999);
    expect(bar().style.visibility).toBe('hidden');
    vi.advanceTimersByTime(1);
    expect(bar().style.visibility).toBe('');
    answer(
      new Response(
        JSON.stringify({
          buttonText: 'Late',
          buttonPosition: 'bottom-left',
          accentColor: '#000000',
          onAccent: '#ffffff',
        }),
      ),
    );
    await vi.runAllTimersAsync();
    expect(button('Book now')).toBeTruthy();
    expect(bar().classList.contains('left')).toBe(false);
  });

  it("shows Slotwise's own button when the launcher call fails", async () => {
    neverIdle();
    tag();
    boot(fakePopup().load);
    await waitFor(() => expect(bar().style.visibility).toBe(''));
    expect(button('Book now')).toBeTruthy();
    expect(bar().classList.contains('left')).toBe(false);
    expect(bar().style.getPropertyValue('--a')).toBe('');
  });
});
