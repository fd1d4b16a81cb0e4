import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStoredTokens } from '../../e2e/support/harness/auth-harness';
import { signInAndAllow } from '../../e2e/support/harness/chromium-opener';
import { useAuthHarness } from '../../e2e/support/harness/use-harness';
import { SecretMask } from './auth/secret-mask';
import { createServices } from './services';
import { FileKeyEncryptor } from './store/file-key-encryptor';

const h = useAuthHarness();

describe('the composition root', () => {
  it('is the one owner of the secret mask: the host’s log mask learns every token auth gets', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-services-'));
    const hostMask = new SecretMask();
    const services = createServices({
      dataDir,
      encryptor: new FileKeyEncryptor(join(dataDir, 'keys', 'session.key')),
      browser: h.browser,
      emit: () => {},
      mask: hostMask,
    });
    expect(services.mask).toBe(hostMask);
    h.browser.behaviour = signInAndAllow();
    await services.auth.signIn(h.platform.url, ['courses:read']);
    const { accessToken, refreshToken } = await readStoredTokens(dataDir);
    // The host's own log transport (electron-log's hook, the web host's console) masks them.
    expect(hostMask.mask(`sent ${accessToken}`)).toBe('sent [redacted]');
    expect(hostMask.mask(`kept ${refreshToken ?? ''}`)).toBe('kept [redacted]');
  });
});
