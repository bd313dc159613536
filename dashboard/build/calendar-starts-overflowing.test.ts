import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { calendarStartsOverflowing, RBC_ESM, startOverflowing } from './calendar-starts-overflowing.ts';

const esmFile = createRequire(import.meta.url).resolve('react-big-calendar/dist/react-big-calendar.esm.js');

describe("the build's fix to react-big-calendar's time grid", () => {
  it('finds its one line in the installed version and makes the grid start overflowing', () => {
    expect(RBC_ESM.test(esmFile)).toBe(true);
    const fixed = startOverflowing(readFileSync(esmFile, 'utf8'));
    expect(fixed).toContain('isOverflowing: true');
    expect(fixed).not.toContain('isOverflowing: null');
  });

  it('fails the build, naming the file to update, when an upgrade moves the line', () => {
    expect(() => startOverflowing('this.state = { isOverflowing: false };')).toThrow(
      /dashboard\/build\/calendar-starts-overflowing\.ts/,
    );
  });

  it('leaves every other module alone', () => {
    const transform = calendarStartsOverflowing().transform as (code: string, id: string) => unknown;
    expect(transform('const isOverflowing = null;', '/app/node_modules/react-big-calendar/lib/TimeGrid.js')).toBe(
      undefined,
    );
  });
});
