import { writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import { LANGUAGES, say, type Language } from '../support/catalog-words';
import { signInSpeaking } from '../support/language-flow';
import { axeOn, seriousViolations, wcagIn, type Theme } from '../support/axe';
import { createCourse, writeApi } from '../support/records-flow';
import { readApi } from '../support/workspace-flow';

/**
 * Accessibility of the screens the area-list spec (accessibility.spec.ts) does not reach: the
 * record panel of each entity, a create form, the delete confirmation, the conflict view and
 * the long-operation dialogs, in English and in Traditional Chinese. Each screen is checked
 * with axe (WCAG 2 A and AA, in the dark theme the rules that read colours: see wcagIn;
 * serious and critical violations fail) and saved as
 * `ws-<screen>-<light|dark>` (`ws-zh-…` in Chinese) for people to look at.
 */

const THEMES: readonly Theme[] = ['light', 'dark'];

/**
 * Checks the screen as it is now in both themes: saves a screenshot of each and fails on any
 * serious or critical violation, listing each with the elements axe found it on.
 */
async function checkScreen(page: Page, screen: string, language: Language): Promise<void> {
  const found: string[] = [];
  const named = language === 'en' ? screen : `zh-${screen}`;
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await screenshot(page, `ws-${named}-${theme}`);
    const serious = await seriousViolations(wcagIn(await axeOn(page), theme));
    found.push(...serious.map((violation) => `${theme}: ${violation}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect(found, `serious or critical violations on ${screen} in ${language}`).toEqual([]);
}

const panel = (page: Page) => page.locator('.record-panel');
const grid = (page: Page) => page.getByRole('grid');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Area = 'courses' | 'students' | 'coupons' | 'pages';
type Say = (key: string, values?: Record<string, string | number>) => string;

async function openArea(page: Page, t: Say, area: Area): Promise<void> {
  const name = t(`shell:areas.${area}.label`);
  await page
    .getByRole('navigation', { name: t('shell:nav.label') })
    .getByRole('link', { name })
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Searches the area's list and opens the row that holds `text`. */
async function openRow(page: Page, t: Say, area: Area, query: string, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: t(`lists:search.${area}`) }).fill(query);
  await grid(page).getByRole('row').filter({ hasText: text }).first().click();
}

/** Waits until the record panel shows the record titled `title` with its form. */
async function panelShows(page: Page, title: string): Promise<Locator> {
  await expect(panel(page).getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(panel(page).locator('form.record-form')).toBeVisible();
  return panel(page);
}

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A message's words before its first argument: what an accessible name starts with. */
const startOf = (t: Say, key: string) => t(key, { course: '\u0000' }).split('\u0000')[0]!;

for (const language of LANGUAGES) {
  const t: Say = (key, values = {}) => say(language, key, values);
  const check = (page: Page, screen: string) => checkScreen(page, screen, language);
  /** "3 created, 1 skipped", "已新增 3 筆、已略過 1 筆": an operation's counts as it says them. */
  const counts = (...parts: [number, string][]) =>
    parts
      .map(([count, outcome]) => t('operations:results.count', { count, outcome }))
      .join(t('operations:results.listSeparator'));

  test.describe(`accessibility of records and long operations in ${language} (axe, light and dark)`, () => {
    // Every screen runs axe twice over a large page; a two-core machine needs the time.
    test.describe.configure({ timeout: 300_000 });
    // Tall enough that a record panel and the dialogs show whole in the screenshots people read.
    test.use({ viewport: { width: 1280, height: 1000 }, locale: language });

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

      await signInSpeaking(page, app, platform.url, language);

      // A course, then its delete confirmation (cancelled).
      await openArea(page, t, 'courses');
      await openRow(page, t, 'courses', course.slug, course.name);
      const coursePanel = await panelShows(page, course.name);
      await check(page, 'record-course');
      // The course's Delete, not the curriculum toolbar's.
      await coursePanel
        .locator('form > .actions')
        .getByRole('button', { name: t('common:delete'), exact: true })
        .click();
      const confirm = page.getByRole('alertdialog', {
        name: t('records:delete.title.courses', { name: course.name }),
      });
      await expect(confirm.getByRole('button', { name: t('common:cancel') })).toBeFocused();
      await check(page, 'delete-confirm');
      await confirm.getByRole('button', { name: t('common:cancel') }).click();
      await expect(confirm).toBeHidden();

      // The conflict view: the owner edits while the platform's copy changes underneath.
      await coursePanel
        .getByLabel(t('records:fields.courses.description'))
        .fill('Washes and glazes, from mine.');
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
      await coursePanel.getByRole('button', { name: t('common:save'), exact: true }).click();
      const conflict = coursePanel.getByRole('region', {
        name: t('records:conflict.heading.courses'),
      });
      await expect(conflict.getByRole('heading')).toBeFocused();
      // Only the editable fields that differ are offered; never read-only ones like updatedAt.
      await expect(conflict.getByRole('group')).toHaveCount(3);
      await check(page, 'conflict');
      // Closing with the edits not saved asks first: the question is checked too.
      await coursePanel
        .getByRole('button', { name: t('common:close') })
        .first()
        .click();
      const unsaved = page.getByRole('alertdialog', { name: t('common:unsaved.title') });
      await expect(
        unsaved.getByRole('button', { name: t('common:unsaved.keepEditing') }),
      ).toBeFocused();
      await check(page, 'unsaved-question');
      await unsaved.getByRole('button', { name: t('common:unsaved.discard') }).click();
      await expect(panel(page)).toHaveCount(0);

      // A create form, with a rule broken as typed so the error state is checked too.
      await page.getByRole('button', { name: t('lists:new.courses') }).click();
      const createPanel = panel(page);
      await expect(
        createPanel.getByRole('heading', { name: t('records:form.newTitle.courses') }),
      ).toBeFocused();
      await createPanel.getByLabel(t('records:fields.courses.name')).fill('Still Life in Charcoal');
      const slug = createPanel.getByLabel(t('records:fields.courses.slug'), { exact: true });
      await slug.fill('Still Life!');
      await expect(slug).toHaveAttribute('aria-invalid', 'true');
      await check(page, 'new-course');
      await createPanel.getByRole('button', { name: t('common:close') }).click();
      await unsaved.getByRole('button', { name: t('common:unsaved.discard') }).click();
      await expect(panel(page)).toHaveCount(0);

      // A student with two enrollments: one under way, one expired.
      await openArea(page, t, 'students');
      await openRow(page, t, 'students', student.email, student.email);
      const studentPanel = await panelShows(page, student.name);
      await expect(studentPanel.locator('.enrollment-list > li')).toHaveCount(2);
      await expect(studentPanel.getByRole('progressbar')).toHaveCount(2);
      await check(page, 'record-student');
      await studentPanel
        .locator('.enrollment-list > li')
        .first()
        .getByRole('button', { name: t('records:enrollments.extend') })
        .click();
      await expect(
        studentPanel.getByRole('group', {
          name: new RegExp(`^${escape(startOf(t, 'records:enrollments.extendLegend'))}`),
        }),
      ).toBeVisible();
      await check(page, 'record-student-extend');

      await openArea(page, t, 'coupons');
      await openRow(page, t, 'coupons', coupon.code, coupon.code);
      await panelShows(page, coupon.name);
      await check(page, 'record-coupon');

      await openArea(page, t, 'pages');
      await openRow(page, t, 'pages', sitePage.slug, sitePage.title);
      await panelShows(page, sitePage.title);
      await check(page, 'record-page');
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
      const created = t('operations:outcome.created');

      await signInSpeaking(page, app, platform.url, language);
      await openArea(page, t, 'students');

      // Import: the preview with its problem row, then the results.
      await page.getByRole('button', { name: t('operations:actions.import') }).click();
      const importDialog = page.getByRole('dialog', { name: t('operations:import.title') });
      await importDialog.getByLabel(t('operations:import.fileLabel')).setInputFiles(csv);
      const invalidEmail =
        language === 'en'
          ? 'Invalid email'
          : t('errors:field.invalid', { field: t('errors:fieldName.email') });
      await expect(
        importDialog.getByText(
          t('operations:import.problem', { row: 4, label: 'not-an-email', message: invalidEmail }),
        ),
      ).toBeVisible();
      const importThree = importDialog.getByRole('button', {
        name: t('operations:import.submit', { count: 3 }),
      });
      await expect(importThree).toBeEnabled();
      await check(page, 'import-preview');
      await importThree.click();
      await expect(importDialog.getByRole('status').filter({ hasText: created })).toHaveText(
        counts([3, created], [1, t('operations:outcome.skipped')]),
        { timeout: 60_000 },
      );
      await check(page, 'import-results');
      await importDialog.getByRole('button', { name: t('operations:dialog.done') }).click();
      await expect(importDialog).toBeHidden();

      // Export of the imported students, and the line that confirms it.
      await page.getByRole('searchbox', { name: t('lists:search.students') }).fill(domain);
      await expect(
        page.getByText(t('lists:count.students', { count: 3 }), { exact: true }),
      ).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: t('operations:export.button') }).click(),
      ]);
      await expect(
        page.getByText(
          t('operations:export.done.students', {
            count: 3,
            fileName: download.suggestedFilename(),
          }),
        ),
      ).toBeVisible();
      await check(page, 'export-done');

      // Bulk enroll two of them: the dialog with a course chosen, then its results.
      for (const name of ['Mary Somerville', 'Emmy Noether'])
        await page.getByRole('checkbox', { name: t('lists:row.select', { title: name }) }).check();
      await page
        .getByRole('button', { name: t('operations:actions.enrollCount', { count: 2 }) })
        .click();
      const enrollDialog = page.getByRole('dialog', {
        name: t('operations:enroll.title', { count: 2 }),
      });
      const box = enrollDialog.getByRole('combobox', { name: t('operations:enroll.course') });
      await box.fill(course!.slug);
      await expect(enrollDialog.getByRole('option')).toHaveCount(1);
      await check(page, 'enroll-search');
      await box.press('ArrowDown');
      await box.press('Enter');
      await expect(
        enrollDialog.getByText(t('shell:combobox.chosen', { name: course!.name })),
      ).toBeVisible();
      await check(page, 'enroll');
      await enrollDialog
        .getByRole('button', {
          name: t('operations:enroll.submitIn', { count: 2, course: course!.name }),
        })
        .click();
      const enrolled = t('operations:enroll.created');
      await expect(enrollDialog.getByRole('status').filter({ hasText: enrolled })).toHaveText(
        counts([2, enrolled]),
        { timeout: 60_000 },
      );
      await check(page, 'enroll-results');
      await page.keyboard.press('Escape');
      await expect(enrollDialog).toBeHidden();

      // Generate codes: the form, then the results.
      await openArea(page, t, 'coupons');
      await page.getByRole('button', { name: t('operations:actions.generate') }).click();
      const generate = page.getByRole('dialog', { name: t('operations:generate.title') });
      const prefix = `A11Y${tag().toUpperCase().slice(-6)}`;
      await generate.getByLabel(t('operations:generate.count')).fill('5');
      await generate.getByLabel(t('operations:generate.pattern')).fill(`${prefix}-####`);
      await generate.getByLabel(t('operations:generate.name')).fill(`Open day ${prefix}`);
      await generate.getByLabel(t('operations:generate.amountOff')).fill('250');
      const generateFive = generate.getByRole('button', {
        name: t('operations:generate.submitCount', { count: 5 }),
      });
      await expect(generateFive).toBeEnabled();
      await check(page, 'generate');
      await generateFive.click();
      await expect(generate.getByRole('status').filter({ hasText: created })).toHaveText(
        counts([5, created]),
        { timeout: 60_000 },
      );
      await check(page, 'generate-results');
    });
  });
}
