import { existsSync, watch } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signInAndAllow } from '../../../e2e/support/harness/chromium-opener';
import { useAuthHarness } from '../../../e2e/support/harness/use-harness';
import { nodeHelper, type LaunchHelper } from '../store/helper-process';

const h = useAuthHarness();

describe('sign-out and the database helpers', () => {
  it("removes the school's database only once a sort index being built has ended", async () => {
    // Node's helper, counted: how many run now, and a word when the first starts.
    let running = 0;
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const launchHelper: LaunchHelper = () => {
      const child = nodeHelper();
      running += 1;
      started();
      let ended = false;
      child.onEnd(() => {
        if (!ended) running -= 1;
        ended = true;
      });
      return child;
    };
    const { services, dataDir } = h.services({ launchHelper });
    try {
      h.browser.behaviour = signInAndAllow();
      const { schoolId } = await services.auth.signIn(h.platform.url, ['students:read']);
      await expect
        .poll(async () => (await services.schools.status(schoolId)).areas.students.state)
        .toBe('synced');
      // Helpers running when the database file went (sign-out), seen as it goes.
      const folder = join(dataDir, 'schools');
      const atRemoval: number[] = [];
      const watcher = watch(folder, (_event, name) => {
        const file = String(name);
        if (file.endsWith('.sqlite') && !existsSync(join(folder, file))) atRemoval.push(running);
      });
      try {
        // The first list sorted by e-mail builds that sort's index in a helper process.
        const data = await services.schools.for(schoolId);
        const listing = data.list('students', { limit: 10, sort: 'email' }).catch(() => undefined);
        await firstStarted;
        await services.auth.signOut(schoolId);
        await listing;
        await expect.poll(() => atRemoval.length).toBeGreaterThan(0);
      } finally {
        watcher.close();
      }
      expect(atRemoval).toEqual([0]);
    } finally {
      await services.schools.closeAll();
    }
  }, 60_000);
});
