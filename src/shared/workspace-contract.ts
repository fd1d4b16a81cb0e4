import { z } from 'zod';
import { isUsableEtag } from './etag';
import { fieldSentence } from './field-errors';
import { schoolId } from './school-id';
import {
  CREATE_SCHEMAS,
  ENTITY_SORTS,
  FILTER_SCHEMAS,
  RECORD_SCHEMAS,
  UPDATE_SCHEMAS,
  studentFields,
  type EntityName,
  type SortOf,
} from './entities';
import { enrollmentSchema } from './records';
import { MAX_SEARCH_LENGTH, searchText } from './list-rules';

/**
 * The workspace's channels: per entity `list`, `get`, `create`, `update`, `delete`, the
 * enrollment operations, and the long operations (bulk generate, import, bulk enroll, export).
 * Every request names the school by its schoolId (issuer and resource), since several schools can be signed in.
 */

const id = z.uuid();
/** A long operation's id, chosen by the renderer so it can follow progress and cancel. */
export const jobId = z.uuid();

/** The largest window one list call may ask for; the virtual list asks for far less. */
export const MAX_LIST_LIMIT = 500;

/**
 * A window of a list: its rows and the count of all matching records. `unreadable` counts the
 * records of the window that did not match their schema and are left out of `rows` (absent or
 * 0 when every record was read), so the list can say how many it could not show.
 */
const listWindow = <T extends z.ZodType>(record: T) =>
  z.object({
    rows: z.array(record),
    totalCount: z.int().min(0),
    unreadable: z.int().min(0).optional(),
  });

/**
 * True when a write is saved on this computer and waits in the outbox for the school (it
 * did not answer); absent when the school has it.
 */
const savedHere = z.literal(true).optional();

/**
 * With `pending`: the school asked us to slow down (429), and the write is sent again at this
 * time (unix ms). The screen counts down to it.
 */
const retryAt = z.int().min(0).optional();

/**
 * The version an update or delete was made on, as the school's ETag named it.
 * SECURITY: one that matches any version, or that HTTP cannot carry, is refused (etag.ts); a
 * screen that knows no version sends none, and core asks the school.
 */
export const etagSchema = z
  .string()
  .max(1000)
  .refine(isUsableEtag, 'A save must name the version it was made on.');

/**
 * The record's fields as the screen showed them when the owner began (for an update, those
 * it changes), so core can tell the owner's change from someone else's when the school has a
 * newer version (a 412, or the version core asks for when there is no ETag). Without them
 * core compares with its local copy, which a sync may have moved on since.
 */
const seen = z.record(z.string().max(100), z.unknown()).optional();

/** A list's search, as the platform reads it: trimmed, and a blank one is no search. */
const search = z.string().max(MAX_SEARCH_LENGTH).transform(searchText).optional();

const versioned = <T extends z.ZodType>(record: T) =>
  z.object({ record, etag: z.string().optional() });

function sortSchema<E extends EntityName>(entity: E) {
  const keys = ENTITY_SORTS[entity] as readonly string[];
  return z.custom<SortOf<E>>(
    (value) =>
      typeof value === 'string' && keys.includes(value.startsWith('-') ? value.slice(1) : value),
    'Unknown sort.',
  );
}

/** Names a group's channels `<domain>:<action>`, keeping each channel's exact schema types. */
export function prefixed<D extends string, T extends Record<string, unknown>>(domain: D, group: T) {
  return Object.fromEntries(
    Object.entries(group).map(([action, channel]) => [`${domain}:${action}`, channel]),
  ) as { [K in keyof T as `${D}:${K & string}`]: T[K] };
}

/** The five channels of one entity, built from its schemas (passed apart to keep their types). */
function entityChannels<
  D extends EntityName,
  R extends z.ZodType,
  F extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(entity: D, schemas: { record: R; filters: F; create: C; update: U }) {
  const { record } = schemas;
  return prefixed(entity, {
    list: {
      request: z
        .object({
          schoolId,
          q: search,
          sort: sortSchema(entity).optional(),
          filters: schemas.filters.optional(),
          offset: z.int().min(0).default(0),
          limit: z.int().min(0).max(MAX_LIST_LIMIT),
        })
        .strict(),
      response: listWindow(record),
    },
    get: {
      request: z.object({ schoolId, id }).strict(),
      response: versioned(record),
    },
    create: {
      request: z
        .object({ schoolId, fields: schemas.create, idempotencyKey: z.uuid().optional() })
        .strict(),
      response: versioned(record).extend({
        created: z.boolean(),
        /**
         * True when the school had already made this record for the same idempotency key (an
         * earlier attempt whose answer was lost) and answered it again, or the earlier attempt
         * still waits on this computer: nothing new was made.
         */
        replayed: z.boolean().optional(),
        pending: savedHere,
        retryAt,
      }),
    },
    update: {
      /** Without `etag` (no version known), core asks the school for it before saving. */
      request: z
        .object({ schoolId, id, fields: schemas.update, etag: etagSchema.optional(), seen })
        .strict(),
      response: versioned(record).extend({ pending: savedHere, retryAt }),
    },
    delete: {
      request: z.object({ schoolId, id, etag: etagSchema.optional(), seen }).strict(),
      response: z.object({ deleted: z.literal(true), pending: savedHere, retryAt }),
    },
  });
}

const enrollmentKey = { schoolId, studentId: id, courseId: id };

/** A student's access to a course: list, enroll (idempotent), remove, expire, extend. */
const enrollmentChannels = {
  'enrollments:list': {
    request: z
      .object({
        schoolId,
        studentId: id,
        offset: z.int().min(0).default(0),
        limit: z.int().min(0).max(MAX_LIST_LIMIT),
      })
      .strict(),
    response: listWindow(enrollmentSchema),
  },
  'enrollments:enroll': {
    request: z
      .object({
        ...enrollmentKey,
        /** Unix seconds; absent or null means lifetime access. */
        endedAt: z.int().min(0).nullable().optional(),
      })
      .strict(),
    response: versioned(enrollmentSchema).extend({ pending: savedHere, retryAt }),
  },
  'enrollments:remove': {
    request: z.object(enrollmentKey).strict(),
    response: z.object({ removed: z.literal(true), pending: savedHere, retryAt }),
  },
  'enrollments:expire': {
    request: z.object(enrollmentKey).strict(),
    response: versioned(enrollmentSchema).extend({ pending: savedHere, retryAt }),
  },
  'enrollments:extend': {
    request: z
      .object({
        ...enrollmentKey,
        by: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('days'), days: z.int().min(1).max(36_500) }),
          z.object({ kind: z.literal('until'), endedAt: z.int().min(0) }),
          z.object({ kind: z.literal('lifetime') }),
        ]),
      })
      .strict(),
    response: versioned(enrollmentSchema).extend({ pending: savedHere, retryAt }),
  },
} as const;

/** What happened to one row of a long operation. */
export const jobRowResult = z.object({
  /** The row's position in the request (0-based). */
  index: z.int().min(0),
  outcome: z.enum(['created', 'existing', 'updated', 'failed', 'skipped']),
  /** What the row is about, in words: an e-mail, a code, a student's name. */
  label: z.string(),
  id: z.string().optional(),
  /** Why the row failed or was skipped, in English (for logs; see `code`). */
  message: z.string().optional(),
  /**
   * The failure's code (job-errors, platform-errors, `field.<rule>` of field-errors) and its
   * values, from which the renderer writes `message` in the owner's language.
   */
  code: z.string().max(100).optional(),
  params: z.record(z.string(), z.union([z.string().max(400), z.number()])).optional(),
});
export type JobRowResult = z.infer<typeof jobRowResult>;

/** The outcome of a long operation: how it ended and what happened to each row. */
export const jobOutcome = z.object({
  status: z.enum(['completed', 'cancelled']),
  results: z.array(jobRowResult),
});
export type JobOutcome = z.infer<typeof jobOutcome>;

/** A row of a student import, as read from the CSV (checked again by main). */
export const importRow = z.object({
  name: z.string().max(400),
  email: z.string().max(400),
  phoneNumber: z.string().max(100).nullable().optional(),
});

/** The exportable lists and the filters of each. */
export const exportRequest = z.discriminatedUnion('entity', [
  z
    .object({
      entity: z.literal('students'),
      q: search,
      sort: sortSchema('students').optional(),
    })
    .strict(),
  z
    .object({
      entity: z.literal('coupons'),
      q: search,
      sort: sortSchema('coupons').optional(),
      filters: FILTER_SCHEMAS.coupons.optional(),
    })
    .strict(),
  z
    .object({
      entity: z.literal('courses'),
      q: search,
      sort: sortSchema('courses').optional(),
      filters: FILTER_SCHEMAS.courses.optional(),
    })
    .strict(),
]);

/** Long operations: each reports `job:progress` events and answers when it ends. */
const jobChannels = {
  'coupons:generate': {
    request: z
      .object({
        schoolId,
        jobId,
        count: z.int().min(1).max(5000),
        /** `#` is a random letter or digit, everything else is kept: `SPRING-####`. */
        pattern: z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z0-9_#-]{3,40}$/, fieldSentence('pattern_chars'))
          .refine((p) => p.includes('#'), fieldSentence('pattern_hash')),
        fields: CREATE_SCHEMAS.coupons.omit({ code: true }),
      })
      .strict(),
    response: jobOutcome,
  },
  'students:import': {
    request: z.object({ schoolId, jobId, rows: z.array(importRow).min(1).max(50_000) }).strict(),
    response: jobOutcome,
  },
  'enrollments:bulkEnroll': {
    request: z
      .object({
        schoolId,
        jobId,
        courseId: id,
        studentIds: z.array(id).min(1).max(10_000),
        endedAt: z.int().min(0).nullable().optional(),
      })
      .strict(),
    response: jobOutcome,
  },
  'export:csv': {
    request: z
      .object({
        schoolId,
        jobId,
        list: exportRequest,
        /**
         * The file's name before its date, in the owner's language ("學員" makes
         * 學員-2026-11-24.csv); the area's name when left out. Letters, digits, spaces, - and _
         * only, so it can never name a folder or another file.
         */
        fileLabel: z
          .string()
          .regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]{0,39}$/u)
          .optional(),
      })
      .strict(),
    response: z.discriminatedUnion('outcome', [
      /** Electron wrote the file where the owner chose in the save dialog. */
      z.object({ outcome: z.literal('saved'), fileName: z.string(), rowCount: z.int() }),
      z.object({ outcome: z.literal('cancelled') }),
      /** The web host hands the file to the browser, which saves it as a download. */
      z.object({
        outcome: z.literal('download'),
        fileName: z.string(),
        rowCount: z.int(),
        content: z.string(),
      }),
    ]),
  },
  'jobs:cancel': {
    request: z.object({ jobId }).strict(),
    response: z.object({ cancelled: z.boolean() }),
  },
} as const;

function schemasOf<E extends EntityName>(entity: E) {
  return {
    record: RECORD_SCHEMAS[entity],
    filters: FILTER_SCHEMAS[entity],
    create: CREATE_SCHEMAS[entity],
    update: UPDATE_SCHEMAS[entity],
  };
}

/** Every channel of the workspace. */
export const workspaceContract = {
  ...entityChannels('courses', schemasOf('courses')),
  ...entityChannels('students', schemasOf('students')),
  ...entityChannels('coupons', schemasOf('coupons')),
  ...entityChannels('pages', schemasOf('pages')),
  ...enrollmentChannels,
  ...jobChannels,
};

/** Checks a student row the way the import will, for the preview's per-row messages. */
export const importRowFields = studentFields.pick({ name: true, email: true, phoneNumber: true });
