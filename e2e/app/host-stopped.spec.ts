import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, screenshot } from '../support/app-fixtures';
import { signInSpeaking, speaking } from '../support/language-flow';
import { startApp } from '../support/school-process';

/**
 * Issue #22 §2: with Schooldesk's own web host stopped, the open page is cut off from
 * Schooldesk, not from the school. It says so and how to start it again (never "Can't reach
 * the school"), whether the page sits idle or the owner acts in it; once the host answers
 * again, the page carries on.
 */
const WORDS = {
  en: { stopped: 'Schooldesk has stopped', school: /Can.t reach the school/, reload: 'Reload' },
  'zh-TW': { stopped: 'Schooldesk 已停止', school: /無法連上學校/, reload: '重新載入' },
} as const;

for (const language of ['en', 'zh-TW'] as const) {
  test.describe(language, () => {
    test.use({ locale: language });

    test('with the web host stopped, the page says Schooldesk stopped and how to start it', async ({
      page,
      platform,
    }) => {
      const words = WORDS[language];
      const { words: say, areaLink } = speaking(language);
      const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-stopped-'));
      let app = await startApp(dataDir);
      try {
        await signInSpeaking(page, app, platform.url, language, [
          ['courses', 'read'],
          ['students', 'read'],
        ]);

        const alert = page
          .getByRole('alert', { name: words.stopped })
          .filter({ has: page.getByRole('button', { name: words.reload }) });
        await app.host.close();
        // Left open, the page learns it by itself, and says how to start Schooldesk again.
        await expect(alert).toBeVisible();
        await expect(alert).toContainText('npm run web');
        await expect(page.getByText(words.school)).toHaveCount(0);

        // Acting in the page: the call cannot reach Schooldesk, and says so where it failed.
        await areaLink(page, 'students').click();
        await expect(page.getByRole('main').getByRole('alert')).toContainText(words.stopped);
        await expect(page.getByText(words.school)).toHaveCount(0);
        await screenshot(page, `host-stopped-${language}`);

        // Started again on the same data folder (same address and secret): the page sees it
        // answer again, drops the notice and loads what failed meanwhile.
        app = await startApp(dataDir);
        await expect(alert).toHaveCount(0);
        await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
        await expect(page.getByRole('button', { name: say('shell:header.account') })).toBeVisible();
      } finally {
        await app.host.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
