import { describe, expect, it } from 'vitest';
import { SIGN_OUT_UNCONFIRMED } from '../../shared/auth-errors';
import en from '../../shared/locales/en/errors.json';
import zhTW from '../../shared/locales/zh-TW/errors.json';
import { speak } from '../test-language';
import { signOutNotice } from './sign-out-dialog';

/**
 * How a sign-out went, written from the code main answers (never an English sentence it
 * matched back), in the owner's language.
 */
describe('the sign-out notice', () => {
  it.each([
    ['en', en],
    ['zh-TW', zhTW],
  ] as const)('words each unconfirmed sign-out’s code in %s', async (language, catalog) => {
    await speak(language);
    for (const code of SIGN_OUT_UNCONFIRMED) {
      const result = { revoked: false, pending: code !== 'revocation_refused', code };
      expect(signOutNotice(result, 'https://school.example')).toEqual({
        tone: 'warning',
        text: catalog[code],
      });
    }
  });
});
