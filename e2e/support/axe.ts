import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { AxeResults, NodeResult, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core's browser bundle, read once and injected into each page that is checked. */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  resultTypes: ['violations'],
};

const BLOCKING = new Set(['serious', 'critical']);

/**
 * An open Radix select list hides the rest of the page with aria-hidden (marked data-aria-hidden) and keeps focus
 * inside the list (Tab is swallowed), so nothing hidden can be reached. axe knows this pattern for role=dialog but
 * not for a listbox; only while focus really is in such a list are those nodes let through.
 */
const RADIX_LIST_OPEN = '[data-radix-popper-content-wrapper] [role="listbox"]';
const notRadixHidden = (node: NodeResult): boolean => !node.html.includes('data-aria-hidden="true"');

/** One line per failing node: rule, impact, selector and axe's own explanation, so the fix is obvious. */
export function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map((node) => {
        const target = node.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' | ');
        const summary = (node.failureSummary ?? v.help).replace(/\s+/g, ' ').trim();
        const html = node.html.replace(/\s+/g, ' ').slice(0, 160);
        return `- [${v.id}] (${v.impact ?? 'unknown'}) ${target}\n    ${html}\n    ${summary}`;
      }),
    )
    .join('\n');
}

/**
 * Runs axe-core (WCAG 2 A/AA rules) on the page as it is now, open dialogs included, and fails with a readable
 * list when anything serious or critical is found. `label` names the screen/state in the failure message.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  let blocking = await seriousViolations(page);
  // A toast times out after 3 s; on a busy machine the screenshot and axe's own run can outlast it, and axe then
  // measures its text half-faded on the way out (contrast 1.37 seen in CI). Such a finding is about a frame that
  // no longer exists: measured again once the toast has gone, never forgiven while the toast is still shown.
  for (let attempt = 0; attempt < 2 && blocking.length > 0 && (await onlyLeavingToasts(page, blocking)); attempt += 1) {
    blocking = await seriousViolations(page);
  }
  if (blocking.length > 0) {
    const width = page.viewportSize()?.width ?? 0;
    throw new Error(
      `Accessibility violations on "${label}" at ${width} px (${page.url()}):\n${describeViolations(blocking)}`,
    );
  }
}

/** True when every finding is low contrast on a node that has left the page or sits in a toast on its way out. */
async function onlyLeavingToasts(page: Page, blocking: Result[]): Promise<boolean> {
  if (!blocking.every((v) => v.id === 'color-contrast')) return false;
  const selectors = blocking.flatMap((v) => v.nodes.map((node) => node.target.map(String).join(' ')));
  return page.evaluate(
    (all) =>
      all.every((selector) => {
        const node = document.querySelector(selector);
        return node == null || node.closest('[data-sonner-toast][data-removed="true"]') != null;
      }),
    selectors,
  );
}

async function seriousViolations(page: Page): Promise<Result[]> {
  // A toast starts fading in only once sonner marks it mounted, a frame after it is in the page: until then
  // no transition runs for the wait below to see, and axe met one half-faded (contrast 1.48).
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-sonner-toast]')).every(
      (t) => t.getAttribute('data-mounted') === 'true',
    ),
  );
  // Let CSS transitions (dialog fade/zoom-in) finish: half-faded text would be reported as low contrast.
  // Endless ones (spinners, skeleton pulses) never finish and are skipped. Until none starts for two frames
  // after the last ended: one may start only then (a toast pushed back behind a newer one fades its text).
  await page.evaluate(async () => {
    const finite = () =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let round = 0; round < 20; round += 1) {
      await Promise.all(finite().map((a) => a.finished.catch(() => undefined)));
      await twoFrames();
      if (finite().length === 0) return;
    }
  });
  const hasAxe = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol rather than a <script> tag, which the app's CSP (rightly) blocks.
  if (!hasAxe) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(ctx: Document, o: unknown): Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    RUN_OPTIONS,
  );
  const trapped = await page.evaluate(
    (selector) => Boolean(document.activeElement?.closest(selector)),
    RADIX_LIST_OPEN,
  );
  return results.violations
    .filter((v) => v.impact != null && BLOCKING.has(v.impact))
    .map((v) => (trapped && v.id === 'aria-hidden-focus' ? { ...v, nodes: v.nodes.filter(notRadixHidden) } : v))
    .filter((v) => v.nodes.length > 0);
}
