import { readFileSync } from 'node:fs';
import { WELL_KNOWN } from '../platform/seed';
import { startPlatform, type RunningPlatform } from '../platform/server';
import { test, expect, screenshot } from '../support/app-fixtures';
import { readApi, signInToWorkspace } from '../support/workspace-flow';

/**
 * Valid data of real size through the web host (issue 12, "A tolerant reader"): fourteen
 * courses with 20,000-character descriptions make one page of courses about 390 kB, over the
 * 256 KiB that OAuth answers may be, and Intro to Watercolour carries a 20 × 60-lecture
 * curriculum. The Courses list shows them, the big course opens, and the list exports.
 */

type ApiCourse = { id: string; name: string; description: string | null };
type ApiList<T> = { nodes: T[]; totalCount: number };

/** Its own stand-in, seeded with the large courses. */
let school: RunningPlatform;

test.beforeAll(async () => {
  school = await startPlatform({
    control: true,
    students: 50,
    rateLimit: null,
    longDescriptions: 14,
    bigCurriculum: 1,
  });
});

test.afterAll(async () => {
  await school?.close();
});

test('lists, opens and exports courses with long descriptions and a big curriculum', async ({
  page,
  app,
}, testInfo) => {
  const { nodes, totalCount } = await readApi<ApiList<ApiCourse>>(school.url, 'courses?perPage=50');
  const long = nodes.filter((course) => course.description?.length === 20_000);
  expect(long).toHaveLength(14);
  const big = WELL_KNOWN.publishedCourse;

  // Courses is home: the total, and rows that are not placeholders.
  await signInToWorkspace(page, app, school.url, { preset: 'Everything' });
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await expect(page.locator('.list-count')).toHaveText(`${totalCount} courses`);
  const grid = page.getByRole('grid');
  const firstRow = grid.locator('[role="row"]:not([aria-rowindex="1"])').first();
  await expect(firstRow).not.toHaveClass(/loading/);
  await expect(firstRow).toContainText(/\S/);
  await expect(page.getByText(/could not be read/)).toHaveCount(0);
  await screenshot(page, 'large-answers-courses');

  // The course with 1,200 lectures and a 20,000-character description opens.
  const search = page.getByRole('searchbox', { name: 'Search courses' });
  await search.fill(big.name);
  await grid.getByText(big.name, { exact: true }).click();
  const details = page.getByRole('complementary', { name: 'Course details' });
  await expect(details.getByRole('heading', { name: big.name })).toBeVisible();
  const description = nodes.find((course) => course.id === big.id)?.description;
  expect(description).toHaveLength(20_000);
  await expect(details.getByLabel('Description')).toHaveValue(description!);
  await screenshot(page, 'large-answers-big-course');

  // The whole list exports, every course in the file.
  await search.fill('');
  await expect(page.locator('.list-count')).toHaveText(`${totalCount} courses`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const fileName = download.suggestedFilename();
  expect(fileName).toMatch(/^courses.*\.csv$/);
  const file = testInfo.outputPath(fileName);
  await download.saveAs(file);
  await expect(page.getByText(`Exported ${totalCount} courses to ${fileName}.`)).toBeVisible();
  const content = readFileSync(file, 'utf8');
  for (const course of nodes) expect(content).toContain(course.name);
});
