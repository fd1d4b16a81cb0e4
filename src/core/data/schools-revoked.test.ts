import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStoredTokens } from '../../../e2e/support/harness/auth-harness';
import { signInAndAllow } from '../../../e2e/support/harness/chromium-opener';
import { OWNER_ID } from '../../../e2e/support/harness/client-harness';
import { useAuthHarness } from '../../../e2e/support/harness/use-harness';
import type { OutboxStatus } from '../../shared/outbox-contract';
import type { AppEvent } from '../../shared/contract';
import { createServices } from '../services';
import { FileKeyEncryptor } from '../store/file-key-encryptor';

const h = useAuthHarness();
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The course's name on the school, read with a token of the stand-in's own. */
async function nameOnSchool(id: string): Promise<string> {
  const minted = await h.control('/tokens', { accountId: OWNER_ID, scopes: ['courses:read'] });
  const { accessToken } = (await minted.json()) as { accessToken: string };
  const response = await fetch(new URL(`/api/v1/courses/${id}`, h.platform.url), {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return ((await response.json()) as { name: string }).name;
}

/** Resolves with the first outbox status the app emits that satisfies `test`. */
function nextStatus(events: AppEvent[], test: (status: OutboxStatus) => boolean) {
  return new Promise<OutboxStatus>((resolve) => {
    const timer = setInterval(() => {
      const found = events.find(
        (event): event is Extract<AppEvent, { type: 'outbox:status' }> =>
          event.type === 'outbox:status' && test(event.status),
      );
      if (found) {
        clearInterval(timer);
        resolve(found.status);
      }
    }, 20);
  });
}

describe('edits queued while the school revoked the app', () => {
  it('are kept, ask for a new sign-in, and are sent after it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-revoked-'));
    dirs.push(dataDir);
    const events: AppEvent[] = [];
    const services = createServices({
      dataDir,
      encryptor: new FileKeyEncryptor(join(dataDir, 'keys', 'session.key')),
      browser: h.browser,
      emit: (event) => events.push(event),
      rateLimits: { reads: null, writes: null },
    });
    try {
      h.browser.behaviour = signInAndAllow();
      const session = await services.auth.signIn(h.platform.url, ['courses:read', 'courses:write']);
      const data = await services.schools.for(session.schoolId);
      const { rows } = await data.list('courses', { limit: 1, sort: 'name' });
      const course = rows[0]!;
      const { etag } = await data.get('courses', course.id);

      // Offline, an edit waits here; meanwhile the school revokes the app's tokens.
      await h.control('/faults', { rate: 1, kind: 'drop', pathPrefix: '/api/v1/' });
      const saved = await data.update(
        'courses',
        course.id,
        { name: 'Revoked Edit' },
        { etag: etag! },
      );
      expect(saved.pending).toBe(true);
      const { clientId } = await readStoredTokens(dataDir);
      await h.control(`/clients/${clientId}/expire-tokens`);
      await h.control(`/clients/${clientId}/revoke-tokens`);
      await h.control('/faults', { off: true });

      // The school answers again: the edit meets the revoked session and is kept.
      events.length = 0;
      await services.schools.retry(session.schoolId);
      const asked = await nextStatus(events, (status) => status.signInNeeded);
      expect(asked).toMatchObject({ count: 1, signInNeeded: true });
      expect(await nameOnSchool(course.id)).toBe(course.name);

      // After a new sign-in the edit goes, once, without anyone asking.
      events.length = 0;
      await services.auth.signIn(h.platform.url, ['courses:read', 'courses:write']);
      await nextStatus(events, (status) => status.count === 0 && !status.signInNeeded);
      expect(await nameOnSchool(course.id)).toBe('Revoked Edit');
    } finally {
      await services.schools.closeAll();
    }
  }, 60_000);
});
