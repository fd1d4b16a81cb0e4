import { describe, expect, it } from 'vitest';
import { hostText, languageOfRequest, terminalLanguage } from './host-text';

describe('hostText', () => {
  it('speaks each language from its catalog, with ICU arguments', () => {
    expect(hostText('en').t('menu.file')).toBe('File');
    expect(hostText('zh-TW').t('menu.file')).toBe('檔案');
    expect(hostText('zh-TW').t('terminal.ready', { address: 'http://127.0.0.1:1/#s' })).toBe(
      'Schooldesk 已就緒：http://127.0.0.1:1/#s',
    );
    // A process id passed as a string reads as written (a number would be grouped).
    expect(hostText('en').t('dialog.folderInUse', { pid: String(12345) })).toContain(
      '(process 12345)',
    );
  });

  it('keeps each language apart: one instance each, not the global i18next', async () => {
    // The renderer's tests may have set up the global instance in this worker (the unit
    // tests share their modules): it must be as it was, whatever that was. The language
    // asked last is not the global's, so a hostText that used the global would change it.
    const i18next = (await import('i18next')).default;
    const before = { isInitialized: i18next.isInitialized, language: i18next.language };
    const edit = { en: 'Edit', 'zh-TW': '編輯' } as const;
    const order =
      before.language === 'zh-TW' ? (['zh-TW', 'en'] as const) : (['en', 'zh-TW'] as const);
    for (const language of order) expect(hostText(language).t('menu.edit')).toBe(edit[language]);
    expect({ isInitialized: i18next.isInitialized, language: i18next.language }).toEqual(before);
  });

  it('answers no error sentence the errors catalog lacks in that language', () => {
    expect(hostText('zh-TW').error('no_such_code')).toBeUndefined();
  });
});

describe('languageOfRequest', () => {
  it.each([
    ['zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7', 'zh-TW'],
    ['en-US,en;q=0.9,zh-TW;q=0.8', 'en'],
    // Weights win over order.
    ['en;q=0.5, zh-Hant-TW;q=0.9', 'zh-TW'],
    ['zh-CN', 'zh-TW'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['zh;q=0, en', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ] as const)('%s → %s', (header, language) => {
    expect(languageOfRequest(header)).toBe(language);
  });
});

describe('terminalLanguage', () => {
  it.each([
    [{ LANG: 'zh_TW.UTF-8' }, 'zh-TW'],
    [{ LANG: 'en_US.UTF-8' }, 'en'],
    // LC_ALL wins over LANG, and the C locale is English.
    [{ LC_ALL: 'C.UTF-8', LANG: 'zh_TW.UTF-8' }, 'en'],
    [{ LC_MESSAGES: 'zh_TW.UTF-8', LANG: 'en_US.UTF-8' }, 'zh-TW'],
  ] as const)('%o → %s', (env, language) => {
    expect(terminalLanguage(env)).toBe(language);
  });
});
