import type { OutboxStatus } from '../../shared/outbox-contract';
import type { OpenedSchoolDatabase } from '../store/school-database';

/** Where the notice is kept: the school's database (the one opened in place of the old). */
const NOTICE_KEY = 'notice:set-aside';

type Notice = NonNullable<OutboxStatus['unreadable']>;

/** The database's metadata (MirrorDatabase has it). */
type Meta = {
  getMeta<T>(key: string): T | undefined;
  setMeta(key: string, value: unknown): void;
};

/**
 * Keeps the notice that a school's unreadable data was set aside at open, with how many
 * unsent changes it held as last recorded, until the owner has read it. Nothing is recorded
 * when nothing was set aside.
 */
export function recordSetAside(meta: Meta, opened: OpenedSchoolDatabase, now: number): void {
  // A database of a newer version gave its unsent edits up before it went aside: nothing of
  // the owner's is lost (the copy syncs again), so there is nothing to tell.
  if (!opened.setAside || opened.salvaged) return;
  const notice: Notice = {
    reason: opened.setAside,
    count: opened.unreadableUnsent?.count ?? 0,
    ...(opened.unreadableUnsent ? { savedAt: opened.unreadableUnsent.savedAt } : {}),
    at: now,
  };
  meta.setMeta(NOTICE_KEY, notice);
}

/** The notice, while the owner has not read it. */
export function setAsideNotice(meta: Meta): Notice | undefined {
  return meta.getMeta<Notice>(NOTICE_KEY);
}

/** The owner read the notice; answers whether there was one. */
export function acknowledgeSetAside(meta: Meta): boolean {
  if (!setAsideNotice(meta)) return false;
  meta.setMeta(NOTICE_KEY, undefined);
  return true;
}
