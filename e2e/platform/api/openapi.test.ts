import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlState } from '../http/control-state';
import { PlatformDatabase } from '../db/database';
import { WELL_KNOWN } from '../seed';
import { FALLBACK_ROUTE } from '../http/fallback';
import { buildOpenApiDocument, createBusinessApi } from './index';
import { TestPlatform } from './testing';

type Operation = {
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  responses: Record<string, unknown>;
  requestBody?: unknown;
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>;
    securitySchemes: {
      oauth2: {
        flows: {
          authorizationCode: {
            authorizationUrl: string;
            tokenUrl: string;
            scopes: Record<string, string>;
          };
        };
      };
    };
  };
};
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

let platform: TestPlatform;
let doc: Doc;

beforeAll(async () => {
  platform = await TestPlatform.start({ students: 10, rateLimit: null });
  doc = (await platform.call<Doc>('/openapi.json')).body;
});
afterAll(() => platform.close());

/** Every `{ $ref }` in the document. */
function refsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsOf(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') found.push(v);
      else refsOf(v, found);
    }
  }
  return found;
}

describe('/openapi.json', () => {
  it('is the OpenAPI 3.1 document built for this base URL', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(platform.url))));
    const flow = doc.components.securitySchemes.oauth2.flows.authorizationCode;
    expect(flow.authorizationUrl).toBe(`${platform.url}/oauth/authorize`);
    expect(flow.tokenUrl).toBe(`${platform.url}/api/oauth/token`);
    expect(Object.keys(flow.scopes)).toEqual(
      expect.arrayContaining(['courses:read', 'students:write', 'coupons:read', 'pages:write']),
    );
  });

  it('documents exactly the routes the business router mounts', async () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => METHODS.includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const dir = mkdtempSync(join(tmpdir(), 'openapi-test-'));
    const db = await PlatformDatabase.open(dir);
    try {
      const router = createBusinessApi({
        db,
        control: new ControlState({ rateLimit: null }),
        baseUrl: platform.url,
      });
      const routed = router.stack
        .filter((layer) => layer.methods.length > 0 && layer.name !== FALLBACK_ROUTE)
        .flatMap((layer) =>
          layer.methods
            .filter((m) => m !== 'HEAD')
            .map((m) => `${m} ${String(layer.path).replace(/:(\w+)/g, '{$1}')}`),
        );
      expect(routed.sort()).toEqual(documented.sort());
      expect(routed).toHaveLength(27);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the scope every operation needs; reads also allow anonymous callers', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      const area = path.includes('enrollments') ? 'students' : path.split('/')[3];
      for (const method of METHODS.filter((m) => m in item)) {
        const security = item[method]?.security;
        const kind = method === 'get' ? 'read' : 'write';
        expect(security?.[0], `${method} ${path}`).toEqual({ oauth2: [`${area}:${kind}`] });
        expect(
          security?.some((s) => Object.keys(s).length === 0),
          `${method} ${path}`,
        ).toBe(kind === 'read');
      }
    }
  });

  it('documents error answers, ETag preconditions and idempotency', () => {
    const patch = doc.paths['/api/v1/courses/{id}']?.patch;
    expect(Object.keys(patch?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403', '404', '409', '412', '422', '429']),
    );
    expect(JSON.stringify(patch?.parameters)).toContain('IfMatch');
    expect(JSON.stringify(doc.paths['/api/v1/coupons']?.post?.parameters)).toContain(
      'IdempotencyKey',
    );
    const listParams = JSON.stringify(doc.paths['/api/v1/courses']?.get?.parameters);
    for (const name of [
      'page',
      'perPage',
      'q',
      'sort',
      'updatedSince',
      'courseType',
      'published',
      'featured',
    ]) {
      expect(listParams).toContain(`"name":"${name}"`);
    }
    expect(listParams).toContain('"maximum":50');
  });

  it('resolves every $ref', () => {
    const resolve = (ref: string) =>
      ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
    for (const ref of refsOf(doc)) expect(resolve(ref), ref).toBeDefined();
  });

  it('describes the records exactly as the API answers them', async () => {
    const token = await platform.token();
    const samples: Record<string, string> = {
      Course: `/api/v1/courses/${WELL_KNOWN.publishedCourse.id}`,
      Student: `/api/v1/students/${WELL_KNOWN.student.id}`,
      Coupon: `/api/v1/coupons/${WELL_KNOWN.coupon.id}`,
      Page: `/api/v1/pages/${WELL_KNOWN.publishedPage.id}`,
      Enrollment: `/api/v1/students/${WELL_KNOWN.student.id}/enrollments/${WELL_KNOWN.publishedCourse.id}`,
    };
    for (const [schema, path] of Object.entries(samples)) {
      const { body } = await platform.call(path, { token });
      const documented = doc.components.schemas[schema];
      expect(Object.keys(body).sort(), schema).toEqual(
        Object.keys(documented?.properties ?? {}).sort(),
      );
      expect([...(documented?.required ?? [])].sort(), schema).toEqual(Object.keys(body).sort());
    }
    const create = doc.components.schemas.CourseCreate;
    expect(create?.required?.sort()).toEqual(['name', 'slug']);
  });
});
