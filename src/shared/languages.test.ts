import { describe, expect, it } from 'vitest';
import { pickLanguage } from './languages';

describe('pickLanguage', () => {
  it.each([
    [['zh-TW'], 'zh-TW'],
    [['zh-Hant-TW', 'en-US'], 'zh-TW'],
    [['zh_HK'], 'zh-TW'],
    [['zh-CN'], 'zh-TW'],
    [['en-US', 'zh-TW'], 'en'],
    [['fr-FR', 'zh-TW'], 'zh-TW'],
    [['fr-FR'], 'en'],
    [[], 'en'],
  ] as const)('%j speaks %s', (preferred, language) => {
    expect(pickLanguage(preferred)).toBe(language);
  });
});
