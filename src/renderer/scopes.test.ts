import { describe, expect, it } from 'vitest';
import { SCOPE_AREAS, SCOPE_PRESETS } from '../shared/scope-catalog';
import { inCatalogOrder, matchingPreset, scopeLabel, toggleScope } from './scopes';

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

  it('names scopes in plain words', () => {
    expect(scopeLabel('courses:write')).toBe('Courses: Write');
    expect(scopeLabel('email')).toBe('Your email address');
    expect(scopeLabel('weird:scope')).toBe('weird:scope');
  });
});
