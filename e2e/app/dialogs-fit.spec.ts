import type { Locator } from '@playwright/test';
import { expect, screenshot, test } from '../support/app-fixtures';
import { speaking } from '../support/language-flow';
import { createCourse, writeApi } from '../support/records-flow';
import { signInToWorkspace } from '../support/workspace-flow';

/*
 * On a short window, what the owner opens comes fully into view: the Extend form of a
 * student's last enrollment, the bulk-enroll dialog and its course list, and the app's other
 * dialogs. A dialog is never cut at the top or the bottom, and the button that does its work
 * stays in sight, whatever scrolls inside it.
 */

const { words } = speaking('en');
const SHORT = { width: 1024, height: 560 };

/**
 * What of `target` is hidden: outside the window, outside a box that clips it (a scrolling
 * panel or dialog), or under something else at its centre. Empty when it is all in sight.
 */
const hiddenParts = (target: Locator) =>
  target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const found: string[] = [];
    const round = (n: number) => Math.round(n);
    if (box.top < -0.5 || box.left < -0.5)
      found.push(`above or left of the window (${round(box.top)}, ${round(box.left)})`);
    if (box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5)
      found.push(`below or right of the window (${round(box.bottom)} > ${innerHeight})`);
    for (let a = element.parentElement; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') {
        if (a.matches('dialog:modal')) break;
        continue;
      }
      const outer = a.getBoundingClientRect();
      const top = outer.top + a.clientTop;
      const left = outer.left + a.clientLeft;
      if (
        box.top < top - 0.5 ||
        box.left < left - 0.5 ||
        box.bottom > top + a.clientHeight + 0.5 ||
        box.right > left + a.clientWidth + 0.5
      )
        found.push(`cut by ${a.tagName.toLowerCase()}.${[...a.classList].join('.')}`);
      // A modal dialog is drawn above the page: the page's boxes do not cut what is in it.
      if (a.matches('dialog:modal')) break;
    }
    // Its top, middle and bottom are its own, not under a header, a button bar or a panel.
    for (const y of [box.top + 2, box.top + box.height / 2, box.bottom - 2]) {
      const hit = document.elementFromPoint(box.left + box.width / 2, Math.min(y, innerHeight - 1));
      if (!hit || !(element.contains(hit) || hit.contains(element)))
        found.push(`covered at ${round(y)} by ${hit?.tagName.toLowerCase()}.${hit?.className}`);
    }
    return found;
  });

/** A dialog fits the window: not cut at the top or bottom, its named button in sight. */
async function expectDialogFits(dialog: Locator, button: Locator, what: string): Promise<void> {
  const box = await dialog.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom, height: innerHeight };
  });
  expect(box.top, `${what}: top in the window`).toBeGreaterThanOrEqual(0);
  expect(box.bottom, `${what}: bottom in the window`).toBeLessThanOrEqual(box.height);
  expect(await hiddenParts(button), `${what}: its button in sight`).toEqual([]);
}

test('on a short window the Extend form, the bulk-enroll dialog and its course list come into view', async ({
  page,
  app,
  platform,
}) => {
  test.setTimeout(120_000);
  // A student with several enrollments, so the last one's Extend form opens low in the panel.
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const student = await writeApi<{ id: string; name: string; email: string }>(
    platform.url,
    'POST',
    'students',
    { name: `Tall Dialogs ${unique}`, email: `tall.dialogs.${unique}@example.com` },
  );
  for (let i = 0; i < 4; i++) {
    const course = await createCourse(platform.url, `Fit ${i}`);
    await writeApi(platform.url, 'PUT', `students/${student.id}/enrollments/${course.id}`, {
      completionRate: 0.25 * i,
    });
  }

  await page.setViewportSize(SHORT);
  await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
  await page.keyboard.press('Alt+2');

  // The Extend form of the last enrollment: all of it in sight once opened.
  await page.getByRole('searchbox', { name: words('lists:search.students') }).fill(student.email);
  await page.getByRole('grid').getByText(student.email).click();
  const panel = page.locator('.record-panel');
  const enrollments = panel.locator('.enrollment-list > li');
  await expect(enrollments).toHaveCount(4);
  await enrollments
    .last()
    .getByRole('button', { name: words('records:enrollments.extend') })
    .click();
  const form = enrollments.last().locator('fieldset.extend-form');
  await expect(form).toBeVisible();
  await expect.poll(() => hiddenParts(form), { message: 'the Extend form in sight' }).toEqual([]);
  const extend = form.getByRole('button', { name: words('records:enrollments.extendAccess') });
  expect(await hiddenParts(extend), 'Extend access in sight').toEqual([]);
  await screenshot(page, 'dialogs-fit-extend-form');
  await panel
    .getByRole('button', { name: words('common:close') })
    .first()
    .click();
  await expect(panel).toHaveCount(0);

  // The bulk-enroll dialog, and its course list opened inside it.
  await page.getByRole('searchbox', { name: words('lists:search.students') }).fill('');
  const ticks = page.getByRole('grid').getByRole('checkbox');
  await ticks.nth(0).check();
  await ticks.nth(1).check();
  await page
    .getByRole('button', { name: words('operations:actions.enrollCount', { count: 2 }) })
    .click();
  const dialog = page.getByRole('dialog', { name: words('operations:enroll.title', { count: 2 }) });
  const submit = dialog.getByRole('button', {
    name: words('operations:enroll.submit'),
    exact: true,
  });
  await expectDialogFits(dialog, submit, 'bulk enroll');
  const box = dialog.getByRole('combobox', { name: words('operations:enroll.course') });
  await expect(box).toBeFocused();
  const list = dialog.getByRole('listbox');
  await expect(list.getByRole('option').first()).toBeVisible();
  await expect.poll(() => hiddenParts(list), { message: 'the course list in sight' }).toEqual([]);
  await screenshot(page, 'dialogs-fit-enroll-list');
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(list).toBeHidden();
  const chosen = dialog.getByRole('button', { name: /^Enroll 2 students in / });
  await expectDialogFits(dialog, chosen, 'bulk enroll, a course chosen');
  await screenshot(page, 'dialogs-fit-enroll');
});

test('on a short window the shortcuts sheet and the command palette fit', async ({
  page,
  app,
  platform,
}) => {
  await page.setViewportSize({ width: 1024, height: 420 });
  await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });

  await page.getByRole('button', { name: words('shell:header.shortcuts') }).click();
  const sheet = page.getByRole('dialog', { name: words('shell:shortcuts.heading') });
  await expectDialogFits(
    sheet,
    sheet.getByRole('button', { name: words('common:close') }),
    'shortcuts',
  );
  const heading = sheet.getByRole('heading', { name: words('shell:shortcuts.heading') });
  expect(await hiddenParts(heading), 'shortcuts: its heading in sight').toEqual([]);
  await screenshot(page, 'dialogs-fit-shortcuts');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: words('shell:palette.heading') });
  await expectDialogFits(palette, palette.getByRole('combobox'), 'command palette');
  await screenshot(page, 'dialogs-fit-palette');
});
