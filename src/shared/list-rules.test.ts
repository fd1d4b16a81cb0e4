import { describe, expect, it } from 'vitest';
import { ENTITY_NAMES } from './entity-names';
import {
  LIST_RULES,
  likePattern,
  orderByClause,
  searchText,
  sortOrder,
  type ListRules,
} from './list-rules';

/** SQL words the fragments may use; every other identifier must be a declared column. */
const SQL_WORDS = new Set(['COLLATE', 'NOCASE', 'IS', 'NOT', 'NULL', 'AND', 'OR']);

function identifiers(sql: string): string[] {
  return (sql.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []).filter((word) => !SQL_WORDS.has(word));
}

describe('LIST_RULES', () => {
  it.each(ENTITY_NAMES)('%s: a list that asks for no sort has one', (entity) => {
    const rules: ListRules = LIST_RULES[entity];
    expect(sortOrder(rules, undefined)).toBeDefined();
  });

  it.each(ENTITY_NAMES)('%s: every column the SQL names is declared', (entity) => {
    const rules: ListRules = LIST_RULES[entity];
    const named = [
      ...rules.search,
      ...Object.values(rules.sorts).flatMap(identifiers),
      ...Object.values(rules.filters).flatMap((rule) => {
        // A filter takes either a flag (both values have their own SQL) or an enum's text.
        const clauses = (() => {
          try {
            return [rule(true, 0), rule(false, 0)];
          } catch {
            return [rule('x', 0)];
          }
        })();
        return clauses.flatMap((clause) => identifiers(clause.sql));
      }),
    ];
    for (const column of named) expect(Object.keys(rules.columns)).toContain(column);
    for (const column of Object.keys(rules.columns))
      expect(['id', 'record', 'etag']).not.toContain(column);
  });

  it('filters refuse a value of the wrong type', () => {
    expect(() => LIST_RULES.coupons.filters.active('true', 0)).toThrow(TypeError);
    expect(() => LIST_RULES.pages.filters.pageType(true, 0)).toThrow(TypeError);
  });

  it('the expiry filter compares with the given now', () => {
    expect(LIST_RULES.coupons.filters.expired(true, 1234).params).toEqual([1234]);
    expect(LIST_RULES.coupons.filters.expired(false, 99).params).toEqual([99]);
    expect(LIST_RULES.courses.filters.featured(false, 0)).toEqual({
      sql: 'featured = ?',
      params: [0],
    });
  });
});

describe('search and sort helpers', () => {
  it('trims the search text and drops an empty one', () => {
    expect(searchText('  Ada ')).toBe('Ada');
    expect(searchText('   ')).toBeUndefined();
    expect(searchText(undefined)).toBeUndefined();
  });

  it('escapes LIKE wildcards and the escape character', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('reads sort keys and refuses unknown ones', () => {
    const rules = LIST_RULES.students;
    expect(orderByClause(sortOrder(rules, 'name')!)).toBe(
      'ORDER BY name COLLATE NOCASE ASC, id ASC',
    );
    expect(orderByClause(sortOrder(rules, undefined)!)).toBe('ORDER BY createdAt DESC, id DESC');
    expect(sortOrder(rules, '-nope')).toBeUndefined();
    expect(sortOrder(rules, 'toString')).toBeUndefined();
  });
});
