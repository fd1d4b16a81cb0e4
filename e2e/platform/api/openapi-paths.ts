import { z } from 'zod';
import type { EntityDef } from './entity';
import { enrollments } from './enrollments';
import { listQuerySchema, MAX_PER_PAGE } from './list';

// The `paths` of the OpenAPI document. Schemas are referenced by id (`Course`,
// `CourseCreate`, ...) and generated from the zod schemas in openapi.ts.

type Json = Record<string, unknown>;

/** A reference to a schema in `components.schemas`. */
export const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
/** A JSON media-type entry. */
export const json = (schema: Json) => ({ 'application/json': { schema } });
const response = (description: string, schemaId?: string, headers?: string[]) => ({
  description,
  ...(schemaId ? { content: json(ref(schemaId)) } : {}),
  ...(headers
    ? {
        headers: Object.fromEntries(headers.map((h) => [h, { $ref: `#/components/headers/${h}` }])),
      }
    : {}),
});
const shared = (name: string) => ({ $ref: `#/components/responses/${name}` });
const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });

/** The query parameters of a list, one per property of its zod schema. */
function listParameters(def: EntityDef): Json[] {
  const schema = z.toJSONSchema(listQuerySchema(def), { io: 'input', unrepresentable: 'any' }) as {
    properties: Record<string, Json>;
  };
  return Object.entries(schema.properties).map(([name, { description, ...rest }]) => ({
    name,
    in: 'query',
    required: false,
    ...(description ? { description } : {}),
    schema: rest,
  }));
}

/**
 * What a request without any token gets from an operation: its `x-anonymous` value, explained
 * in the document's own `x-anonymous`. service-access.md: such a request "is served as
 * anonymous. It is not challenged", so none of them is a 401 or carries `WWW-Authenticate`.
 */
export const ANONYMOUS_ANSWERS = {
  'published-only':
    'Served with what the school publishes: published records only; a draft answers 404.',
  hidden: 'Served, but nothing is public: lists answer empty, single records 404.',
  refused: 'Refused with 403 `forbidden`, without WWW-Authenticate: anonymous callers never write.',
} as const;
type AnonymousAnswer = keyof typeof ANONYMOUS_ANSWERS;

const readSecurity = (area: string) => [{ oauth2: [`${area}:read`] }, {}];
const writeSecurity = (area: string) => [{ oauth2: [`${area}:write`] }];
const readErrors = {
  '401': shared('Unauthorized'),
  '403': shared('Forbidden'),
  '429': shared('RateLimited'),
};
const writeErrors = { ...readErrors, '422': shared('ValidationFailed') };

function anonymousNote(def: EntityDef): string {
  return def.publicWhere === null
    ? 'Without a token the answer is empty (lists) or 404 (single records).'
    : 'Without a token only published records are visible; a draft answers 404.';
}

const anonymousRead = (def: EntityDef): { 'x-anonymous': AnonymousAnswer } => ({
  'x-anonymous': def.publicWhere === null ? 'hidden' : 'published-only',
});
const hidden = { 'x-anonymous': 'hidden' } as const;
const refused = { 'x-anonymous': 'refused' } as const;
const REFUSED_NOTE = 'Without a token: 403 forbidden, no challenge.';

/** What a write needs beyond `<area>:write` for fields with their own scope (fieldScopes). */
function fieldScopesNote(def: EntityDef): string {
  return Object.entries(def.fieldScopes ?? {})
    .map(
      ([field, scope]) =>
        ` Changing \`${field}\` needs \`${scope}\` (\`${def.area}:write\` alone does not).`,
    )
    .join('');
}

/** A write's security: its area's write scope, or a field's own scope for that field alone. */
function writeSecurityOf(def: EntityDef): Json[] {
  const own = [...new Set(Object.values(def.fieldScopes ?? {}))].map((scope) => ({
    oauth2: [scope],
  }));
  return [...writeSecurity(def.area), ...own];
}

/** Paths of one top-level resource. */
export function resourcePaths(def: EntityDef): Json {
  const { label, area, table } = def;
  const readDescription = `Needs \`${area}:read\`. ${anonymousNote(def)}`;
  const scopesNote = fieldScopesNote(def);
  const single = response(`The ${label.toLowerCase()}.`, label, [
    'ETag',
    'RateLimit-Limit',
    'RateLimit-Remaining',
  ]);
  const created = {
    '201': response(`Created.`, label, ['ETag', 'Location']),
    ...(table === 'students'
      ? {
          '200': response(
            'A student with this e-mail already exists; it is answered unchanged.',
            label,
            ['ETag', 'Location'],
          ),
        }
      : {}),
  };
  return {
    [`/api/v1/${table}`]: {
      get: {
        operationId: `list${label}s`,
        tags: [table],
        summary: `List ${table}`,
        description: `${readDescription} perPage above ${MAX_PER_PAGE} answers 422.`,
        security: readSecurity(area),
        ...anonymousRead(def),
        parameters: listParameters(def),
        responses: {
          '200': response('One page.', `${label}List`, ['RateLimit-Limit', 'RateLimit-Remaining']),
          ...readErrors,
          '422': shared('ValidationFailed'),
        },
      },
      post: {
        operationId: `create${label}`,
        tags: [table],
        summary: `Create a ${label.toLowerCase()}`,
        description: `Needs \`${area}:write\`.${scopesNote} Honours Idempotency-Key. ${REFUSED_NOTE}`,
        security: writeSecurity(area),
        ...refused,
        parameters: [param('IdempotencyKey')],
        requestBody: { required: true, content: json(ref(`${label}Create`)) },
        responses: { ...created, ...writeErrors, '409': shared('Conflict') },
      },
    },
    [`/api/v1/${table}/{id}`]: {
      parameters: [param('Id')],
      get: {
        operationId: `get${label}`,
        tags: [table],
        summary: `Get a ${label.toLowerCase()}`,
        description: readDescription,
        security: readSecurity(area),
        ...anonymousRead(def),
        parameters: [param('IfNoneMatch')],
        responses: {
          '200': single,
          '304': response('Not modified (If-None-Match).', undefined, ['ETag']),
          ...readErrors,
          '404': shared('NotFound'),
        },
      },
      patch: {
        operationId: `update${label}`,
        tags: [table],
        summary: `Update a ${label.toLowerCase()}`,
        description: `Needs \`${area}:write\`.${scopesNote} Send only the fields to change. If-Match is optional: without it the write is unconditional; with a stale ETag it answers 412 with the current record. ${REFUSED_NOTE}`,
        security: writeSecurityOf(def),
        ...refused,
        parameters: [param('IfMatch')],
        requestBody: { required: true, content: json(ref(`${label}Update`)) },
        responses: {
          '200': single,
          ...writeErrors,
          '404': shared('NotFound'),
          '409': shared('Conflict'),
          '412': response(
            'If-Match names an older version; `current` holds the record as it is now.',
            `${label}PreconditionFailed`,
            ['ETag'],
          ),
        },
      },
      delete: {
        operationId: `delete${label}`,
        tags: [table],
        summary: `Delete a ${label.toLowerCase()}`,
        description: `Needs \`${area}:write\`. If-Match is optional. ${REFUSED_NOTE}`,
        security: writeSecurity(area),
        ...refused,
        parameters: [param('IfMatch')],
        responses: {
          '204': { description: 'Deleted.' },
          ...readErrors,
          '404': shared('NotFound'),
          '412': response('If-Match names an older version.', `${label}PreconditionFailed`, [
            'ETag',
          ]),
        },
      },
    },
  };
}

/** Paths of the enrollments of one student. */
export function enrollmentPaths(): Json {
  const tags = ['students'];
  const single = response('The enrollment.', 'Enrollment', ['ETag']);
  const stale = response('If-Match names an older version.', 'EnrollmentPreconditionFailed', [
    'ETag',
  ]);
  const item = '/api/v1/students/{id}/enrollments/{courseId}';
  const action = (operationId: string, summary: string, body?: string) => ({
    post: {
      operationId,
      tags,
      summary,
      description: `Needs \`students:write\`. Honours Idempotency-Key and If-Match. ${REFUSED_NOTE}`,
      security: writeSecurity('students'),
      ...refused,
      parameters: [param('IfMatch'), param('IdempotencyKey')],
      ...(body ? { requestBody: { required: true, content: json(ref(body)) } } : {}),
      responses: { '200': single, ...writeErrors, '404': shared('NotFound'), '412': stale },
    },
  });
  return {
    '/api/v1/students/{id}/enrollments': {
      parameters: [param('Id')],
      get: {
        operationId: 'listEnrollments',
        tags,
        summary: "List a student's enrollments",
        description: 'Needs `students:read`; anonymous callers get 404.',
        security: readSecurity('students'),
        ...hidden,
        parameters: listParameters(enrollments),
        responses: {
          '200': response('One page.', 'EnrollmentList'),
          ...readErrors,
          '404': shared('NotFound'),
          '422': shared('ValidationFailed'),
        },
      },
    },
    [item]: {
      parameters: [param('Id'), param('CourseId')],
      get: {
        operationId: 'getEnrollment',
        tags,
        summary: 'Get one enrollment',
        description: 'Needs `students:read`; anonymous callers get 404.',
        security: readSecurity('students'),
        ...hidden,
        parameters: [param('IfNoneMatch')],
        responses: {
          '200': single,
          '304': response('Not modified.'),
          ...readErrors,
          '404': shared('NotFound'),
        },
      },
      put: {
        operationId: 'enroll',
        tags,
        summary: 'Enroll (idempotent upsert)',
        description: `Needs \`students:write\`. Creates the enrollment (201) or updates the fields sent (200). The body may be empty. ${REFUSED_NOTE}`,
        security: writeSecurity('students'),
        ...refused,
        parameters: [param('IfMatch')],
        requestBody: { required: false, content: json(ref('EnrollmentUpsert')) },
        responses: {
          '200': single,
          '201': response('Enrolled.', 'Enrollment', ['ETag', 'Location']),
          ...writeErrors,
          '404': shared('NotFound'),
          '412': stale,
        },
      },
      delete: {
        operationId: 'removeEnrollment',
        tags,
        summary: 'Remove an enrollment',
        description: `Needs \`students:write\`. ${REFUSED_NOTE}`,
        security: writeSecurity('students'),
        ...refused,
        parameters: [param('IfMatch')],
        responses: {
          '204': { description: 'Removed.' },
          ...readErrors,
          '404': shared('NotFound'),
          '412': stale,
        },
      },
    },
    [`${item}/expire`]: {
      parameters: [param('Id'), param('CourseId')],
      ...action('expireEnrollment', 'Expire access now (keeps completionRate)'),
    },
    [`${item}/extend`]: {
      parameters: [param('Id'), param('CourseId')],
      ...action('extendEnrollment', 'Extend access', 'EnrollmentExtend'),
    },
  };
}

/** The curriculum of a course: read under either of two scopes, changed through the course. */
export function curriculumPaths(readScopes: readonly string[]): Json {
  return {
    '/api/v1/courses/{id}/curriculum': {
      parameters: [param('Id')],
      get: {
        operationId: 'getCurriculum',
        tags: ['courses'],
        summary: "Get a course's curriculum (its sections and their lectures)",
        description: `Needs one of ${readScopes.map((s) => `\`${s}\``).join(' or ')}. Answers the course's ETag: change the curriculum with a PATCH of the course's \`sections\` (needs \`curriculum:write\`), sending that ETag in If-Match. Section and lecture ids stay the same across edits and reorders; items sent without an id get one. Without a token only published courses' curricula are visible.`,
        security: [...readScopes.map((scope) => ({ oauth2: [scope] })), {}],
        'x-anonymous': 'published-only',
        parameters: [param('IfNoneMatch')],
        responses: {
          '200': response('The curriculum.', 'Curriculum', ['ETag']),
          '304': response('Not modified (If-None-Match).', undefined, ['ETag']),
          ...readErrors,
          '404': shared('NotFound'),
        },
      },
    },
  };
}
