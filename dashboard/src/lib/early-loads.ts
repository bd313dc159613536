/**
 * Calls started before React renders, for the screen the app opens on (issue 21: opening
 * the installed app on a phone to today's agenda). A page's data is otherwise asked for
 * when the page mounts, after the app's code has run and rendered: on a mid-range phone
 * that is most of a second the network sits idle. main.tsx starts the overview's calls as
 * soon as the session is known; the page takes the answer on its first load, once.
 */
const started = new Map<string, Promise<unknown>>();

/** Starts `load` now under `key` (a failure waits for the taker, who reports it). */
export function startEarly<T>(key: string, load: () => Promise<T>): void {
  const promise = load();
  promise.catch(() => {});
  started.set(key, promise);
}

/** The call started early under `key`, once; otherwise `load` now. */
export function takeEarly<T>(key: string, load: () => Promise<T>): Promise<T> {
  const promise = started.get(key) as Promise<T> | undefined;
  started.delete(key);
  return promise ?? load();
}
