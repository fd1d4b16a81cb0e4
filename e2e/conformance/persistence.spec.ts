import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, getJson, post } from '../support/fixtures';
import {
  exchangeCode,
  loopbackCallback,
  redirectFromBrowser,
  prepareAuthorization,
  ownerAllows,
} from '../support/oauth-flow';
import { spawnPlatform } from '../support/platform-process';

test.describe('the stand-in on the command line', () => {
  test('restarting with the same --data keeps clients, tokens and records', async ({ page }) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'platform-restart-'));
    const loopback = await loopbackCallback();
    try {
      const first = await spawnPlatform(['--port', '0', '--data', dataDir, '--students', '50']);
      const port = new URL(first.url).port;
      const { as, client, attempt } = await prepareAuthorization(
        first.url,
        loopback.redirectUri,
        'openid courses:read courses:write',
        {
          params: {
            resource: first.url,
          },
        },
      );
      const callback = await redirectFromBrowser(page, attempt.url, loopback, ownerAllows);
      const tokens = await exchangeCode(as, client, attempt, callback);
      const created = await fetch(`${first.url}/api/v1/courses`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${tokens.access_token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ name: 'Survives restarts', slug: 'survives-restarts' }),
      });
      expect(created.status).toBe(201);
      const course = (await created.json()) as { id: string };
      expect(await first.stop()).toBe(0);

      // Same port, so the issuer and the tokens' audience are the same school.
      const second = await spawnPlatform(['--port', port, '--data', dataDir]);
      try {
        expect(second.url).toBe(first.url);
        // An existing school is opened, not seeded again over its records.
        expect(second.output.some((l) => l.startsWith(`Opened the school in ${dataDir} (`))).toBe(
          true,
        );
        const again = await getJson(
          `${second.url}/api/v1/courses/${course.id}`,
          tokens.access_token,
        );
        expect(again.status).toBe(200);
        expect(again.body.name).toBe('Survives restarts');
        const refreshed = await post(
          as.token_endpoint!,
          {
            grant_type: 'refresh_token',
            refresh_token: tokens.refresh_token!,
            client_id: client.client_id,
          },
          true,
        );
        expect(refreshed.status).toBe(200);
        expect(typeof refreshed.body.access_token).toBe('string');
      } finally {
        expect(await second.stop()).toBe(0);
      }
    } finally {
      await loopback.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('without --data the database lives in a temporary folder that is removed on stop', async () => {
    const platform = await spawnPlatform(['--port', '0', '--students', '10']);
    const line = platform.output.find((l) =>
      l.startsWith('Created a demo school with 10 students in '),
    );
    const folder = / in (\S+) \(/.exec(line ?? '')?.[1];
    expect(folder).toBeTruthy();
    expect(existsSync(join(folder!, 'platform.sqlite'))).toBe(true);
    expect(await platform.stop()).toBe(0);
    expect(existsSync(folder!)).toBe(false);
  });

  test('bad flags are refused in plain words', async () => {
    await expect(spawnPlatform(['--port', 'eighty'])).rejects.toThrow(
      /--port must be a whole number/,
    );
  });
});
