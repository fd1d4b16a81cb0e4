import { beforeEach, describe, expect, it } from 'vitest';
import { enumWord, fieldLabel } from './record-words';
import { speak } from '../test-language';

beforeEach(() => speak('en'));

describe('the words of records', () => {
  it('labels fields and enum values from the catalog, in both languages', async () => {
    expect(fieldLabel('students', 'email')).toBe('Email');
    expect(fieldLabel('courses', 'invisible')).toBe('Visible');
    expect(enumWord('pageType', 'vite_app')).toBe('Web app');
    await speak('zh-TW');
    expect(fieldLabel('students', 'email')).not.toBe('Email');
    expect(enumWord('pageType', 'vite_app')).not.toBe('Web app');
  });

  it('shows a field or a value the catalog does not know as the school sent it', () => {
    for (const name of ['nickname', 'toString', '__proto__', 'constructor', 'name.first', 'fields'])
      expect(fieldLabel('students', name)).toBe(name);
    for (const value of ['hybrid', 'toString', '__proto__', 'static_page.x'])
      expect(enumWord('pageType', value)).toBe(value);
    expect(enumWord('pageType', undefined)).not.toBe('');
  });
});
