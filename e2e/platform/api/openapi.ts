import { z } from 'zod';
import { enrollments, extendBody } from './enrollments';
import { curriculumRecord } from './courses';
import { CURRICULUM_READ_SCOPES } from './curriculum';
import {
  ANONYMOUS_ANSWERS,
  curriculumPaths,
  enrollmentPaths,
  json,
  ref,
  resourcePaths,
} from './openapi-paths';
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

const header = (description: string, type = 'string') => ({ description, schema: { type } });

/** Built documents by base URL and issuer: generating one takes ~10 ms, and it never changes. */
const built = new Map<string, object>();

/**
 * The OpenAPI 3.1 description served at `/openapi.json` (a second school's at its own
 * `${baseUrl}/openapi.json`). `baseUrl` is the school's, `issuer` the authorization server's
 * (the same for the first school). Every schema in it is generated from the same zod schemas
 * the handlers validate with, so the two cannot drift. The answer is cached and frozen, so
 * serve it as is.
 */
export function buildOpenApiDocument(baseUrl: string, issuer = baseUrl): object {
  const key = `${baseUrl} ${issuer}`;
  let doc = built.get(key);
  if (!doc) {
    doc = deepFreeze(generateDocument(baseUrl, issuer));
    built.set(key, doc);
  }
  return doc;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function generateDocument(baseUrl: string, issuer: string): object {
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
  outputs.push(['Curriculum', curriculumRecord]);
  const scopes = Object.fromEntries(
    [...RESOURCES.map((def) => def.area), 'curriculum'].flatMap((area) => [
      [`${area}:read`, `Read access to ${area}`],
      [`${area}:write`, `Write access to ${area}`],
    ]),
  );

  return {
    openapi: '3.1.0',
    info: {
      title: 'Course school platform business API (stand-in)',
      version: '1.0.0',
      description:
        "Timestamps are unix seconds, ids are UUIDs. Reads cost one of 600 reads a minute per client, writes one of 200 writes; beyond that 429 with Retry-After. Errors answer `{ error, error_description, error_uri }`. A request without a token is served as anonymous and never challenged: each operation's `x-anonymous` says what it gets (see the top-level `x-anonymous`).",
    },
    'x-anonymous': {
      description:
        'A request without an Authorization header is served as anonymous. It is never challenged: no 401 and no WWW-Authenticate. A request with an invalid or malformed token is not anonymous: it answers 401 invalid_token with a challenge. Neither is one with credentials of another scheme (Basic): it answers 401 unauthorized, its challenge without an error code (RFC 6750 §3.1).',
      operations: ANONYMOUS_ANSWERS,
      userinfo: `GET ${issuer}/api/oauth/userinfo without a token answers 403 forbidden, without WWW-Authenticate: anonymous has no profile.`,
      public: `The discovery documents, ${baseUrl}/openapi.json and ${issuer}/auth.md need no token.`,
    },
    servers: [{ url: baseUrl }],
    tags: RESOURCES.map((def) => ({ name: def.table })),
    security: [],
    paths: Object.fromEntries([
      ...RESOURCES.flatMap((def) => Object.entries(resourcePaths(def))),
      ...Object.entries(enrollmentPaths()),
      ...Object.entries(curriculumPaths(CURRICULUM_READ_SCOPES)),
    ]),
    components: {
      schemas: { ...componentsOf(outputs, 'output'), ...componentsOf(inputs, 'input') },
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description: `Authorization Code with PKCE (S256). Clients register dynamically at ${issuer}/api/oauth/register.`,
          flows: {
            authorizationCode: {
              authorizationUrl: `${issuer}/oauth/authorize`,
              tokenUrl: `${issuer}/api/oauth/token`,
              refreshUrl: `${issuer}/api/oauth/token`,
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
          description:
            'invalid_token: the token is invalid, expired, revoked, or issued for another school. unauthorized: the Authorization header used another scheme than Bearer; WWW-Authenticate then names no error (RFC 6750 §3.1).',
          content: json(ref('Error')),
        },
        Forbidden: {
          description:
            'insufficient_scope: the token lacks the scope named in WWW-Authenticate. forbidden: the request carried no token and anonymous callers may not do this; no WWW-Authenticate.',
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
