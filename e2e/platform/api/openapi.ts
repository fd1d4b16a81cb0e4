import { z } from 'zod';
import type { EntityDef } from './entity';
import { enrollments, extendBody } from './enrollments';
import { listQuerySchema, MAX_PER_PAGE } from './list';
import { RESOURCES } from './resources';

type Json = Record<string, unknown>;

/** The error envelope of every non-2xx answer. */
export const errorBody = z.object({
  error: z
    .string()
    .meta({ description: 'Machine-readable code, e.g. not_found, validation_failed.' }),
  error_description: z.string().meta({ description: 'A sentence for people.' }),
  error_uri: z.string().meta({ description: 'Where the code is explained.' }),
});

/** 422 and 409 add one plain message per field. */
export const validationErrorBody = errorBody.extend({
  fields: z
    .record(z.string(), z.string())
    .meta({ description: 'Field name (dotted for nested fields) → message.' }),
});

/** The list envelope of every collection. */
export function pageOf(record: z.ZodType) {
  return z.object({
    nodes: z.array(record),
    currentPage: z.int(),
    hasNextPage: z.boolean(),
    hasPreviousPage: z.boolean(),
    totalPages: z.int(),
    totalCount: z.int(),
  });
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (schema: Json) => ({ 'application/json': { schema } });
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

/** Converts a registry of zod schemas into `components.schemas`, refs pointing at each other. */
function componentsOf(
  entries: [string, z.ZodType][],
  io: 'input' | 'output',
): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of entries) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as {
    schemas: Record<string, Json>;
  };
  // Each component is a schema inside the document, not a standalone document.
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema]),
  );
}

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

/** Paths of one top-level resource. */
function resourcePaths(def: EntityDef): Json {
  const { label, area, table } = def;
  const readDescription = `Needs \`${area}:read\`. ${anonymousNote(def)}`;
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
        description: `Needs \`${area}:write\`. Honours Idempotency-Key.`,
        security: writeSecurity(area),
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
        description: `Needs \`${area}:write\`. Send only the fields to change. If-Match is optional: without it the write is unconditional; with a stale ETag it answers 412 with the current record.`,
        security: writeSecurity(area),
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
        description: `Needs \`${area}:write\`. If-Match is optional.`,
        security: writeSecurity(area),
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
function enrollmentPaths(): Json {
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
      description: 'Needs `students:write`. Honours Idempotency-Key and If-Match.',
      security: writeSecurity('students'),
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
        security: readSecurity('students'),
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
        description:
          'Needs `students:write`. Creates the enrollment (201) or updates the fields sent (200). The body may be empty.',
        security: writeSecurity('students'),
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
        security: writeSecurity('students'),
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

const header = (description: string, type = 'string') => ({ description, schema: { type } });

/**
 * The OpenAPI 3.1 description served at `/openapi.json`. Every schema in it is generated
 * from the same zod schemas the handlers validate with, so the two cannot drift.
 */
export function buildOpenApiDocument(baseUrl: string): object {
  const all = [...RESOURCES, enrollments];
  const outputs: [string, z.ZodType][] = [
    ['Error', errorBody],
    ['ValidationError', validationErrorBody],
  ];
  const inputs: [string, z.ZodType][] = [['EnrollmentExtend', extendBody]];
  for (const def of all) {
    outputs.push([def.label, def.record], [`${def.label}List`, pageOf(def.record)]);
    outputs.push([`${def.label}PreconditionFailed`, errorBody.extend({ current: def.record })]);
    if (def !== enrollments)
      inputs.push([`${def.label}Create`, def.create], [`${def.label}Update`, def.update]);
  }
  inputs.push(['EnrollmentUpsert', enrollments.update]);
  const scopes = Object.fromEntries(
    RESOURCES.flatMap((def) => [
      [`${def.area}:read`, `Read access to ${def.area}`],
      [`${def.area}:write`, `Write access to ${def.area}`],
    ]),
  );

  return {
    openapi: '3.1.0',
    info: {
      title: 'Course school platform business API (stand-in)',
      version: '1.0.0',
      description:
        'Timestamps are unix seconds, ids are UUIDs. Reads cost one of 600 reads a minute per client, writes one of 200 writes; beyond that 429 with Retry-After. Errors answer `{ error, error_description, error_uri }`.',
    },
    servers: [{ url: baseUrl }],
    tags: RESOURCES.map((def) => ({ name: def.table })),
    security: [],
    paths: Object.fromEntries([
      ...RESOURCES.flatMap((def) => Object.entries(resourcePaths(def))),
      ...Object.entries(enrollmentPaths()),
    ]),
    components: {
      schemas: { ...componentsOf(outputs, 'output'), ...componentsOf(inputs, 'input') },
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description:
            'Authorization Code with PKCE (S256). Clients register dynamically at /api/oauth/register.',
          flows: {
            authorizationCode: {
              authorizationUrl: `${baseUrl}/oauth/authorize`,
              tokenUrl: `${baseUrl}/api/oauth/token`,
              refreshUrl: `${baseUrl}/api/oauth/token`,
              scopes: {
                openid: 'OpenID Connect authentication',
                profile: 'Basic profile information',
                email: 'Email address',
                ...scopes,
              },
            },
          },
        },
      },
      parameters: {
        Id: { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
        CourseId: {
          name: 'courseId',
          in: 'path',
          required: true,
          schema: { type: 'string', format: 'uuid' },
        },
        IfMatch: {
          name: 'If-Match',
          in: 'header',
          required: false,
          description: 'ETag of the version the change is based on; optional.',
          schema: { type: 'string' },
        },
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'ETag held by the client; a match answers 304.',
          schema: { type: 'string' },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Per client. A retry with the same key and body answers the first response; the same key with another body answers 422 idempotency_key_reused. Kept 24 h.',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        },
      },
      headers: {
        ETag: header('Strong entity tag of the record version.'),
        Location: header('URL of the record.'),
        'RateLimit-Limit': header('Requests allowed in the current window.', 'integer'),
        'RateLimit-Remaining': header('Requests left in the current window.', 'integer'),
        'RateLimit-Reset': header('Seconds until the window resets.', 'integer'),
        'Retry-After': header('Seconds to wait.', 'integer'),
      },
      responses: {
        Unauthorized: {
          description: 'invalid_token: the token is invalid, expired or revoked.',
          content: json(ref('Error')),
        },
        Forbidden: {
          description: 'insufficient_scope: the token lacks the scope named in WWW-Authenticate.',
          content: json(ref('Error')),
        },
        NotFound: { description: 'not_found', content: json(ref('Error')) },
        Conflict: {
          description: 'conflict: a unique field (slug, code, email) is taken; `fields` names it.',
          content: json(ref('ValidationError')),
        },
        ValidationFailed: {
          description: 'validation_failed: `fields` holds one message per bad field.',
          content: json(ref('ValidationError')),
        },
        RateLimited: {
          description: 'rate_limited',
          headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
          content: json(ref('Error')),
        },
      },
    },
  };
}
