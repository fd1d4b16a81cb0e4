import type Router from '@koa/router';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { PlatformDatabase } from '../db/database';
import { requireScope } from '../http/auth-context';
import { courses } from './courses';
import { bodyOf, readableRecord, type ApiDeps } from './crud';
import {
  filter,
  insertSql,
  nowSeconds,
  requireRecord,
  toRow,
  updateRecord,
  fromRow,
  type EntityDef,
  type StoredRecord,
} from './entity';
import { checkIfMatch, etagOf, notModified, sendRecord } from './etag';
import { notFound, parseOrThrow, validationFailed } from '../http/errors';
import { enumField, recordBase, unixSeconds } from './fields';
import { listRecords } from './list';
import { students } from './students';

export const DELIVERY_STATES = ['delivered', 'group_buying', 'pre_ordering', 'expired'] as const;

const deliveryState = enumField(DELIVERY_STATES, 'Invalid delivery state');
const writable = {
  completionRate: z
    .number({ error: 'Completion rate must be a number from 0 to 1' })
    .min(0, 'Completion rate must be a number from 0 to 1')
    .max(1, 'Completion rate must be a number from 0 to 1'),
  deliveryState,
  endedAt: unixSeconds('Ended at')
    .nullable()
    .meta({ description: 'Unix seconds; null means lifetime access.' }),
};

/** Body of the PUT that enrolls (creates): everything optional, lifetime access by default. */
export const enrollmentCreate = z.strictObject({
  completionRate: writable.completionRate.default(0),
  deliveryState: deliveryState.default('delivered'),
  endedAt: writable.endedAt.default(null),
});

/** Body of the PUT on an existing enrollment: the fields sent replace the stored ones. */
export const enrollmentUpdate = z.strictObject(writable).partial();

/** Body of POST .../extend: exactly one way to extend. */
export const extendBody = z
  .strictObject({
    days: z
      .int({ error: 'Days must be a whole number' })
      .min(1, 'Days must be at least 1')
      .max(36_500, 'Days must be at most 36500')
      .optional(),
    endedAt: unixSeconds('Ended at').optional(),
    indefinite: z.literal(true, { error: 'Indefinite must be true' }).optional(),
  })
  .refine(
    (body) =>
      [body.days, body.endedAt, body.indefinite].filter((v) => v !== undefined).length === 1,
    {
      error: 'Send exactly one of days, endedAt or indefinite',
      path: ['_'],
    },
  )
  .meta({
    description:
      'Exactly one of: `days` (adds days to the later of now and the current end), `endedAt` (a new end, in the future) or `indefinite: true` (lifetime access). An expired enrollment becomes delivered again.',
  });

/** An enrollment as the API answers it. */
export const enrollmentRecord = z.object({
  id: recordBase.id,
  studentId: z.uuid(),
  courseId: z.uuid(),
  completionRate: z.number().min(0).max(1),
  deliveryState: z.enum(DELIVERY_STATES),
  endedAt: z.int().nullable().meta({ description: 'Unix seconds; null means lifetime access.' }),
  createdAt: recordBase.createdAt,
  updatedAt: recordBase.updatedAt,
});

export type Enrollment = z.infer<typeof enrollmentRecord>;

/** Enrollments (student × course); they belong to the `students` scope area. */
export const enrollments: EntityDef = {
  table: 'enrollments',
  label: 'Enrollment',
  area: 'students',
  columns: {
    id: 'text',
    studentId: 'text',
    courseId: 'text',
    completionRate: 'number',
    deliveryState: 'text',
    endedAt: 'number',
    createdAt: 'number',
    updatedAt: 'number',
  },
  record: enrollmentRecord,
  create: enrollmentCreate,
  update: enrollmentUpdate,
  serverDefaults: {},
  unique: [],
  search: ['courseId'],
  sorts: {
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
    completionRate: 'completionRate',
    endedAt: 'endedAt',
  },
  defaultSort: '-createdAt',
  filters: {
    deliveryState: filter(deliveryState, 'Only enrollments in this delivery state.', (value) => ({
      sql: 'deliveryState = ?',
      params: [value],
    })),
  },
  publicWhere: null,
};

function findEnrollment(
  db: PlatformDatabase,
  studentId: string,
  courseId: string,
): StoredRecord | undefined {
  const row = db.get('SELECT * FROM enrollments WHERE studentId = ? AND courseId = ?', [
    studentId,
    courseId,
  ]);
  return row ? fromRow(enrollments, row) : undefined;
}

function requireEnrollment(
  db: PlatformDatabase,
  studentId: string,
  courseId: string,
): StoredRecord {
  const found = findEnrollment(db, studentId, courseId);
  if (!found) throw notFound('Enrollment');
  return found;
}

/** The new state of an enrollment after `extend`, or a 422 for an end in the past. */
function extended(
  current: StoredRecord,
  body: z.output<typeof extendBody>,
  now: number,
): Record<string, unknown> {
  const endedAt = current.record.endedAt as number | null;
  const deliveryState =
    current.record.deliveryState === 'expired' ? 'delivered' : current.record.deliveryState;
  if (body.indefinite) return { endedAt: null, deliveryState };
  if (body.endedAt !== undefined) {
    if (body.endedAt <= now) throw validationFailed({ endedAt: 'End date must be in the future' });
    return { endedAt: body.endedAt, deliveryState };
  }
  // Lifetime access stays lifetime: extending it by days changes nothing.
  if (endedAt === null) return { deliveryState };
  return { endedAt: Math.max(now, endedAt) + (body.days ?? 0) * 86_400, deliveryState };
}

/**
 * Mounts the enrollment routes under `/students/:id/enrollments`: list, get, enroll (PUT,
 * idempotent upsert), remove (DELETE), expire and extend (POST).
 */
export function mountEnrollments(router: Router, { db, baseUrl }: ApiDeps): void {
  const base = '/students/:id/enrollments';
  const item = `${base}/:courseId`;

  router.get(base, (ctx) => {
    const student = readableRecord(ctx, db, students, ctx.params.id ?? '');
    ctx.body = listRecords(db, enrollments, ctx.query, [
      { sql: 'studentId = ?', params: [student.record.id] },
    ]);
  });

  router.get(item, (ctx) => {
    const student = readableRecord(ctx, db, students, ctx.params.id ?? '');
    const stored = requireEnrollment(db, student.record.id, ctx.params.courseId ?? '');
    if (notModified(ctx, stored)) {
      ctx.status = 304;
      ctx.set('ETag', etagOf(stored));
      return;
    }
    sendRecord(ctx, stored);
  });

  router.put(item, (ctx) => {
    requireScope(ctx, 'students:write');
    const student = requireRecord(db, students, ctx.params.id ?? '');
    const course = requireRecord(db, courses, ctx.params.courseId ?? '');
    const current = findEnrollment(db, student.record.id, course.record.id);
    if (current) {
      checkIfMatch(ctx, current);
      sendRecord(
        ctx,
        updateRecord(db, enrollments, current, parseOrThrow(enrollments.update, bodyOf(ctx))),
      );
      return;
    }
    const input = parseOrThrow(enrollments.create, bodyOf(ctx));
    const now = nowSeconds();
    const record = {
      ...input,
      id: randomUUID(),
      studentId: student.record.id,
      courseId: course.record.id,
      createdAt: now,
      updatedAt: now,
    };
    db.run(insertSql(enrollments), toRow(enrollments, record));
    ctx.set(
      'Location',
      `${baseUrl}/api/v1/students/${student.record.id}/enrollments/${course.record.id}`,
    );
    sendRecord(ctx, { record, version: 1 }, 201);
  });

  router.delete(item, (ctx) => {
    requireScope(ctx, 'students:write');
    const current = requireEnrollment(db, ctx.params.id ?? '', ctx.params.courseId ?? '');
    checkIfMatch(ctx, current);
    db.run('DELETE FROM enrollments WHERE id = ?', [current.record.id]);
    ctx.status = 204;
  });

  router.post(`${item}/expire`, (ctx) => {
    requireScope(ctx, 'students:write');
    const current = requireEnrollment(db, ctx.params.id ?? '', ctx.params.courseId ?? '');
    checkIfMatch(ctx, current);
    // Progress (completionRate) is kept on purpose: access can be extended again later.
    // Expiring twice keeps the first end date, so a retried expire changes nothing.
    if (current.record.deliveryState === 'expired') return sendRecord(ctx, current);
    sendRecord(
      ctx,
      updateRecord(db, enrollments, current, { endedAt: nowSeconds(), deliveryState: 'expired' }),
    );
  });

  router.post(`${item}/extend`, (ctx) => {
    requireScope(ctx, 'students:write');
    const current = requireEnrollment(db, ctx.params.id ?? '', ctx.params.courseId ?? '');
    checkIfMatch(ctx, current);
    const body = parseOrThrow(extendBody, bodyOf(ctx));
    sendRecord(ctx, updateRecord(db, enrollments, current, extended(current, body, nowSeconds())));
  });
}
