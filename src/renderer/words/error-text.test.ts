import { beforeEach, describe, expect, it } from 'vitest';
import { parseFieldError } from '../../shared/field-errors';
import en from '../../shared/locales/en/errors.json';
import { BridgeError } from '../data/bridge';
import { errorText, fieldErrorText, fieldErrorsText } from './error-text';
import { errorSentence } from './offline-errors';
import { speak } from '../test-language';

describe('errorText in Chinese', () => {
  beforeEach(() => speak('zh-TW'));

  it('writes a code’s sentence from the catalog, not core’s English message', () => {
    expect(errorText({ code: 'not_found', message: en.not_found })).toBe(
      '這筆資料在學校上已經不存在。',
    );
    expect(errorText(new BridgeError('insufficient_scope'))).toBe(
      '這項操作需要比你目前授權的更多權限。請允許後繼續。',
    );
    // A sign-in failure's English message carries a detail for logs; the screen drops it.
    expect(
      errorText({ code: 'authorization_failed', message: 'The school could not… (server)' }),
    ).toBe('學校無法完成登入。');
  });

  it('puts a row’s values into its sentence', () => {
    expect(errorText({ code: 'duplicate_email', params: { row: 1234 } })).toBe(
      '與第 1,234 列的電子郵件相同',
    );
    expect(
      errorText({ code: 'field.too_long', params: { field: 'description', max: 20000 } }),
    ).toBe('說明最多 20,000 個字元');
  });

  it('falls back to the message, then to a generic sentence; never shows a stack', () => {
    expect(errorText({ code: 'a_code_from_a_newer_core', message: 'As core wrote it.' })).toBe(
      'As core wrote it.',
    );
    expect(errorText({ code: 'a_code_from_a_newer_core' })).toBe('發生問題，請再試一次。');
    expect(errorText(new TypeError('Failed to fetch at x.js:1'))).toBe(
      'Schooldesk 內部發生問題。請再試一次。',
    );
  });

  it('prefers a contract rule’s own sentence to invalid_request’s general one', () => {
    const rule = { fields: { school: 'Type the school’s address.' } };
    expect(errorText(new BridgeError('invalid_request', rule))).toBe('請輸入學校的網址。');
    expect(errorText(new BridgeError('invalid_request'))).toBe(
      'Schooldesk 收到一個無法理解的要求。',
    );
  });

  it('writes the platform’s field messages in Chinese, with the field’s Chinese name', () => {
    expect(fieldErrorText('Invalid email')).toBe('電子郵件無效');
    expect(fieldErrorText('Slug already exists')).toBe('網址代稱已被使用');
    expect(fieldErrorText('Name cannot be empty')).toBe('名稱不能空白');
    expect(fieldErrorText('Published at is too far in the future')).toBe(
      '發布時間超出可接受的日期範圍',
    );
    expect(fieldErrorText('Percentage must be more than 0 and at most 100')).toBe(
      '百分比必須大於 0，且不超過 100',
    );
    // A rule or a field no catalog knows is shown as the platform wrote it.
    expect(fieldErrorText('Lecture id must be a UUID')).toBe('Lecture id must be a UUID');
    expect(fieldErrorText('Gizmo cannot be empty')).toBe('Gizmo cannot be empty');
    expect(fieldErrorsText(['Invalid email', 'Name cannot be empty', 'Invalid email'])).toBe(
      '電子郵件無效；名稱不能空白',
    );
  });

  it('names the area core could not name in not_synced_offline', () => {
    const error = new BridgeError('not_synced_offline');
    expect(errorSentence(error, 'students')).toBe(
      '學員從未複製到這台電腦，所以在無法連線到學校時無法顯示。',
    );
    expect(errorSentence(error, 'enrollments')).toMatch(/^選課紀錄從未複製/);
  });
});

describe('errorText in English', () => {
  beforeEach(() => speak('en'));

  it('shows the platform’s own words for field rules, and the catalog’s for codes', () => {
    expect(fieldErrorText('Invalid email')).toBe('Invalid email');
    expect(
      errorText({
        code: 'field.too_long',
        message: 'Description must be at most 20000 characters',
        params: { field: 'description', max: 20000 },
      }),
    ).toBe('Description must be at most 20000 characters');
    expect(errorText({ code: 'duplicate_email', params: { row: 6 } })).toBe('Same e-mail as row 6');
    expect(errorText({ code: 'school_unreachable' })).toBe(en.school_unreachable);
    expect(errorSentence(new BridgeError('not_synced_offline'), 'students')).toBe(
      "Students were never copied to this computer, so they can't be shown while the school can't be reached.",
    );
  });
});

describe('parseFieldError', () => {
  it('finds the rule, the field and the numbers of a sentence any side wrote', () => {
    expect(parseFieldError('Name must be at most 200 characters')).toEqual({
      rule: 'too_long',
      params: { field: 'name', max: 200 },
    });
    expect(parseFieldError('Redemption limit must be at least 1')).toEqual({
      rule: 'too_small',
      params: { field: 'redemptionLimit', min: 1 },
    });
    expect(parseFieldError('Invalid course type')).toEqual({
      rule: 'invalid',
      params: { field: 'courseType' },
    });
    expect(parseFieldError('Code must be 3 to 40 letters, digits, hyphens or underscores')).toEqual(
      { rule: 'code_format', params: {} },
    );
    expect(
      parseFieldError(
        'The pattern can make only 1,296 codes, too few for 200. Use at least 3 # characters.',
      ),
    ).toEqual({
      rule: 'pattern_too_small',
      params: { combinations: 1296, count: 200, needed: 3 },
    });
    expect(parseFieldError('Something else entirely')).toBeUndefined();
  });
});
