import i18next from 'i18next';
import type { EntityName } from '../../shared/entity-names';
import type { AreaSyncState, SyncStatus } from '../../shared/sync-status';
import { isFileErrorCode } from '../../shared/file-errors';
import { toUiError } from '../data/bridge';
import { formatWhen } from '../words/format';

/**
 * The shell's sync status line, worked out from a school's {@link SyncStatus}, in the owner's
 * language. It comes in two parts so a screen reader hears a change of state ("Syncing
 * students") once, not every count or every second of a countdown: `phrase` is announced,
 * `detail` is only shown.
 */
export type SyncLine = {
  /** The state in words, announced when it changes: "Syncing students", "Up to date". */
  phrase: string;
  /** What changes often and is only shown: " 12,400 of 100,000", ": retrying in 30 s". */
  detail: string;
  tone: 'ok' | 'busy' | 'waiting' | 'offline' | 'failed';
  /** A first sync is running; the owner may stop it (it resumes later). */
  cancellable: boolean;
  /** When the copy was last brought up to date, for a tooltip: "Last synced at 10:42". */
  hint?: string;
};

/** The line's whole text, as it reads on screen. */
export function syncLineText(line: SyncLine): string {
  return line.phrase + line.detail;
}

/** Whether a first sync is running, which the owner may stop (it resumes later). */
export function canCancelSync(status: SyncStatus): boolean {
  return status.reachability === 'online' && status.activity?.kind === 'first';
}

/** An area's name in a sentence: "students", "學員". */
const areaWord = (area: EntityName) => i18next.t(`sync:area.${area}`);

/**
 * "students and pages", "courses, students and pages"; "學員和頁面". British English lists
 * without a comma before "and", as the rest of the app writes.
 */
function listOf(words: readonly string[]): string {
  const locale = i18next.language === 'zh-TW' ? 'zh-TW' : 'en-GB';
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(words);
}

/** A sentence's first letter in capitals (a no-op in Chinese). */
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * When the line counts down to: the next probe of a school that does not answer, else the
 * next round after an area's pass failed.
 */
export function nextTry(status: SyncStatus): number | undefined {
  if (status.reachability === 'unreachable') return status.retryAt;
  return firstFailure(status)?.retryAt;
}

type SyncFailure = NonNullable<AreaSyncState['failure']>;

/** The failure of the first area whose last pass failed, if any did. */
const firstFailure = (status: SyncStatus): SyncFailure | undefined =>
  Object.values(status.areas).find((area) => area.failure)?.failure;

/** ": retrying in 30 s" until `retryAt`, then ": retrying now"; nothing while it is unknown. */
function retryDetail(retryAt: number | undefined, now: number): string {
  if (retryAt === undefined) return '';
  const seconds = Math.max(0, Math.ceil((retryAt - now) / 1000));
  return seconds === 0
    ? i18next.t('sync:line.retryingNow')
    : i18next.t('sync:line.retryingIn', { seconds });
}

/** The last moment the copy was up to date: the round's end, else the latest area's. */
function lastSynced(status: SyncStatus): number | undefined {
  if (status.lastSyncedAt !== undefined) return status.lastSyncedAt;
  const times = Object.values(status.areas).flatMap((a) =>
    a.syncedAt === undefined ? [] : [a.syncedAt],
  );
  return times.length > 0 ? Math.max(...times) : undefined;
}

/**
 * The status line for a school at `now` (Unix milliseconds): offline with the time of the
 * copy, unreachable with a countdown to the next try (never an endless spinner), a running
 * sync with its counts, areas still waiting for their first sync, the changes parked until
 * the owner acts (`needsYou`, from the outbox), or "Up to date".
 */
export function syncLine(status: SyncStatus, now: number, needsYou = 0): SyncLine {
  const last = lastSynced(status);
  const t = i18next.t;
  const hint =
    last === undefined ? undefined : t('sync:line.lastSynced', { when: formatWhen(last, now) });
  const base = { cancellable: false, ...(hint ? { hint } : {}) };

  if (status.reachability === 'unreachable') {
    if (!status.networkHint)
      return {
        ...base,
        tone: 'offline',
        phrase:
          last === undefined
            ? t('sync:line.offlineNever')
            : t('sync:line.offlineSince', { when: formatWhen(last, now) }),
        detail: '',
      };
    return {
      ...base,
      tone: 'offline',
      phrase: t('sync:line.unreachable'),
      detail: retryDetail(status.retryAt, now),
    };
  }

  const { activity } = status;
  if (activity) {
    const { done, total } = activity;
    return {
      ...base,
      tone: 'busy',
      cancellable: canCancelSync(status),
      phrase: t('sync:line.syncing', { area: areaWord(activity.area) }),
      // A space apart from the phrase in both languages: the counts are numbers.
      detail:
        total !== undefined
          ? ` ${t('sync:line.progress', { done, total })}`
          : done > 0
            ? ` ${t('sync:line.soFar', { done })}`
            : '',
    };
  }

  // Short enough for the header; the Account area says which areas, and what to do.
  const failure = firstFailure(status);
  if (failure)
    return {
      ...base,
      tone: 'failed',
      phrase: t('sync:line.failed', { reason: reasonWords(failure.reason) }),
      detail: retryDetail(failure.retryAt, now),
    };
  if (Object.values(status.areas).some((area) => area.state === 'too_large'))
    return { ...base, tone: 'waiting', phrase: t('sync:line.tooLarge'), detail: '' };
  const waiting = (Object.keys(status.areas) as EntityName[]).filter((area) => {
    const state = status.areas[area].state;
    return state === 'never' || state === 'syncing';
  });
  if (waiting.length > 0)
    return {
      ...base,
      tone: 'waiting',
      phrase: t('sync:line.notYet', { areas: capitalised(listOf(waiting.map(areaWord))) }),
      detail: '',
    };
  // Nothing is up to date while a change waits for the owner's say.
  if (needsYou > 0)
    return {
      ...base,
      tone: 'waiting',
      phrase: t('sync:line.needsYou', { count: needsYou }),
      detail: '',
    };
  return { ...base, tone: 'ok', phrase: t('sync:line.upToDate'), detail: '' };
}

/**
 * The line when the school's copy on this computer could not even be opened, so there is no
 * status to tell (a disk too full to open it): "Can't open this school's copy because this
 * computer's disk is full". Undefined for any other failure: the lists say what failed, and
 * a stopped host is told by the shell.
 */
export function copyFailureLine(error: unknown): SyncLine | undefined {
  const { code } = toUiError(error);
  if (!isFileErrorCode(code)) return undefined;
  return {
    tone: 'failed',
    phrase: i18next.t('sync:line.copyFailed', { reason: reasonWords(code) }),
    detail: '',
    cancellable: false,
  };
}

/** Why a sync failed, in a few words: "this computer's disk is full". */
const reasonWords = (reason: SyncFailure['reason']) => i18next.t(`sync:failure.${reason}`);

/** One area's copy in words, for the Account area: "1,200 kept, synced at 10:42". */
export function areaSyncText(area: AreaSyncState, now: number): string {
  const t = i18next.t;
  if (area.failure) return t('sync:areaState.failed', { reason: reasonWords(area.failure.reason) });
  switch (area.state) {
    case 'not_granted':
      return t('sync:areaState.notGranted');
    case 'too_large':
      return t('sync:areaState.tooLarge');
    case 'never':
      return t('sync:areaState.never');
    case 'syncing':
      return t('sync:areaState.firstSync', { rows: area.rows });
    case 'synced':
      return area.syncedAt === undefined
        ? t('sync:areaState.kept', { rows: area.rows })
        : t('sync:areaState.keptSynced', { rows: area.rows, when: formatWhen(area.syncedAt, now) });
  }
}
