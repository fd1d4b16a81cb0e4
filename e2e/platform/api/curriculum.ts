import type Router from '@koa/router';
import { authOf, requireAnyScope } from '../http/auth-context';
import { courses } from './courses';
import type { ApiDeps } from './crud';
import { findRecord } from './entity';
import { etagOf, notModified } from './etag';
import { notFound } from '../http/errors';

/**
 * Scopes that read a course's curriculum. NOTES.md documents `courses:read` as covering "course
 * details, curriculum and enrollment data" and `curriculum:read` as "the curriculum's structure".
 */
export const CURRICULUM_READ_SCOPES = ['courses:read', 'curriculum:read'] as const;

/**
 * `GET /courses/{id}/curriculum`: the course's sections and lectures, with the course's ETag
 * (the curriculum is part of the course, so a write to either moves it). Changing the
 * curriculum is a PATCH of the course's `sections`, which needs `curriculum:write`.
 */
export function mountCurriculum(router: Router, { db }: ApiDeps): void {
  router.get('/courses/:id/curriculum', (ctx) => {
    // Anonymous callers see the outline of published courses, as they see those courses.
    if (authOf(ctx)) requireAnyScope(ctx, CURRICULUM_READ_SCOPES);
    const where = authOf(ctx) ? undefined : (courses.publicWhere ?? undefined);
    const stored = findRecord(db, courses, ctx.params.id ?? '', where);
    if (!stored) throw notFound(courses.label);
    ctx.set('ETag', etagOf(stored));
    if (notModified(ctx, stored)) {
      ctx.status = 304;
      return;
    }
    ctx.body = { sections: stored.record.sections };
  });
}
