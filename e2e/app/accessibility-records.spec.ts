import { writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import { createCourse, writeApi } from '../support/records-flow';
import { readApi, signInToWorkspace } from '../support/workspace-flow';

/**
 * Accessibility of the screens the area-list spec (accessibility.spec.ts) does not reach: the
 * record panel of each entity, a create form, the delete confirmation, the conflict view and
 * the long-operation dialogs. Each screen is checked with axe (WCAG 2 A and AA; serious and
 * critical violations fail) and saved as `ws-<screen>-<light|dark>` for people to look at.
 */

const THEMES = ['light', 'dark'] as const;

/**
 * Checks the screen as it is now in both themes: saves a screenshot of each and fails on any
 * serious or critical violation, listing each with the elements axe found it on.
 */
async function checkScreen(page: Page, screen: string): Promise<void> {
  const found: string[] = [];
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await screenshot(page, `ws-${screen}-${theme}`);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    for (const v of results.violations) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue;
      const nodes = v.nodes.map((n) => n.target.join(' ')).join(', ');
      found.push(`${theme}: ${v.id} (${v.impact}): ${v.help} — ${nodes}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect(found, `serious or critical violations on ${screen}`).toEqual([]);
}

const panel = (page: Page) => page.locator('.record-panel');
const grid = (page: Page) => page.getByRole('grid');

async function openArea(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Searches the area's list and opens the row that holds `text`. */
async function openRow(page: Page, plural: string, query: string, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: `Search ${plural}` }).fill(query);
  await grid(page).getByRole('row').filter({ hasText: text }).first().click();
}

/** Waits until the record panel shows the record titled `title` with its form. */
async function panelShows(page: Page, title: string): Promise<Locator> {
  await expect(panel(page).getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(panel(page).locator('form.record-form')).toBeVisible();
  return panel(page);
}

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('accessibility of records and long operations (axe, light and dark)', () => {
  // Every screen runs axe twice over a large page; a two-core machine needs the time.
  test.describe.configure({ timeout: 300_000 });
  // Tall enough that a record panel and the dialogs show whole in the screenshots people read.
  test.use({ viewport: { width: 1280, height: 1000 } });

  test('record panels, a create form, the delete confirmation and the conflict view', async ({
    page,
    app,
    platform,
  }) => {
    // Records of this spec's own, or well-known seeds it only reads: the worker's stand-in is
    // shared with specs that rename and delete.
    const course = await createCourse(platform.url, 'A11y', {
      description: 'Colour, light and shade, one wash at a time.',
      featured: true,
    });
    const other = await createCourse(platform.url, 'A11y Second');
    const unique = tag();
    const student = await writeApi<{ id: string; name: string; email: string }>(
      platform.url,
      'POST',
      'students',
      { name: `Grace A11y ${unique}`, email: `grace.${unique}@a11y.example` },
    );
    await writeApi(platform.url, 'PUT', `students/${student.id}/enrollments/${course.id}`, {
      completionRate: 0.45,
    });
    await writeApi(platform.url, 'PUT', `students/${student.id}/enrollments/${other.id}`, {
      completionRate: 1,
      deliveryState: 'expired',
      endedAt: Math.floor(Date.now() / 1000) - 86_400,
    });
    const coupon = await readApi<{ name: string; code: string }>(
      platform.url,
      'coupons/00000000-0000-4000-8000-000000000301',
    );
    const sitePage = await readApi<{ title: string; slug: string }>(
      platform.url,
      'pages/00000000-0000-4000-8000-000000000401',
    );

    await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });

    // A course, then its delete confirmation (cancelled).
    await openArea(page, 'Courses');
    await openRow(page, 'courses', course.slug, course.name);
    const coursePanel = await panelShows(page, course.name);
    await checkScreen(page, 'record-course');
    await coursePanel.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete the course “${course.name}”?` });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await checkScreen(page, 'delete-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    // The conflict view: the owner edits while the platform's copy changes underneath.
    await coursePanel.getByLabel('Description').fill('Washes and glazes, from mine.');
    const edit = await fetch(`${platform.url}/__control/records/courses/${course.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      // The description too: a field only the platform changed would merge without asking.
      body: JSON.stringify({
        name: `${course.name} (server)`,
        description: 'Washes, from the platform.',
        featured: false,
      }),
    });
    expect(edit.ok).toBe(true);
    await coursePanel.getByRole('button', { name: 'Save' }).click();
    const conflict = coursePanel.getByRole('region', {
      name: 'This course changed on the platform',
    });
    await expect(conflict.getByRole('heading')).toBeFocused();
    // Only the editable fields that differ are offered; never read-only ones like updatedAt.
    await expect(conflict.getByRole('group')).toHaveCount(3);
    await checkScreen(page, 'conflict');
    await coursePanel.getByRole('button', { name: 'Close' }).first().click();
    await expect(panel(page)).toHaveCount(0);

    // A create form, with a rule broken as typed so the error state is checked too.
    await page.getByRole('button', { name: 'New course' }).click();
    const createPanel = panel(page);
    await expect(createPanel.getByRole('heading', { name: 'New course' })).toBeFocused();
    await createPanel.getByLabel('Name').fill('Still Life in Charcoal');
    await createPanel.getByLabel('Slug', { exact: true }).fill('Still Life!');
    await expect(createPanel.getByLabel('Slug', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await checkScreen(page, 'new-course');
    await createPanel.getByRole('button', { name: 'Close' }).click();

    // A student with two enrollments: one under way, one expired.
    await openArea(page, 'Students');
    await openRow(page, 'students', student.email, student.email);
    const studentPanel = await panelShows(page, student.name);
    await expect(studentPanel.locator('.enrollment-list > li')).toHaveCount(2);
    await expect(studentPanel.getByRole('progressbar')).toHaveCount(2);
    await checkScreen(page, 'record-student');
    await studentPanel
      .locator('.enrollment-list > li')
      .first()
      .getByRole('button', { name: 'Extend…' })
      .click();
    await expect(studentPanel.getByRole('group', { name: /^Extend access to/ })).toBeVisible();
    await checkScreen(page, 'record-student-extend');

    await openArea(page, 'Coupons');
    await openRow(page, 'coupons', coupon.code, coupon.code);
    await panelShows(page, coupon.name);
    await checkScreen(page, 'record-coupon');

    await openArea(page, 'Pages');
    await openRow(page, 'pages', sitePage.slug, sitePage.title);
    await panelShows(page, sitePage.title);
    await checkScreen(page, 'record-page');
  });

  test('import preview and results, export, bulk enroll and code generation', async ({
    page,
    app,
    platform,
  }, testInfo) => {
    const domain = `a11y${tag()}.example`;
    const csv = testInfo.outputPath('a11y-import.csv');
    writeFileSync(
      csv,
      [
        'Full name,E-mail,Phone number',
        `Mary Somerville,mary@${domain},+44 20 7946 0001`,
        `Emmy Noether,emmy@${domain},`,
        `Sofia Kovalevskaya,sofia@${domain},+7 495 000 0000`,
        `Bad Row,not-an-email,`,
        '',
      ].join('\r\n'),
      'utf8',
    );
    const [course] = (
      await readApi<{ nodes: { name: string; slug: string }[] }>(
        platform.url,
        'courses?perPage=1&q=intro-to-watercolour',
      )
    ).nodes;
    expect(course).toBeDefined();

    await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
    await openArea(page, 'Students');

    // Import: the preview with its problem row, then the results.
    await page.getByRole('button', { name: 'Import CSV…' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import students' });
    await importDialog.getByLabel('CSV file of students').setInputFiles(csv);
    await expect(importDialog.getByText('Row 4 (not-an-email): Invalid email')).toBeVisible();
    await expect(importDialog.getByRole('button', { name: 'Import 3 students' })).toBeEnabled();
    await checkScreen(page, 'import-preview');
    await importDialog.getByRole('button', { name: 'Import 3 students' }).click();
    await expect(importDialog.getByRole('status').filter({ hasText: 'created' })).toHaveText(
      '3 created, 1 skipped',
      { timeout: 60_000 },
    );
    await checkScreen(page, 'import-results');
    await importDialog.getByRole('button', { name: 'Done' }).click();
    await expect(importDialog).toBeHidden();

    // Export of the imported students, and the line that confirms it.
    await page.getByRole('searchbox', { name: 'Search students' }).fill(domain);
    await expect(page.getByText('3 students', { exact: true })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    await expect(
      page.getByText(`Exported 3 students to ${download.suggestedFilename()}.`),
    ).toBeVisible();
    await checkScreen(page, 'export-done');

    // Bulk enroll two of them: the dialog with a course chosen, then its results.
    for (const name of ['Mary Somerville', 'Emmy Noether'])
      await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('button', { name: 'Enroll selected (2)…' }).click();
    const enrollDialog = page.getByRole('dialog', { name: 'Enroll 2 students' });
    const box = enrollDialog.getByRole('combobox', { name: 'Course' });
    await box.fill(course!.slug);
    await expect(enrollDialog.getByRole('option')).toHaveCount(1);
    await checkScreen(page, 'enroll-search');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(enrollDialog.getByText(`Chosen: ${course!.name}`)).toBeVisible();
    await checkScreen(page, 'enroll');
    await enrollDialog
      .getByRole('button', { name: `Enroll 2 students in ${course!.name}` })
      .click();
    await expect(enrollDialog.getByRole('status').filter({ hasText: 'enrolled' })).toHaveText(
      '2 enrolled',
      { timeout: 60_000 },
    );
    await checkScreen(page, 'enroll-results');
    await page.keyboard.press('Escape');
    await expect(enrollDialog).toBeHidden();

    // Generate codes: the form, then the results.
    await openArea(page, 'Coupons');
    await page.getByRole('button', { name: 'Generate codes…' }).click();
    const generate = page.getByRole('dialog', { name: 'Generate coupon codes' });
    const prefix = `A11Y${tag().toUpperCase().slice(-6)}`;
    await generate.getByLabel('How many codes').fill('5');
    await generate.getByLabel('Pattern').fill(`${prefix}-####`);
    await generate.getByLabel('Name').fill(`Open day ${prefix}`);
    await generate.getByLabel('Amount off').fill('250');
    await expect(generate.getByRole('button', { name: 'Generate 5 codes' })).toBeEnabled();
    await checkScreen(page, 'generate');
    await generate.getByRole('button', { name: 'Generate 5 codes' }).click();
    await expect(generate.getByRole('status').filter({ hasText: 'created' })).toHaveText(
      '5 created',
      { timeout: 60_000 },
    );
    await checkScreen(page, 'generate-results');
  });
});
