import { beforeEach, describe, expect, it } from 'vitest';
import { CHOOSABLE_SCOPES, SCOPE_AREAS, SCOPE_PRESETS } from '../shared/scope-catalog';
import {
  inCatalogOrder,
  MANAGED_SCOPE_AREAS,
  matchingPreset,
  OTHER_SCOPE_AREAS,
  presetLabel,
  scopeAreaDescription,
  scopeAreaLabel,
  scopeLabel,
  toggleScope,
} from './scopes';
import { speak } from './test-language';

const area = (id: string) => SCOPE_AREAS.find((a) => a.id === id)!;

beforeEach(() => speak('en'));

describe('scope chooser rules', () => {
  it('checking Write also checks Read', () => {
    expect(toggleScope([], area('coupons'), 'write', true)).toEqual([
      'coupons:read',
      'coupons:write',
    ]);
  });

  it('unchecking Read also unchecks Write, and unchecking Write keeps Read', () => {
    const both = ['courses:read', 'courses:write'];
    expect(toggleScope(both, area('courses'), 'read', false)).toEqual([]);
    expect(toggleScope(both, area('courses'), 'write', false)).toEqual(['courses:read']);
  });

  it('a write-only area checks nothing else', () => {
    expect(toggleScope([], area('storage'), 'write', true)).toEqual(['storage:write']);
  });

  it('keeps catalog order and drops unknown scopes', () => {
    expect(inCatalogOrder(['students:read', 'nonsense', 'courses:read'])).toEqual([
      'courses:read',
      'students:read',
    ]);
  });

  it('recognises a preset only when the choice is exactly its scopes', () => {
    for (const preset of SCOPE_PRESETS) expect(matchingPreset(preset.scopes)).toBe(preset.id);
    expect(matchingPreset(['courses:read'])).toBeUndefined();
  });
});

describe('least privilege', () => {
  it('lists the areas Schooldesk manages first (curriculum beside courses), and folds the others away', () => {
    expect(MANAGED_SCOPE_AREAS.map((a) => a.id)).toEqual([
      'courses',
      'curriculum',
      'students',
      'coupons',
      'pages',
    ]);
    expect(OTHER_SCOPE_AREAS).toHaveLength(SCOPE_AREAS.length - 5);
  });

  it('asks no preset for a scope the app does not use ("Everything" is the managed areas)', () => {
    const used = new Set(MANAGED_SCOPE_AREAS.flatMap((a) => [a.read, a.write]));
    for (const preset of SCOPE_PRESETS)
      expect(
        preset.scopes.filter((s) => !used.has(s)),
        preset.id,
      ).toEqual([]);
    const everything = SCOPE_PRESETS.find((p) => p.id === 'everything')!;
    expect([...everything.scopes].sort()).toEqual([...used].sort());
    // The others stay choosable one by one.
    expect(CHOOSABLE_SCOPES).toContain('members:read');
  });
});

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
