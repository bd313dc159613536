/**
 * The one data-fetching pattern of the dashboard: a resource holds loading, error
 * and data in signals and can refresh itself after a change. Pages own theirs
 * (useResource); state several screens read lives in a shared resource
 * (createSharedResource), which logout resets so no user sees another's data.
 * Components that read a resource call useSignals() (docs/architecture.md#pitfalls, pitfall 1).
 */
import { batch, effect, type ReadonlySignal, signal } from '@preact/signals-react';
import { useEffect, useState } from 'react';
import { offline } from './offline.ts';

export interface Resource<T> {
  readonly data: ReadonlySignal<T | undefined>;
  /** What a person reads when the last load failed, or null. */
  readonly error: ReadonlySignal<string | null>;
  /** A load is in flight. The old data stays readable meanwhile. */
  readonly loading: ReadonlySignal<boolean>;
  refresh(): Promise<void>;
  /** Puts a known answer in place (a mutation's response) and drops any older load still in flight. */
  set(value: T): void;
  reset(): void;
}

export function createResource<T>(fetcher: () => Promise<T>, describeError: (err: unknown) => string): Resource<T> {
  const data = signal<T | undefined>(undefined);
  const error = signal<string | null>(null);
  const loading = signal(false);
  // Only the newest load may write: a slow old answer must not overwrite a newer one.
  let generation = 0;

  async function refresh(): Promise<void> {
    const mine = ++generation;
    batch(() => {
      loading.value = true;
      error.value = null;
    });
    try {
      const value = await fetcher();
      if (mine !== generation) return;
      batch(() => {
        data.value = value;
        loading.value = false;
      });
    } catch (err) {
      if (mine !== generation) return;
      batch(() => {
        error.value = describeError(err);
        loading.value = false;
      });
    }
  }

  return {
    data,
    error,
    loading,
    refresh,
    set(value: T) {
      generation++;
      batch(() => {
        data.value = value;
        error.value = null;
        loading.value = false;
      });
    },
    reset() {
      generation++;
      batch(() => {
        data.value = undefined;
        error.value = null;
        loading.value = false;
      });
    },
  };
}

const shared = new Set<Resource<unknown>>();

/** A resource several screens read (module scope); reset on logout. */
export function createSharedResource<T>(
  fetcher: () => Promise<T>,
  describeError: (err: unknown) => string,
): Resource<T> {
  const resource = createResource(fetcher, describeError);
  shared.add(resource as Resource<unknown>);
  return resource;
}

export function resetSharedResources(): void {
  for (const r of shared) r.reset();
}

/** The resources mounted screens show, with how many screens show each. */
const onScreen = new Map<Resource<unknown>, number>();

// Back online after answers came from the session's kept copies (lib/offline.ts): what is on
// screen is loaded again, so the owner does not go on working from old data. A load in flight
// brings fresh data by itself.
let wasOffline = offline.peek();
effect(() => {
  const now = offline.value;
  if (wasOffline && !now) for (const r of onScreen.keys()) if (!r.loading.peek()) void r.refresh();
  wasOffline = now;
});

function useOnScreen<T>(resource: Resource<T>, load = true): void {
  useEffect(() => {
    if (!load) return;
    // StrictMode mounts twice; a load already running or done is not repeated.
    if (resource.data.peek() === undefined && !resource.loading.peek()) void resource.refresh();
    const r = resource as Resource<unknown>;
    onScreen.set(r, (onScreen.get(r) ?? 0) + 1);
    return () => {
      const left = (onScreen.get(r) ?? 1) - 1;
      if (left > 0) onScreen.set(r, left);
      else onScreen.delete(r);
    };
  }, [resource, load]);
}

/** A page's own resource: made once per mount and loaded at once. */
export function useResource<T>(fetcher: () => Promise<T>, describeError: (err: unknown) => string): Resource<T> {
  const [resource] = useState(() => createResource(fetcher, describeError));
  useOnScreen(resource);
  return resource;
}

/**
 * Use a shared resource, loading it the first time any screen needs it. `load: false` leaves it
 * alone (a screen that may be open without a session, which a load would end: onboarding).
 */
export function useSharedResource<T>(resource: Resource<T>, { load = true }: { load?: boolean } = {}): Resource<T> {
  useOnScreen(resource, load);
  return resource;
}
