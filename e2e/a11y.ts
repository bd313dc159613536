/**
 * axe-core on the page as it is now (issue "The owner's front door", item 11): the WCAG 2.0 and
 * 2.1 A and AA rules. A critical or serious violation fails the test, softly, so one run lists
 * every screen's; moderate and minor ones, and axe's best practices, are printed for the next
 * person to pick up.
 *
 *   import { expectNoSeriousA11yViolations } from './a11y.ts';
 *   await expectNoSeriousA11yViolations(page, 'Calendar, week, 1280 px');
 */

import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { expect } from './fixtures.ts';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['critical', 'serious']);

interface Violation {
  id: string;
  impact?: string | null;
  tags: string[];
  help: string;
  nodes: { target: unknown[] }[];
}

/** A WCAG rule broken badly enough to stop a person: what fails the test. */
const fails = (v: Violation) => FAILING.has(v.impact ?? '') && v.tags.some((t) => WCAG.includes(t));

/** "color-contrast (serious): Elements must meet minimum color contrast ratio thresholds at .a, .b". */
function describe(v: Violation): string {
  const targets = v.nodes.map((n) => n.target.map(String).join(' >> ')).join(', ');
  return `${v.id} (${v.impact ?? 'unknown'}): ${v.help} at ${targets}`;
}

/**
 * axe's violations of the WCAG rules and its best practices on the page as it is now. axe goes
 * into a document once: the screens reached by the app's own navigation keep it, and each check
 * then only runs it. Only the violations are gathered and sent back, not every node that passed.
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!present) await page.evaluate(`${axe.source}\n;axe.configure({ allowedOrigins: ['<same_origin>'] });`);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((r) => r.violations as unknown as Violation[]),
    [...WCAG, 'best-practice'],
  );
}

/**
 * Runs axe on the whole page (open shadow roots, such as the widget's, included) and fails
 * softly on any critical or serious violation of a WCAG rule, naming its rule, what to do and
 * where. Answers the rest, which it printed.
 */
export async function expectNoSeriousA11yViolations(page: Page, screenName: string): Promise<string[]> {
  // axe's best practices (landmarks, heading order, one main) are printed beside, never failing.
  // axe runs in the top document, entering open shadow roots (the widget's) and no frame: our
  // screens have none, and a screen that gains one says so here rather than go half checked.
  expect(
    page.frames().map((f) => f.url()),
    `${screenName} has a frame, which axeViolations does not enter: check it on its own`,
  ).toHaveLength(1);
  const violations = await axeViolations(page);
  const serious = violations.filter(fails).map(describe);
  const rest = violations.filter((v) => !fails(v)).map(describe);
  if (rest.length > 0) console.log(`[a11y] ${screenName}: ${rest.length} more, not failing\n  ${rest.join('\n  ')}`);
  expect.soft(serious, `critical or serious axe violations on ${screenName}`).toEqual([]);
  return rest;
}
