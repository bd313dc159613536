import { describe, expect, it } from 'vitest';
import { classicLoader, POPUP_PLACEHOLDER } from '../../build/classic-loader.ts';

interface FakeChunk {
  type: 'chunk';
  isEntry: boolean;
  name: string;
  fileName: string;
  code: string;
  imports: string[];
  exports: string[];
}

const chunk = (over: Partial<FakeChunk>): FakeChunk => ({
  type: 'chunk',
  isEntry: true,
  name: 'widget',
  fileName: 'widget.js',
  code: `let a=1;boot(e=>import(new URL(\`${POPUP_PLACEHOLDER}\`,e).href));`,
  imports: [],
  exports: [],
  ...over,
});

/** Runs the plugin's generateBundle on a fake bundle; returns the loader's code, or the build error. */
function run(loader: FakeChunk) {
  const popup = chunk({ name: 'popup', fileName: 'assets/widget-popup-abc123.js', code: 'export{m as mount}' });
  const bundle = { [loader.fileName]: loader, [popup.fileName]: popup };
  const plugin = classicLoader('widget', 'popup');
  const hook = plugin.generateBundle as unknown as (
    this: { error(message: string): never },
    options: unknown,
    bundle: unknown,
  ) => void;
  try {
    hook.call(
      {
        error(message: string): never {
          throw new Error(message);
        },
      },
      {},
      bundle,
    );
    return { code: loader.code };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

describe('the classic-loader build step', () => {
  it('points the loader at the hashed pop-up and wraps it so no name reaches the page', () => {
    const { code } = run(chunk({}));
    expect(code).toBe(
      '(function(){\nlet a=1;boot(e=>import(new URL(`./assets/widget-popup-abc123.js`,e).href));\n})();\n',
    );
  });

  it.each([
    [{ imports: ['assets/shared-x.js'] }, 'statically imports assets/shared-x.js'],
    [{ exports: ['boot'] }, 'exports boot'],
    [{ code: `new URL("${POPUP_PLACEHOLDER}", import.meta.url)` }, 'import.meta'],
    [{ code: 'boot()' }, `names ${POPUP_PLACEHOLDER} 0 times`],
  ])('fails the build for a loader that would not run as a classic script (%j)', (over, message) => {
    const { error } = run(chunk(over));
    expect(error).toContain('widget.js would not run as a classic <script>');
    expect(error).toContain(message);
  });
});
