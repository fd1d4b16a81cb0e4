import { beforeEach, describe, expect, it } from 'vitest';
import type { PlatformErrorCode } from '../../shared/platform-errors';
import en from '../../shared/locales/en/errors.json';
import { BridgeError } from '../data/bridge';
import { errorSentence, isOfflineError } from './offline-errors';
import { speak } from '../test-language';

const coded = (code: PlatformErrorCode) => new BridgeError(code);

describe('offline errors', () => {
  beforeEach(() => speak('en'));

  it('names the area core could not name in not_synced_offline', () => {
    expect(errorSentence(coded('not_synced_offline'), 'students')).toBe(
      "Students were never copied to this computer, so they can't be shown while the school can't be reached.",
    );
  });

  it('passes any other sentence through as core wrote it', () => {
    expect(errorSentence(coded('school_unreachable'), 'courses')).toBe(
      "Can't reach the school right now. Try again once it answers.",
    );
    expect(errorSentence(coded('not_found'), 'courses')).toBe(en.not_found);
  });

  it('does not retry what an unreachable school answers, and retries anything else', () => {
    expect(isOfflineError(coded('school_unreachable'))).toBe(true);
    expect(isOfflineError(coded('not_synced_offline'))).toBe(true);
    expect(isOfflineError(coded('network_error'))).toBe(false);
    expect(isOfflineError(new Error('transport'))).toBe(false);
  });
});
