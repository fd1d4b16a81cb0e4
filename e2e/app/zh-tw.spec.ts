import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import { englishIn, englishSentences, pageWords, say } from '../support/catalog-words';
import { signInSpeaking } from '../support/language-flow';
import { createCourse } from '../support/records-flow';
import { readApi } from '../support/workspace-flow';

/**
 * The app as a Taiwanese owner meets it: a browser that prefers Traditional Chinese gets
 * every screen in Chinese without choosing anything. Each main screen is checked for its
 * Chinese headings and controls (found by the names a screen reader says), a date in
 * Taiwan's format, and the absence of every English sentence of the catalogs (each stretch
 * of an English message's fixed text longer than a dozen letters, searched in the page's
 * text and in its accessible names, tooltips and placeholders).
 */

test.use({ locale: 'zh-TW', viewport: { width: 1280, height: 800 } });

const zh = (key: string, values: Record<string, string | number> = {}) => say('zh-TW', key, values);
const ENGLISH = englishSentences();
const AREAS = ['courses', 'students', 'coupons', 'pages'] as const;

const areas = (page: Page) => page.getByRole('navigation', { name: zh('shell:nav.label') });
const loadedRows = (page: Page) =>
  page.getByRole('grid').locator('[role="row"]:not([aria-rowindex="1"]):not(.loading)');
const panel = (page: Page) => page.locator('.record-panel');

/**
 * Saves the screen as `zh-<screen>` for people to look at, and notes (without stopping, so one
 * run names every screen) each English sentence of the catalogs it shows.
 */
async function speaksChinese(page: Page, screen: string): Promise<void> {
  await screenshot(page, `zh-tw-${screen}`);
  const english = englishIn(await pageWords(page), ENGLISH);
  expect.soft(english, `English sentences on the ${screen} screen`).toEqual([]);
}

async function openArea(page: Page, area: (typeof AREAS)[number] | 'account'): Promise<string> {
  const name = zh(`shell:areas.${area}.label`);
  await areas(page).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return name;
}

test('every main screen speaks Traditional Chinese to a zh-TW browser', async ({
  page,
  app,
  platform,
}) => {
  test.setTimeout(300_000);
  const course = await createCourse(platform.url, 'ZH');

  // Connect: the language came from the browser, with nothing chosen.
  await page.goto(app.url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await expect(page.getByRole('heading', { level: 1, name: zh('connect:heading') })).toBeVisible();
  await expect(page.getByLabel(zh('connect:address.label'))).toBeVisible();
  await expect(page.getByRole('button', { name: zh('connect:signIn'), exact: true })).toBeVisible();
  await speaksChinese(page, 'connect');

  // The waiting screen, then the school's own pages, then the workspace.
  await page.getByLabel(zh('connect:address.label')).fill(platform.url);
  await page.getByRole('button', { name: zh('connect:signIn'), exact: true }).click();
  await expect(page.getByRole('link', { name: zh('connect:waiting.openLink') })).toBeVisible();
  await speaksChinese(page, 'waiting');
  await page.getByRole('button', { name: zh('common:cancel') }).click();
  await signInSpeaking(page, app, platform.url, 'zh-TW');

  // The four lists, each with its Chinese search, New button and rows.
  for (const area of AREAS) {
    await openArea(page, area);
    await expect(page.getByRole('searchbox', { name: zh(`lists:search.${area}`) })).toBeVisible();
    await expect(page.getByRole('button', { name: zh(`lists:new.${area}`) })).toBeVisible();
    await expect(loadedRows(page).first()).toBeVisible();
    await expect(page.getByRole('status', { name: zh('shell:sync.status') })).toHaveText(
      zh('sync:line.upToDate'),
      { timeout: 60_000 },
    );
    await speaksChinese(page, `list-${area}`);
  }

  // A record: the course made for this spec, its form in Chinese, and Taiwan's dates.
  await openArea(page, 'courses');
  await expect(
    page
      .getByRole('grid')
      .getByRole('gridcell', { name: /^\d{4}\/\d{2}\/\d{2}$/ })
      .first(),
  ).toBeVisible();
  await page.getByRole('searchbox', { name: zh('lists:search.courses') }).fill(course.name);
  await expect(async () => {
    await page.getByRole('grid').getByRole('gridcell', { name: course.name }).first().click();
    await expect(panel(page)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(panel(page).getByRole('heading', { level: 2, name: course.name })).toBeVisible();
  const name = panel(page).getByLabel(zh('records:fields.courses.name'), { exact: true });
  await expect(name).toHaveValue(course.name);
  await speaksChinese(page, 'record');

  // The outbox panel, with a change the school cannot take yet (its writes answer 503). The
  // school refuses until the panel has been read: once it takes writes again, the outbox's own
  // retry may send the change before the panel shows it (a fresh-clone CI run met that).
  await setFaults(platform.url, {
    rate: 1,
    kind: '503',
    pathPrefix: `/api/v1/courses/${course.id}`,
    methods: ['PATCH'],
  });
  const waiting = page.getByRole('button', {
    name: new RegExp(zh('outbox:waiting', { count: 1 })),
  });
  const outbox = page.getByRole('dialog', { name: zh('outbox:panel.title') });
  try {
    await name.fill(`${course.name} 水彩`);
    await page.keyboard.press('Control+s');
    await expect(waiting).toBeVisible({ timeout: 30_000 });
    await waiting.click();
    await expect(outbox.getByRole('heading', { name: zh('outbox:panel.title') })).toBeVisible();
    await expect(outbox.getByRole('button', { name: zh('outbox:entry.sendAgain') })).toBeVisible();
    await speaksChinese(page, 'outbox');
  } finally {
    await setFaults(platform.url, { off: true });
  }
  await outbox.getByRole('button', { name: zh('outbox:panel.sendNow') }).click();
  await expect(outbox.getByRole('status')).toHaveText(zh('outbox:panel.allSent'), {
    timeout: 60_000,
  });
  await outbox.getByRole('button', { name: zh('common:close') }).click();
  await expect(outbox).toBeHidden();

  // The long operations' dialogs.
  await openArea(page, 'students');
  await page.getByRole('button', { name: zh('operations:actions.import') }).click();
  const importing = page.getByRole('dialog', { name: zh('operations:import.title') });
  await expect(importing.getByLabel(zh('operations:import.fileLabel'))).toBeVisible();
  await speaksChinese(page, 'import');
  const closeNamed = (title: string) => zh('operations:dialog.closeNamed', { title });
  await importing.getByRole('button', { name: closeNamed(zh('operations:import.title')) }).click();
  await openArea(page, 'coupons');
  await page.getByRole('button', { name: zh('operations:actions.generate') }).click();
  const generating = page.getByRole('dialog', { name: zh('operations:generate.title') });
  await expect(generating.getByLabel(zh('operations:generate.count'))).toBeVisible();
  await speaksChinese(page, 'generate');
  await generating
    .getByRole('button', { name: closeNamed(zh('operations:generate.title')) })
    .click();

  // Account.
  await openArea(page, 'account');
  await expect(page.getByRole('heading', { name: zh('account:who.heading') })).toBeVisible();
  await speaksChinese(page, 'account');
});

test('the outbox panel names an enrollment change and an untitled record in Chinese only', async ({
  page,
  app,
  platform,
}) => {
  test.setTimeout(180_000);
  const course = await createCourse(platform.url, 'Yoga');
  // The newest course, so the first row of the list (newest first); the school answers it
  // with nothing that names it. It is made in a later second than "Yoga" (the same clock):
  // within one second the list orders them by id, so "Yoga" came first in about half the runs
  // and was the course deleted below (its enrollment then found no course). A createdAt only
  // answered later was not enough: the first list may come from the school, which sorts by
  // the one it keeps.
  const { createdAt } = await readApi<{ createdAt: number }>(platform.url, `courses/${course.id}`);
  await expect.poll(() => Date.now() / 1000, { timeout: 3_000 }).toBeGreaterThan(createdAt + 1);
  const untitled = await createCourse(platform.url, 'Blank');
  const raw = `${platform.url}/__control/raw/courses/${untitled.id}`;
  await control(raw, 'PUT', { name: '', slug: '' });
  type Student = { id: string; name: string; email: string };
  const [student] = (
    await readApi<{ nodes: Student[] }>(platform.url, 'students?perPage=1&sort=name')
  ).nodes;
  try {
    await signInSpeaking(page, app, platform.url, 'zh-TW');
    await openArea(page, 'courses');
    await expect(page.getByRole('status', { name: zh('shell:sync.status') })).toHaveText(
      zh('sync:line.upToDate'),
      { timeout: 60_000 },
    );
    // Every write the school is sent from now on answers 503: the changes wait in the outbox.
    await setFaults(platform.url, {
      rate: 1,
      kind: '503',
      pathPrefix: '/api/v1/',
      methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    });
    await expect(async () => {
      // Its name and slug cells are empty: click one that says something.
      await loadedRows(page).first().getByRole('gridcell').nth(2).click();
      await expect(panel(page)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    // A form without a name cannot be saved; a delete can, and names no field.
    await panel(page)
      // The record's Delete, not the curriculum toolbar's (disabled, nothing chosen in it).
      .getByRole('button', { name: zh('common:delete'), exact: true, disabled: false })
      .click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: zh('records:delete.confirm.courses') })
      .click();
    // The header's outbox button names the count, or, while the school refuses changes (its
    // 503s), that it refuses them and when it tries again; either opens the list.
    const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const refusing = escaped(zh('outbox:refusing', { seconds: 98765 })).replace('98765', '[\\d,]+');
    const waiting = (count: number) =>
      page.getByRole('banner').getByRole('button', {
        name: new RegExp(
          `${escaped(zh('outbox:waiting', { count }))}|${refusing}|${escaped(zh('outbox:refusingNow'))}`,
        ),
      });
    await expect(waiting(1)).toBeVisible({ timeout: 30_000 });

    await openArea(page, 'students');
    await page.getByRole('searchbox', { name: zh('lists:search.students') }).fill(student!.email);
    await expect(async () => {
      await page.getByRole('grid').getByRole('gridcell', { name: student!.email }).first().click();
      await expect(panel(page)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    const enrollments = panel(page).getByRole('region', {
      name: zh('records:enrollments.heading'),
    });
    await enrollments
      .getByRole('combobox', { name: zh('records:enrollments.enrollLabel') })
      .fill(course.name);
    await enrollments.getByRole('option', { name: course.name }).click();
    await enrollments
      .getByRole('button', { name: zh('records:enrollments.enrollIn', { course: course.name }) })
      .click();
    await expect(waiting(2)).toBeVisible({ timeout: 30_000 });

    await waiting(2).click();
    const outbox = page.getByRole('dialog', { name: zh('outbox:panel.title') });
    await expect(outbox.getByRole('listitem', { name: /：/ })).toHaveCount(2);
    await screenshot(page, 'outbox-zh-TW');
    // Chinese words only: once the names the school gave (the course's, the student's) are
    // taken out, not a Latin letter is left ("enrollment", "Enroll in", "Untitled record").
    const words = (await outbox.innerText())
      .replaceAll(course.name, '')
      .replaceAll(student!.name, '');
    expect(words.match(/[A-Za-z]+/g) ?? []).toEqual([]);
    const untitledTitle = zh('outbox:entryTitle', {
      kind: zh('records:kind.courses'),
      label: zh('outbox:untitled'),
    });
    await expect(outbox.getByRole('heading', { name: untitledTitle })).toBeVisible();
    await expect(
      outbox.getByText(zh('outbox:change.enrollment', { change: 'enroll', course: course.name })),
    ).toBeVisible();
  } finally {
    await setFaults(platform.url, { off: true });
    await control(raw, 'PUT', {});
  }
});

async function control(url: string, method: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

async function setFaults(platformUrl: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${platformUrl}/__control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}
