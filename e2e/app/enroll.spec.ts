import { startPlatform, type RunningPlatform } from '../platform/server';
import { test, expect, screenshot } from '../support/app-fixtures';
import { readApi, signInToWorkspace } from '../support/workspace-flow';

type ApiList<T> = { nodes: T[]; totalCount: number };
type ApiStudent = { id: string; name: string; email: string };
type ApiCourse = { id: string; name: string };
type ApiEnrollment = { courseId: string; endedAt: number | null };

/** Its own stand-in with 100,000 students, shared by this file's tests (seeding takes a while). */
let big: RunningPlatform;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  big = await startPlatform({ control: true, students: 100_000, rateLimit: null });
});

test.afterAll(async () => {
  await big?.close();
});

test('finds a student among 100,000 by partial e-mail and enrolls them in a course', async ({
  page,
  app,
}) => {
  test.setTimeout(90_000);
  // A known student deep in the list, and a course they are not enrolled in yet.
  const [student] = (await readApi<ApiList<ApiStudent>>(big.url, 'students?perPage=1&page=5000'))
    .nodes;
  expect(student).toBeDefined();
  const enrolled = await readApi<ApiList<ApiEnrollment>>(
    big.url,
    `students/${student!.id}/enrollments?perPage=50`,
  );
  const taken = new Set(enrolled.nodes.map((e) => e.courseId));
  const courses = await readApi<ApiList<ApiCourse>>(big.url, 'courses?perPage=50');
  const course = courses.nodes.find((c) => !taken.has(c.id))!;
  expect(course).toBeDefined();

  await signInToWorkspace(page, app, big.url, { preset: 'Everything' });
  await page
    .getByRole('navigation', { name: 'Areas' })
    .getByRole('link', { name: 'Students' })
    .click();

  // Part of the e-mail: its local part without the first character.
  const partial = student!.email.split('@')[0]!.slice(1);
  await page.getByRole('searchbox', { name: 'Search students' }).fill(partial);
  const row = page.getByRole('grid').getByText(student!.email);
  await expect(row).toBeVisible();
  await row.click();
  const panel = page.locator('.record-panel');
  await expect(panel.getByRole('heading', { name: student!.name })).toBeVisible();
  const enrollments = panel.getByRole('region', { name: 'Enrollments' });
  await expect(
    enrollments.getByRole('status').or(enrollments.locator('.enrollment-list, p.hint')).first(),
  ).toBeVisible();

  // Enroll through the course combobox: type part of the name, pick the match.
  const combobox = enrollments.getByRole('combobox', { name: 'Enroll in a course' });
  await combobox.fill(course.name.slice(0, Math.min(12, course.name.length)));
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  await enrollments.getByRole('option', { name: new RegExp(`^${escape(course.name)}`) }).click();
  await enrollments.getByRole('button', { name: `Enroll in ${course.name}` }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    `Enrolled in ${course.name}.`,
  );

  // The stand-in has the enrollment; the panel lists it with its progress and access.
  await expect
    .poll(async () =>
      (
        await readApi<ApiList<ApiEnrollment>>(
          big.url,
          `students/${student!.id}/enrollments?perPage=50`,
        )
      ).nodes.map((e) => e.courseId),
    )
    .toContain(course.id);
  const item = enrollments.getByRole('listitem', { name: course.name });
  await expect(item).toBeVisible();
  await expect(item.getByRole('progressbar', { name: `Progress in ${course.name}` })).toBeVisible();
  await expect(item).toContainText('Lifetime access');
  await screenshot(page, 'record-student-enrolled');
});

/** A string as a literal inside a regular expression. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
