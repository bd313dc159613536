import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/**
 * Screenshots and the server log; ignored by git. E2E_ARTIFACTS_DIR moves them, so two
 * runs at once on one checkout do not overwrite each other's server.log.
 */
export const artifactsDir = process.env.E2E_ARTIFACTS_DIR
  ? resolve(process.env.E2E_ARTIFACTS_DIR)
  : fileURLToPath(new URL('./artifacts/', import.meta.url));
