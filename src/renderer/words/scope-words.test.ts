import { beforeEach, describe, expect, it } from 'vitest';
import { SCOPE_AREAS, SCOPE_PRESETS } from '../../shared/scope-catalog';
import { presetLabel, scopeAreaDescription, scopeAreaLabel, scopeLabel } from './scope-words';
import { speak } from '../test-language';

beforeEach(() => speak('en'));

describe('scopes in plain words', () => {
  it('names scopes in English', () => {
    expect(scopeLabel('courses:write')).toBe('Courses: Write');
    expect(scopeLabel('email')).toBe('Your email address');
    expect(scopeLabel('weird:scope')).toBe('weird:scope');
    expect(presetLabel(SCOPE_PRESETS[2]!)).toBe('Everything');
  });

  it('names scopes in Traditional Chinese', async () => {
    await speak('zh-TW');
    expect(scopeLabel('courses:write')).toBe('課程：編輯');
    expect(scopeLabel('students:read')).toBe('學員：查看');
    expect(scopeLabel('email')).toBe('你的電子郵件地址');
    expect(presetLabel(SCOPE_PRESETS[0]!)).toBe('僅查看');
  });

  it.each(['en', 'zh-TW'] as const)(
    'names every area and preset from the catalog in %s, none by its id',
    async (language) => {
      await speak(language);
      for (const area of SCOPE_AREAS) {
        expect(scopeAreaLabel(area), area.id).not.toBe(area.id);
        expect(scopeAreaDescription(area), area.id).not.toBe('');
      }
      for (const preset of SCOPE_PRESETS) expect(presetLabel(preset)).not.toBe(preset.id);
    },
  );
});
