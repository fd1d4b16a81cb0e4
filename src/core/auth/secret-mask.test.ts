import { describe, expect, it } from 'vitest';
import { maskedLogger, SecretMask } from './secret-mask';

describe('SecretMask', () => {
  it('masks registered secrets wherever they appear', () => {
    const mask = new SecretMask();
    mask.add('ya29.a0AfH6SMBx-secret-access', undefined, 'short');
    expect(mask.mask('token ya29.a0AfH6SMBx-secret-access failed')).toBe('token [redacted] failed');
    expect(mask.mask('short words stay')).toBe('short words stay');
  });

  it('masks well-known parameters and Bearer headers even when never registered', () => {
    const mask = new SecretMask();
    const line =
      'GET /cb?code=abc123def456&state=s1 body: refresh_token=rt-999&code_verifier=vvv ' +
      '{"access_token":"at-1","client_secret": "cs"} Authorization: Bearer eyJhbGciOi.x.y';
    const masked = mask.mask(line);
    for (const secret of ['abc123def456', 'rt-999', 'vvv', 'at-1', '"cs"', 'eyJhbGciOi']) {
      expect(masked).not.toContain(secret);
    }
    expect(masked).toContain('state=s1');
  });

  it('masks every line a masked logger writes', () => {
    const lines: string[] = [];
    const mask = new SecretMask();
    mask.add('refresh-secret-value');
    const log = maskedLogger(
      { info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) },
      mask,
    );
    log.info('saved refresh-secret-value');
    log.warn('access_token=abc');
    log.error('Bearer abcdef');
    expect(lines.join('\n')).not.toMatch(/refresh-secret-value|abc/);
  });
});
