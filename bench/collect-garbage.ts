/**
 * A full collection of this process's heap, before a benchmark times answers: what a seed left
 * behind is then gone, and the timing does not pay for collecting it. `--expose-gc` cannot be set
 * in NODE_OPTIONS and tsx starts this process, so the flag is set here and `gc` read from a new
 * context, where V8 then defines it.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
