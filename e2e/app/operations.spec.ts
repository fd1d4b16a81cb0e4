import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import { ownerFetch, readApi, signInToWorkspace } from '../support/workspace-flow';

/**
 * Long operations end to end, through the web host against the stand-in: bulk-generate coupon
 * codes, import 5,000 students from a CSV with three bad rows, then export them and import the
 * export again without duplicating anyone. Each result is checked on the stand-in's own API.
 */

type Page50<T> = { nodes: T[]; totalCount: number; hasNextPage: boolean };

/** Every record a search finds on the stand-in, paging through 50 at a time. */
async function readAll<T>(platformUrl: string, entity: string, q: string): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const body = await readApi<Page50<T>>(
      platformUrl,
      `${entity}?q=${encodeURIComponent(q)}&perPage=50&page=${page}`,
    );
    all.push(...body.nodes);
    if (!body.hasNextPage) return all;
  }
}

const studentsTotal = async (platformUrl: string) =>
  (await readApi<{ totalCount: number }>(platformUrl, 'students?perPage=1')).totalCount;

async function openArea(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name }).click();
}

const SIGN_IN = { preset: 'Everything' } as const;

const randomTag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

// Imports of 5,000 rows at the stand-in's pace take a while on a two-core machine.
test.describe.configure({ mode: 'serial', timeout: 600_000 });
// The 5,000 imported students stay on this file's own stand-in (see ownStandIn).
test.use({ ownStandIn: true });

test('bulk-generates 200 unique coupon codes and the stand-in has them all', async ({
  page,
  app,
  platform,
}) => {
  const prefix = `E2E${randomTag()}`;
  await signInToWorkspace(page, app, platform.url, SIGN_IN);
  await openArea(page, 'Coupons');
  await page.getByRole('button', { name: 'Generate codes…' }).click();

  const dialog = page.getByRole('dialog', { name: 'Generate coupon codes' });
  await expect(dialog.getByLabel('How many codes')).toBeFocused();
  await dialog.getByLabel('How many codes').fill('200');
  // Validated as typed: a pattern without # is refused in place.
  await dialog.getByLabel('Pattern').fill(`${prefix}-`);
  await expect(dialog.getByText('A pattern needs at least one #')).toBeVisible();
  await dialog.getByLabel('Pattern').fill(`${prefix}-#####`);
  await expect(dialog.getByText('A pattern needs at least one #')).toBeHidden();
  await dialog.getByLabel('Name').fill(`Spring ${prefix}`);
  await dialog.getByLabel('Amount off').fill('150');
  await dialog.getByRole('button', { name: 'Generate 200 codes' }).click();

  await expect(dialog.getByRole('status').filter({ hasText: 'created' })).toHaveText(
    '200 created',
    { timeout: 120_000 },
  );
  await screenshot(page, 'operations-generate-results');
  const shown = (await dialog.getByLabel('Created codes').inputValue()).split('\n');
  expect(shown).toHaveLength(200);
  expect(new Set(shown).size).toBe(200);
  // Drawn without look-alikes: no 0, O, 1, I or L.
  for (const code of shown) expect(code).toMatch(new RegExp(`^${prefix}-[A-HJKMNP-Z2-9]{5}$`));

  const onServer = await readAll<{ code: string; name: string }>(platform.url, 'coupons', prefix);
  expect(onServer).toHaveLength(200);
  const serverCodes = new Set(onServer.map((c) => c.code));
  expect(serverCodes.size).toBe(200);
  expect([...serverCodes].sort()).toEqual([...shown].sort());

  // Escape closes the finished dialog and focus returns to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Generate codes…' })).toBeFocused();
});

/** The domain of the imported students, unique to this run so a search finds exactly them. */
const domain = `imp${randomTag().toLowerCase()}.example`;
const ROWS = 5000;

/** A 5,000-row CSV with a BOM, non-ASCII names, and three bad rows (1,000, 2,000, 3,000). */
function importCsv(): string {
  const lines = ['Full name,E-mail,Phone number'];
  for (let i = 1; i <= ROWS; i++) {
    const name = i % 7 === 0 ? `王小明 ${i}` : `Student ${i}`;
    const phone = i % 3 === 0 ? `+886 912 ${String(i).padStart(6, '0')}` : '';
    if (i === 1000) lines.push(`Bad Email ${i},not-an-email,`);
    else if (i === 2000) lines.push(`,s${i}@${domain},`);
    else if (i === 3000) lines.push(`Bad Phone ${i},s${i}@${domain},call me maybe`);
    else lines.push(`${name},s${i}@${domain},${phone}`);
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

test('imports 5,000 students from a CSV: 3 bad rows reported, 4,997 created', async ({
  page,
  app,
  platform,
}, testInfo) => {
  const file = testInfo.outputPath('students-import.csv');
  writeFileSync(file, importCsv(), 'utf8');
  const before = await studentsTotal(platform.url);

  await signInToWorkspace(page, app, platform.url, SIGN_IN);
  await openArea(page, 'Students');
  await page.getByRole('button', { name: 'Import CSV…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import students' });
  await dialog.getByLabel('CSV file of students').setInputFiles(file);

  await expect(dialog.getByText('4,997 rows are ready to import.')).toHaveText(
    '4,997 rows are ready to import. 3 rows have problems and will be skipped.',
  );
  await expect(dialog.getByText('Row 1,000 (not-an-email): Invalid email')).toBeVisible();
  await expect(dialog.getByText(`Row 2,000 (s2000@${domain}): Name cannot be empty`)).toBeVisible();
  await expect(dialog.getByText(`Row 3,000 (s3000@${domain}): Invalid phone number`)).toBeVisible();
  // The BOM did not reach the first header, and the names came through as UTF-8.
  await expect(dialog.getByRole('cell', { name: '王小明 7', exact: true })).toBeVisible();
  await screenshot(page, 'operations-import-dry-run');

  await dialog.getByRole('button', { name: 'Import 4,997 students' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: 'created' })).toHaveText(
    '4,997 created, 3 skipped',
    { timeout: 480_000 },
  );
  await expect(dialog.getByRole('cell', { name: 'Invalid phone number' })).toBeVisible();
  await screenshot(page, 'operations-import-results');

  expect(await studentsTotal(platform.url)).toBe(before + 4997);
  const imported = await readApi<{ totalCount: number }>(
    platform.url,
    `students?q=${domain}&perPage=1`,
  );
  expect(imported.totalCount).toBe(4997);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
});

test('exports the searched students and re-importing the file duplicates nobody', async ({
  page,
  app,
  platform,
}, testInfo) => {
  const before = await studentsTotal(platform.url);
  await signInToWorkspace(page, app, platform.url, SIGN_IN);
  await openArea(page, 'Students');
  await page.getByLabel('Search students').fill(domain);
  await expect(page.getByText('4,997 students', { exact: true })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const fileName = download.suggestedFilename();
  expect(fileName).toMatch(/^students.*\.csv$/);
  const file = testInfo.outputPath(fileName);
  await download.saveAs(file);
  await expect(page.getByText(`Exported 4,997 students to ${fileName}.`)).toBeVisible();
  const content = readFileSync(file, 'utf8');
  expect(
    content
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter(Boolean),
  ).toHaveLength(4998);

  await page.getByRole('button', { name: 'Import CSV…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import students' });
  await dialog.getByLabel('CSV file of students').setInputFiles(file);
  await expect(dialog.getByText('4,997 rows are ready to import.', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 4,997 students' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'on file' })).toHaveText(
    '4,997 already on file',
    { timeout: 480_000 },
  );
  expect(await studentsTotal(platform.url)).toBe(before);
});

/** Sets the stand-in's delay on requests under `pathPrefix` (0 turns it off). */
async function setLatency(platformUrl: string, ms: number, pathPrefix?: string) {
  const response = await fetch(`${platformUrl}/__control/latency`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(pathPrefix ? { ms, pathPrefix } : { ms }),
  });
  expect(response.ok).toBe(true);
}

test('cancels a running generation from Escape; rows done stay done', async ({
  page,
  app,
  platform,
}) => {
  const prefix = `E2X${randomTag()}`;
  await signInToWorkspace(page, app, platform.url, SIGN_IN);
  await openArea(page, 'Coupons');
  await page.getByRole('button', { name: 'Generate codes…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate coupon codes' });
  await dialog.getByLabel('How many codes').fill('1000');
  await dialog.getByLabel('Pattern').fill(`${prefix}-######`);
  await dialog.getByLabel('Name').fill(`Cancel ${prefix}`);
  await dialog.getByLabel('Type').selectOption('percentage');
  await dialog.getByLabel('Percent off').fill('10');
  // Slow creates down so the job is surely still running when it is cancelled.
  await setLatency(platform.url, 200, '/api/v1/coupons');
  try {
    await dialog.getByRole('button', { name: 'Generate 1,000 codes' }).click();
    const bar = dialog.getByRole('progressbar', { name: 'Generating codes' });
    await expect(bar).toBeVisible();
    await expect(dialog.getByText(/^[1-9][\d,]* of 1,000 codes/)).toBeVisible();

    // Escape while running asks first, and "Keep going" leaves the job alone.
    await page.keyboard.press('Escape');
    const ask = dialog.getByRole('alertdialog', { name: 'Stop generating codes?' });
    await expect(ask).toBeVisible();
    await expect(ask.getByRole('button', { name: 'Keep going' })).toBeFocused();
    await ask.getByRole('button', { name: 'Keep going' }).click();
    await expect(ask).toBeHidden();
    await expect(bar).toBeVisible();

    await page.keyboard.press('Escape');
    await ask.getByRole('button', { name: 'Stop generating codes' }).click();
    const status = dialog.getByRole('status').filter({ hasText: 'Cancelled.' });
    await expect(status).toBeVisible({ timeout: 60_000 });
  } finally {
    await setLatency(platform.url, 0);
  }
  const shown = (await dialog.getByLabel('Created codes').inputValue()).split('\n');
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.length).toBeLessThan(1000);
  const onServer = new Set(
    (await readAll<{ code: string }>(platform.url, 'coupons', prefix)).map((c) => c.code),
  );
  expect(onServer.size).toBeLessThan(1000);
  for (const code of shown) expect(onServer.has(code)).toBe(true);
  // A create in flight when the job stopped is reported skipped, with a warning that the
  // server may have finished it: every code on the server is listed created or named there.
  const interruptedRows = dialog
    .getByRole('row')
    .filter({ hasText: 'the school may have done it anyway' });
  const interrupted: string[] = [];
  for (let i = 0; i < (await interruptedRows.count()); i++)
    interrupted.push(await interruptedRows.nth(i).getByRole('cell').nth(1).innerText());
  const reported = new Set([...shown, ...interrupted]);
  for (const code of onServer) expect(reported.has(code)).toBe(true);
});

test('bulk-enrolls the ticked students in a course found by search', async ({
  page,
  app,
  platform,
}) => {
  type Student = { id: string; name: string; email: string };
  type Enrollment = { courseId: string; endedAt: number | null };
  const students = (await readApi<Page50<Student>>(platform.url, 'students?perPage=3&page=7'))
    .nodes;
  const [course] = (
    await readApi<Page50<{ id: string; name: string; slug: string }>>(
      platform.url,
      'courses?perPage=1&sort=-createdAt',
    )
  ).nodes;
  expect(students).toHaveLength(3);
  expect(course).toBeDefined();

  await signInToWorkspace(page, app, platform.url, SIGN_IN);
  // By now the worker's stand-in holds thousands of students (the import spec): the ticking
  // below happens once their first sync has finished, not while its last pages land.
  await expect(page.getByRole('status', { name: 'Sync status' })).toHaveText(/Up to date/, {
    timeout: 60_000,
  });
  await openArea(page, 'Students');
  await expect(page.getByRole('button', { name: 'Enroll selected…' })).toBeDisabled();
  const search = page.getByLabel('Search students');
  for (const student of students) {
    await search.fill(student.email);
    await expect(page.getByText('1 student', { exact: false }).first()).toBeVisible();
    await page.getByRole('checkbox', { name: `Select ${student.name}` }).check();
  }
  // One ticked student is deleted on the platform before the enroll: the report names them.
  const [kept1, kept2, gone] = students as [Student, Student, Student];
  const deleted = await ownerFetch(platform.url, `students/${gone.id}`, ['students:write'], {
    method: 'DELETE',
  });
  expect(deleted.status).toBe(204);
  await page.getByRole('button', { name: 'Enroll selected (3)…' }).click();

  const dialog = page.getByRole('dialog', { name: 'Enroll 3 students' });
  const box = dialog.getByRole('combobox', { name: 'Course' });
  await expect(box).toBeFocused();
  await box.fill(course!.slug);
  // The slug is unique, so once the search has answered the list holds that course alone.
  await expect(dialog.getByRole('option')).toHaveCount(1);
  await expect(dialog.getByRole('option', { name: new RegExp(course!.slug) })).toBeVisible();
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(dialog.getByText(`Chosen: ${course!.name}`)).toBeVisible();
  await dialog.getByLabel('Access ends on (optional)').fill('2099-12-31');
  await dialog.getByRole('button', { name: `Enroll 3 students in ${course!.name}` }).click();

  const status = dialog.getByRole('status').filter({ hasText: 'enrolled' });
  await expect(status).toHaveText(/^(\d enrolled|\d access changed|\d already enrolled)(, .*)?$/, {
    timeout: 60_000,
  });
  await expect(status).toContainText('1 failed');
  await expect(
    dialog.getByRole('row').filter({ hasText: gone.name }).filter({ hasText: 'no longer exists' }),
  ).toBeVisible();
  await screenshot(page, 'operations-enroll-results');

  for (const student of [kept1, kept2]) {
    const enrollments = await readApi<Page50<Enrollment>>(
      platform.url,
      `students/${student.id}/enrollments?perPage=50`,
    );
    expect(enrollments.nodes.map((e) => e.courseId)).toContain(course!.id);
  }
});
