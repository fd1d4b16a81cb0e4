import { describe, expect, it } from 'vitest';
import { CHOOSABLE_SCOPES, SCOPE_AREAS, SCOPE_PRESETS } from '../../shared/scope-catalog';
import {
  inCatalogOrder,
  MANAGED_SCOPE_AREAS,
  matchingPreset,
  OTHER_SCOPE_AREAS,
  toggleScope,
} from './scope-choice';

const area = (id: string) => SCOPE_AREAS.find((a) => a.id === id)!;

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
