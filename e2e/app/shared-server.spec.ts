import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import { gridOf, openArea } from '../support/school-process';
import { allowInBrowser, followSignInLink, signInToWorkspace } from '../support/workspace-flow';

/**
 * Issue #14 §4 through the whole app: the stand-in's second school shares the first school's
 * authorization server (one issuer), as schools on a hosted platform do. Keyed by issuer
 * alone, the second sign-in replaced the first; keyed by issuer and resource, both stay
 * signed in, each with its own records, and signing out of one leaves the other.
 */
test('two schools on one authorization server are both signed in, each with its own data', async ({
  page,
  app,
  platform,
}) => {
  const second = await platform.enableSecondSchool();
  await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
  await openArea(page, 'Courses');
  const firstCourse = (await firstCell(page).textContent()) ?? '';

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Add another school' }).click();
  await page.getByLabel('School address').fill(second);
  await page.getByRole('button', { name: 'Everything' }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await allowInBrowser(await followSignInLink(page));
  await openArea(page, 'Courses');
  await expect(firstCell(page)).not.toHaveText(firstCourse);

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Account details' }).click();
  const schools = page.getByRole('navigation', { name: 'Your schools' });
  await expect(schools.getByRole('button')).toHaveCount(2);
  // Each school by its name, its address (without the scheme) beside it.
  const secondAddress = second.replace(/^https?:\/\//, '');
  await expect(schools.getByRole('button', { name: secondAddress })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await screenshot(page, 'two-schools-one-server');

  // Signing out of the second school leaves the first signed in, with its own records.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  // Where sign-out lands is issue #15's; the app opened again shows the school still signed in.
  await page.reload();
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Account details' }).click();
  await expect(
    page
      .getByRole('main')
      .getByText(platform.url.replace(/^https?:\/\//, ''))
      .first(),
  ).toBeVisible();
  await openArea(page, 'Courses');
  await expect(firstCell(page)).toHaveText(firstCourse);
});

/** The name in the first row of the open list. */
function firstCell(page: Page) {
  return gridOf(page).getByRole('row').nth(1).getByRole('gridcell').first();
}
