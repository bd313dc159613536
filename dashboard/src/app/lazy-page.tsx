/**
 * A page loaded on first visit, in its own chunk (React.lazy), that can also be loaded
 * ahead of time. React.lazy suspends on its first render even when the import has long
 * settled, so the component tests (which look at pages, not at chunk loading) call
 * preload() first and the page then renders at once.
 */
import { type ComponentType, lazy } from 'react';

export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

export function lazyPage<M>(load: () => Promise<M>, name: keyof M): LazyPage {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded = (await load())[name] as ComponentType;
    return { default: loaded };
  };
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module level, as React.lazy is.
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload });
}
