/** The default photo store: one file per photo under DATA_DIR/photos (docs/decisions/053). */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { PhotoStore } from './store.ts';

export function fileStore(dir: string): PhotoStore {
  const root = resolve(dir);
  /** Keys are made by photoKey from ids the server drew; refusing any other shape keeps a bug from writing outside. */
  const pathOf = (key: string) => {
    if (!/^[0-9a-f-]{36}\/[0-9a-f-]{36}\.jpg$/.test(key)) throw new Error(`Not a photo key: ${key}`);
    const path = resolve(join(root, key));
    if (!path.startsWith(root + sep)) throw new Error(`Not a photo key: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written whole, then renamed: a reader never sees half a photo.
      const partial = `${path}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
