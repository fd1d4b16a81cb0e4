import enAccount from '../../shared/locales/en/account.json';
import enCommon from '../../shared/locales/en/common.json';
import enConnect from '../../shared/locales/en/connect.json';
import enCurriculum from '../../shared/locales/en/curriculum.json';
import enErrors from '../../shared/locales/en/errors.json';
import enLists from '../../shared/locales/en/lists.json';
import enOperations from '../../shared/locales/en/operations.json';
import enOutbox from '../../shared/locales/en/outbox.json';
import enRecords from '../../shared/locales/en/records.json';
import enShell from '../../shared/locales/en/shell.json';
import enSync from '../../shared/locales/en/sync.json';
import zhAccount from '../../shared/locales/zh-TW/account.json';
import zhCommon from '../../shared/locales/zh-TW/common.json';
import zhConnect from '../../shared/locales/zh-TW/connect.json';
import zhCurriculum from '../../shared/locales/zh-TW/curriculum.json';
import zhErrors from '../../shared/locales/zh-TW/errors.json';
import zhLists from '../../shared/locales/zh-TW/lists.json';
import zhOperations from '../../shared/locales/zh-TW/operations.json';
import zhOutbox from '../../shared/locales/zh-TW/outbox.json';
import zhRecords from '../../shared/locales/zh-TW/records.json';
import zhShell from '../../shared/locales/zh-TW/shell.json';
import zhSync from '../../shared/locales/zh-TW/sync.json';
import type { Language } from '../../shared/languages';

/**
 * The renderer's catalogs: one namespace per part of the app, in both languages. English is
 * the reference (the type of every key); shared/locales/catalogs.test.ts checks that the
 * Chinese catalog has exactly the same keys and that every message is valid ICU.
 */
export const en = {
  common: enCommon,
  shell: enShell,
  connect: enConnect,
  account: enAccount,
  records: enRecords,
  curriculum: enCurriculum,
  lists: enLists,
  operations: enOperations,
  outbox: enOutbox,
  sync: enSync,
  errors: enErrors,
};

const zhTW: typeof en = {
  common: zhCommon,
  shell: zhShell,
  connect: zhConnect,
  account: zhAccount,
  records: zhRecords,
  curriculum: zhCurriculum,
  lists: zhLists,
  operations: zhOperations,
  outbox: zhOutbox,
  sync: zhSync,
  errors: zhErrors,
};

export const RESOURCES: Record<Language, typeof en> = { en, 'zh-TW': zhTW };
export const NAMESPACES = Object.keys(en) as (keyof typeof en)[];

/**
 * How the renderer's i18next starts, in the app (i18n.ts) and in unit tests alike: ICU plugins
 * are added by the caller; every namespace is bundled, so no key ever shows while loading.
 */
export function i18nOptions(language: Language) {
  return {
    resources: RESOURCES,
    lng: language,
    fallbackLng: 'en',
    ns: NAMESPACES,
    defaultNS: 'common',
    // React escapes what it renders; escaping here too would show "&amp;".
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  } as const;
}
