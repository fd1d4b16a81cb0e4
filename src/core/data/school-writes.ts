import type { Versioned } from '../platform/platform-client';
import type { Enrollment, EntityName } from '../platform/schemas';
import type { SchoolData } from './school-data';

/**
 * Where LocalFirstSchoolData's writes go, and what its reads must know of writes not yet at
 * the school. Two stand behind it: the outbox's (OutboxSchoolWrites: the screens' writes,
 * saved here first) and DirectSchoolWrites (straight to the school: long operations, which
 * need each answer as they go). Ids come in as the school knows them (`currentId` first).
 * The writes are SchoolData's own, stated there once.
 */
export interface SchoolWrites extends Pick<
  SchoolData,
  | 'create'
  | 'update'
  | 'remove'
  | 'enroll'
  | 'removeEnrollment'
  | 'expireEnrollment'
  | 'extendEnrollment'
> {
  /** The school's id of a record made here, for a screen that still knows its first id. */
  currentId(id: string): string;
  /**
   * The ETag a record with unsent edits is shown with (an edit of it queues behind them);
   * undefined when none waits, so the copy's or the school's version stands.
   */
  unsentEtag(entity: EntityName, id: string): string | undefined;
  /** A version the school sent goes into the copy (with any unsent edits on top). */
  received(entity: EntityName, answer: Versioned<{ id: string }>): void;
  /** A student's enrollments as the school listed them, with any unsent changes on top. */
  foldEnrollments(studentId: string, rows: Enrollment[]): Enrollment[];
}
