import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** Screenshots and the server log; ignored by git. */
export const artifactsDir = fileURLToPath(new URL('./artifacts/', import.meta.url));
