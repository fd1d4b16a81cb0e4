import { test, expect, screenshot } from '../support/app-fixtures';
import { signInSpeaking, speaking } from '../support/language-flow';
import { createCourse, writeApi } from '../support/records-flow';
import { readApi } from '../support/workspace-flow';

/**
 * Issue #22 §2: extending a student's access to a past date said only "Some fields are not
 * valid.". The form marks the date itself and says "Choose a date after today", before
 * sending and when the school refuses; "By days" is offered only where adding days means
 * something (not to lifetime access, which days leave as it is).
 */
const WORDS = {
  en: { afterToday: 'Choose a date after today', notValid: 'Some fields are not valid.' },
  'zh-TW': { afterToday: '請選擇今天之後的日期', notValid: '有些欄位不正確。' },
} as const;

type ApiEnrollment = { courseId: string; endedAt: number | null };

const DAY = 86_400;
/** A day `offset` days from now as ISO ("2026-11-20"), which the date field reads in any language. */
function isoDay(offset: number, from = Date.now()): string {
  const d = new Date(from + offset * DAY * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

for (const language of ['en', 'zh-TW'] as const) {
  test.describe(language, () => {
    test.use({ locale: language });

    test('a past date is marked on the field with "choose a date after today"; By days only where it means something', async ({
      page,
      app,
      platform,
    }) => {
      const { words, areaLink } = speaking(language);
      const say = WORDS[language];
      const unique = Math.random().toString(36).slice(2, 8);
      const student = await writeApi<{ id: string; name: string; email: string }>(
        platform.url,
        'POST',
        'students',
        { name: `Extend ${unique}`, email: `extend-${unique}@example.com` },
      );
      const dated = await createCourse(platform.url, 'Dated');
      const lifetime = await createCourse(platform.url, 'Lifetime');
      const endedAt = Math.floor(Date.now() / 1000) + 10 * DAY;
      await writeApi(platform.url, 'PUT', `students/${student.id}/enrollments/${dated.id}`, {
        endedAt,
      });
      await writeApi(platform.url, 'PUT', `students/${student.id}/enrollments/${lifetime.id}`, {
        endedAt: null,
      });

      await signInSpeaking(page, app, platform.url, language);
      await areaLink(page, 'students').click();
      await page
        .getByRole('searchbox', { name: words('lists:search.students') })
        .fill(student.email);
      await page.getByRole('grid').getByText(student.email).click();
      const panel = page.locator('.record-panel');
      const enrollments = panel.getByRole('region', { name: words('records:enrollments.heading') });
      const extendForm = (course: string) =>
        enrollments.getByRole('group', {
          name: words('records:enrollments.extendLegend', { course }),
        });

      // Lifetime access: adding days changes nothing, so "By days" is not offered.
      const lifetimeItem = enrollments.getByRole('listitem', { name: lifetime.name });
      await lifetimeItem.getByRole('button', { name: words('records:enrollments.extend') }).click();
      const lifetimeForm = extendForm(lifetime.name);
      await expect(lifetimeForm).toBeVisible();
      await expect(
        lifetimeForm.getByRole('radio', { name: words('records:enrollments.untilDate') }),
      ).toBeVisible();
      await expect(
        lifetimeForm.getByRole('radio', { name: words('records:enrollments.byDays') }),
      ).toHaveCount(0);
      await lifetimeItem.getByRole('button', { name: words('records:enrollments.extend') }).click();

      // Access that ends: "By days" is there; a past date is refused on the field itself.
      const datedItem = enrollments.getByRole('listitem', { name: dated.name });
      await datedItem.getByRole('button', { name: words('records:enrollments.extend') }).click();
      const form = extendForm(dated.name);
      await expect(
        form.getByRole('radio', { name: words('records:enrollments.byDays') }),
      ).toBeVisible();
      await form.getByRole('radio', { name: words('records:enrollments.untilDate') }).check();
      const date = form.getByRole('textbox', { name: words('records:enrollments.accessUntil') });
      await date.fill(isoDay(-3));
      await form.getByRole('button', { name: words('records:enrollments.extendAccess') }).click();
      await expect(date).toHaveAttribute('aria-invalid', 'true');
      await expect(date).toHaveAccessibleDescription(say.afterToday);
      await expect(panel.getByText(say.notValid)).toHaveCount(0);
      await screenshot(page, `extend-past-date-${language}`);
      // Nothing was sent: the school still has the old end.
      const atSchool = await readApi<ApiEnrollment>(
        platform.url,
        `students/${student.id}/enrollments/${dated.id}`,
      );
      expect(atSchool.endedAt).toBe(endedAt);

      // The school's own refusal lands on the same field: this browser's clock runs three weeks
      // behind, so a day it takes for the future is already past at the school.
      const behind = Date.now() - 21 * DAY * 1000;
      await page.clock.setFixedTime(behind);
      await date.fill(isoDay(2, behind));
      await expect(date).not.toHaveAttribute('aria-invalid', 'true');
      await form.getByRole('button', { name: words('records:enrollments.extendAccess') }).click();
      await expect(date).toHaveAttribute('aria-invalid', 'true');
      await expect(date).toHaveAccessibleDescription(say.afterToday);
      await expect(panel.getByText(say.notValid)).toHaveCount(0);
    });
  });
}
