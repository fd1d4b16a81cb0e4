import { describe, expect, it } from 'vitest';
import { SecretMask } from '../core/host';
import { maskLogValue } from './log-mask';

describe('maskLogValue', () => {
  const mask = new SecretMask();
  mask.add('sd-known-secret-value');

  it('masks tokens in strings, error stacks and objects', () => {
    expect(maskLogValue(mask, 'Authorization: Bearer abc.def.ghi')).not.toContain('abc.def.ghi');
    expect(maskLogValue(mask, new Error('refresh_token=rt-123456789 rejected'))).not.toContain(
      'rt-123456789',
    );
    expect(maskLogValue(mask, { body: { access_token: 'at-123456789' } })).not.toContain(
      'at-123456789',
    );
    expect(maskLogValue(mask, ['sd-known-secret-value'])).not.toContain('sd-known-secret-value');
  });

  it('leaves ordinary text alone', () => {
    expect(maskLogValue(mask, 'Schooldesk 0.1.0 started')).toBe('Schooldesk 0.1.0 started');
  });
});
