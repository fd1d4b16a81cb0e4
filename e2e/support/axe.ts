import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** What the specs hold the app to: WCAG 2 A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa'];

/** The app's themes: the same page in the colours of prefers-color-scheme. */
export type Theme = 'light' | 'dark';

/**
 * Of the WCAG 2 A and AA rules, the ones that read colours: text contrast (AA) and a link
 * told from its text by colour alone (A).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The WCAG 2 A and AA rules a screen is checked with in `theme`. The themes differ in their
 * colours only (the CSS's prefers-color-scheme), so the light one is checked with every rule
 * and the dark one with the rules that read colours: the names, roles and structure are the
 * same page's. Running every rule in both took two of every three seconds of a screen's check.
 */
export function wcagIn(axe: AxeBuilder, theme: Theme): AxeBuilder {
  return theme === 'light' ? axe.withTags(WCAG_TAGS) : axe.withRules(COLOUR_RULES);
}

/**
 * axe on the page as it is now, set up as every spec runs it. Narrow it (`include`,
 * `withTags`) before `analyze`.
 *
 * - Legacy mode runs `axe.run` in the page itself. By default @axe-core/playwright runs each
 *   frame's part and then opens a blank page to put the parts together. That cost 1-3 s per
 *   run here, two to three times the check itself, and the app has no frames to join: the
 *   check below fails if one ever appears, since legacy mode would not test a frame from
 *   another origin.
 * - Only violations carry all their elements: axe builds a selector for every element it
 *   reports, and no spec reads the elements that passed.
 */
export async function axeOn(page: Page): Promise<AxeBuilder> {
  expect(await page.locator('iframe, frame').count(), 'frames on the page').toBe(0);
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode();
}

/** The serious and critical violations of an axe run, each in words with its elements. */
export async function seriousViolations(axe: AxeBuilder): Promise<string[]> {
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}
