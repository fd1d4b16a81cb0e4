import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DOCUMENTED_FIELDS } from '../../../e2e/platform/control/answer-shape';
import { startPlatform, type RunningPlatform } from '../../../e2e/platform/server';
import {
  courseSchema,
  couponSchema,
  enrollmentSchema,
  ENTITIES,
  pageEnvelope,
  pageSchema,
  studentSchema,
} from './schemas';

/**
 * The contract test: our equivalent of types generated from `/openapi.json` (openapi-typescript
 * peers TypeScript 5 and cannot be installed next to our TypeScript 6). It fetches the
 * stand-in's document and checks that every field of the client's zod schemas exists there,
 * is required where we require it, and has a type we accept. Drift on either side fails here.
 *
 * The document describes what the stand-in answers, which is more than a real school must:
 * so it also checks that we require no more than what the platform documents (NOTES.md, as
 * the stand-in's documented-fields-only mode answers it) and than a row cannot do without,
 * and that records keep fields we do not know.
 */

type Json = Record<string, unknown>;

/** The JSON types a schema allows; `integer` is reported as such (a number we also accept). */
function typesOf(schema: Json): Set<string> {
  const types = new Set<string>();
  const { type } = schema;
  if (typeof type === 'string') types.add(type);
  if (Array.isArray(type)) for (const t of type) types.add(String(t));
  for (const branch of (schema.anyOf ?? schema.oneOf ?? []) as Json[])
    for (const t of typesOf(branch)) types.add(t);
  return types;
}

/** Every type the server may send must be one our schema accepts. */
function accepts(ours: Set<string>, theirs: Set<string>): boolean {
  return [...theirs].every((t) => ours.has(t) || (t === 'integer' && ours.has('number')));
}

/** The non-null branch of a nullable schema, to look inside it. */
function nonNull(schema: Json): Json {
  const branches = (schema.anyOf ?? []) as Json[];
  return branches.find((b) => b.type !== 'null') ?? schema;
}

/** Problems found comparing our JSON Schema with the document's, as readable paths. */
function compare(ours: Json, theirs: Json, resolve: (s: Json) => Json, path = ''): string[] {
  const a = nonNull(ours);
  const b = nonNull(resolve(theirs));
  const problems: string[] = [];
  const ourTypes = typesOf(ours);
  const theirTypes = typesOf(resolve(theirs));
  if (ourTypes.size > 0 && !accepts(ourTypes, theirTypes))
    problems.push(
      `${path || '(root)'}: server sends ${[...theirTypes].join(', ')}, we accept ${[...ourTypes].join(', ')}`,
    );
  if (Array.isArray(a.enum)) {
    const extra = ((b.enum ?? []) as unknown[]).filter((v) => !(a.enum as unknown[]).includes(v));
    if (!Array.isArray(b.enum) || extra.length > 0)
      problems.push(`${path}: server enum has values we refuse: ${extra.join(', ') || 'any'}`);
  }
  if (a.properties) {
    const theirProps = (b.properties ?? {}) as Record<string, Json>;
    const theirRequired = (b.required ?? []) as string[];
    for (const [name, schema] of Object.entries(a.properties as Record<string, Json>)) {
      const field = path ? `${path}.${name}` : name;
      const other = theirProps[name];
      if (!other) {
        problems.push(`${field}: missing from the document`);
        continue;
      }
      if (((a.required ?? []) as string[]).includes(name) && !theirRequired.includes(name))
        problems.push(`${field}: optional in the document, required by us`);
      problems.push(...compare(schema, other, resolve, field));
    }
  }
  if (a.items && b.items)
    problems.push(...compare(a.items as Json, b.items as Json, resolve, `${path}[]`));
  return problems;
}

let platform: RunningPlatform;
let schemas: Record<string, Json>;
const resolve = (schema: Json): Json => {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  return schemas[ref.replace('#/components/schemas/', '')] ?? {};
};
/** The smallest record `schema` accepts: its required fields, each a valid value. */
function validSample(schema: z.ZodType): Json {
  const needs = (jsonSchema(schema).required ?? []) as string[];
  const uuid = '00000000-0000-4000-8000-000000000001';
  return Object.fromEntries(needs.map((field) => [field, /id$/i.test(field) ? uuid : 'x']));
}
const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output' }) as Json;

beforeAll(async () => {
  platform = await startPlatform({ students: 20, control: true });
  const response = await fetch(`${platform.url}/openapi.json`);
  expect(response.status).toBe(200);
  const document = (await response.json()) as { components: { schemas: Record<string, Json> } };
  schemas = document.components.schemas;
});

afterAll(async () => {
  await platform?.close();
});

describe('client schemas against the platform /openapi.json', () => {
  const records: [string, z.ZodType][] = [
    ['Course', courseSchema],
    ['Student', studentSchema],
    ['Enrollment', enrollmentSchema],
    ['Coupon', couponSchema],
    ['Page', pageSchema],
  ];

  it.each(records)('%s: every field exists with a compatible type', (component, schema) => {
    const theirs = schemas[component];
    expect(theirs, `${component} in the document`).toBeDefined();
    expect(compare(jsonSchema(schema), theirs ?? {}, resolve)).toEqual([]);
  });

  it.each(records)('%sList: the page envelope matches', (component, schema) => {
    const theirs = schemas[`${component}List`] ?? {};
    expect(compare(jsonSchema(pageEnvelope(schema)), theirs, resolve)).toEqual([]);
  });

  /** What a row cannot do without; everything else may be missing from a real school's answer. */
  const required: [string, z.ZodType, string[]][] = [
    ['courses', courseSchema, ['id', 'name']],
    ['students', studentSchema, ['id', 'name', 'email']],
    ['enrollments', enrollmentSchema, ['id', 'studentId', 'courseId']],
    ['coupons', couponSchema, ['id', 'name', 'code']],
    ['pages', pageSchema, ['id', 'title']],
  ];

  it.each(required)(
    '%s: requires only what a row needs, all documented',
    (table, schema, needs) => {
      const ours = jsonSchema(schema);
      expect([...((ours.required ?? []) as string[])].sort()).toEqual([...needs].sort());
      for (const field of needs) expect(DOCUMENTED_FIELDS[table]).toContain(field);
    },
  );

  it.each(required)('%s: keeps fields we do not know', (_table, schema) => {
    expect(jsonSchema(schema).additionalProperties).not.toBe(false);
    const parsed = schema.parse({ ...validSample(schema), futureField: [1] }) as Json;
    expect(parsed.futureField).toEqual([1]);
  });

  it('ENTITIES names the components the schemas are checked against', () => {
    for (const entity of Object.values(ENTITIES)) expect(schemas[entity.component]).toBeDefined();
  });

  it('fails on drift: an unknown field, a wrong type, a narrower enum', () => {
    const drifted = courseSchema.extend({
      nickname: z.string(),
      featured: z.string(),
      courseType: z.enum(['paid']),
    });
    const problems = compare(jsonSchema(drifted), schemas.Course ?? {}, resolve);
    expect(problems).toEqual([
      'featured: server sends boolean, we accept string',
      'courseType: server enum has values we refuse: public_access, free_redeem, pre_order',
      'nickname: missing from the document',
    ]);
  });
});
