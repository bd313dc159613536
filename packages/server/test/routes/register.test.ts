/**
 * routes/register.ts types every handler's input from the route table (and a preParsing hook's
 * query as sent, RawQuery), so no handler casts what it received: a cast would hide a schema and a
 * handler drifting apart (issue 39 E: the slots cache read `req.query as Record<string, unknown>`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROUTES = join(import.meta.dirname, '../../src/routes');

describe('route handlers', () => {
  it('never cast their request (req.query, req.body, req.params)', () => {
    const files = readdirSync(ROUTES, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(20);
    const casts = files.flatMap((file) =>
      readFileSync(join(ROUTES, file), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /\breq\.(query|body|params)\s+as\b/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(casts).toEqual([]);
  });
});
