import type { Context, Next } from 'koa';

/**
 * The shape of the business API's record answers, for testing a tolerant reader: by default
 * the stand-in answers every field it stores, while a real school may answer only what its
 * platform documents, may add fields we do not know, and may send one record malformed.
 *
 * The switches act on the answer, after a route has answered, so the stored records, their
 * ETags, search, sort and filters stay exactly as they are.
 */

/**
 * The fields `shared/platform/NOTES.md` documents, per table. Ids are always kept (NOTES:
 * "IDs are UUID strings"), and so are an enrollment's `studentId` and `courseId`: NOTES
 * documents an enrollment as "student × course", so the pair is what the enrollment is.
 */
export const DOCUMENTED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  courses: [
    'id',
    'name',
    'slug',
    'description',
    'image',
    'featured',
    'invisible',
    'publishedAt',
    'courseType',
    'template',
    'playerTheme',
    'tags',
    'categories',
    'sections',
  ],
  students: ['id', 'name', 'email', 'phoneNumber', 'createdAt', 'lastSignInAt'],
  enrollments: [
    'id',
    'studentId',
    'courseId',
    'completionRate',
    'deliveryState',
    'endedAt',
    'createdAt',
  ],
  coupons: [
    'id',
    'name',
    'code',
    'description',
    'amount',
    'couponType',
    'currency',
    'active',
    'appliedCount',
    'redemptionLimit',
    'expiredAt',
  ],
  pages: ['id', 'title', 'slug', 'pageType', 'pathPrefix', 'published'],
};

/** A JSON value, as a control request carries it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [k: string]: JsonValue };

/** How record answers are shaped; see `POST /__control/answer-shape`. */
export type AnswerShape = {
  /** Answer only the fields of {@link DOCUMENTED_FIELDS}. */
  documentedOnly: boolean;
  /** Fields added to every record answered that lacks them, as a newer platform might. */
  extraFields: Record<string, JsonValue>;
  /**
   * The totalPages every list claims, as a hostile or broken school might (2^53 - 1, say);
   * pages past the real end still answer with no records.
   */
  claimedTotalPages?: number;
};

/** What the shaping middleware reads: the shape, and raw values set per record. */
export type AnswerShaping = {
  readonly answerShape: AnswerShape;
  /** Raw field values to answer for one record of a table, as they are (no validation). */
  rawFieldsOf(table: string, id: string): Record<string, JsonValue> | undefined;
};

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The table whose records an API path answers: `/api/v1/<table>[/<id>]`, and enrollments
 * under `/api/v1/students/<id>/enrollments[/...]`. Undefined for any other path.
 */
export function tableOfPath(path: string): string | undefined {
  const match = /^\/api\/v1\/([^/]+)(?:\/[^/]+(?:\/([^/]+))?)?/.exec(path);
  if (!match) return undefined;
  const table = match[2] === 'enrollments' ? 'enrollments' : match[1];
  return table && table in DOCUMENTED_FIELDS ? table : undefined;
}

/** One record as the shape says: raw values over it, extras added, undocumented fields cut. */
export function shapeRecord(record: Json, table: string, shaping: AnswerShaping): Json {
  const { documentedOnly, extraFields } = shaping.answerShape;
  const raw = typeof record.id === 'string' ? shaping.rawFieldsOf(table, record.id) : undefined;
  let shaped: Json = { ...extraFields, ...record, ...raw };
  if (documentedOnly) {
    const documented = new Set(DOCUMENTED_FIELDS[table]);
    // Extra and raw fields stay: they stand for what a school sends beyond the documentation.
    shaped = Object.fromEntries(
      Object.entries(shaped).filter(
        ([field]) => documented.has(field) || field in extraFields || (raw && field in raw),
      ),
    );
  }
  return shaped;
}

/** True when no switch is on, so answers pass untouched (and uncopied). */
function isPlain(shaping: AnswerShaping, hasRaw: boolean): boolean {
  const { documentedOnly, extraFields, claimedTotalPages } = shaping.answerShape;
  return (
    !documentedOnly &&
    Object.keys(extraFields).length === 0 &&
    !hasRaw &&
    claimedTotalPages === undefined
  );
}

/**
 * Shapes the records of business API answers: a list's `nodes` (and its totalPages, when a
 * claim is set), a single record, and the `current` record of a 412. Error bodies and everything outside `/api/v1` pass untouched.
 */
export function answerShapeMiddleware(shaping: AnswerShaping & { hasRawFields(): boolean }) {
  return async function shapeAnswers(ctx: Context, next: Next): Promise<void> {
    await next();
    const table = tableOfPath(ctx.path);
    if (!table || isPlain(shaping, shaping.hasRawFields())) return;
    const body: unknown = ctx.body;
    if (!isObject(body)) return;
    const shape = (record: unknown) =>
      isObject(record) ? shapeRecord(record, table, shaping) : record;
    const { claimedTotalPages } = shaping.answerShape;
    if (Array.isArray(body.nodes))
      ctx.body = {
        ...body,
        nodes: body.nodes.map(shape),
        ...(claimedTotalPages === undefined ? {} : { totalPages: claimedTotalPages }),
      };
    else if (isObject(body.current)) ctx.body = { ...body, current: shape(body.current) };
    else if (typeof body.id === 'string' && !('error' in body)) ctx.body = shape(body);
  };
}
