import type { EntityName } from '../shared/entity-names';
import type { AreaSyncState, SyncStatus } from '../shared/sync-status';
import { formatNumber, formatWhen } from './format';
import { areaInfo, capitalised } from './workspace/areas';

/**
 * The shell's sync status line, worked out from a school's {@link SyncStatus}. It comes in two
 * parts so a screen reader hears a change of state ("Syncing students") once, not every
 * count or every second of a countdown: `phrase` is announced, `detail` is only shown.
 */
export type SyncLine = {
  /** The state in words, announced when it changes: "Syncing students", "Up to date". */
  phrase: string;
  /** What changes often and is only shown: " 12,400 of 100,000", ": retrying in 30 s". */
  detail: string;
  tone: 'ok' | 'busy' | 'waiting' | 'offline';
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

/** "students", "students and pages", "courses, students and pages". */
function listOf(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
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
 * sync with its counts, areas still waiting for their first sync, or "Up to date".
 */
export function syncLine(status: SyncStatus, now: number): SyncLine {
  const last = lastSynced(status);
  const hint = last === undefined ? undefined : `Last synced ${formatWhen(last, now)}`;
  const base = { cancellable: false, ...(hint ? { hint } : {}) };

  if (status.reachability === 'unreachable') {
    if (!status.networkHint)
      return {
        ...base,
        tone: 'offline',
        phrase:
          last === undefined
            ? 'Offline: nothing was synced to this computer yet'
            : `Offline: showing what was synced ${formatWhen(last, now)}`,
        detail: '',
      };
    const seconds =
      status.retryAt === undefined
        ? undefined
        : Math.max(0, Math.ceil((status.retryAt - now) / 1000));
    return {
      ...base,
      tone: 'offline',
      phrase: "Can't reach the school",
      detail:
        seconds === undefined
          ? ''
          : seconds === 0
            ? ': retrying now'
            : `: retrying in ${seconds} s`,
    };
  }

  const { activity } = status;
  if (activity) {
    const { done, total } = activity;
    return {
      ...base,
      tone: 'busy',
      cancellable: canCancelSync(status),
      phrase: `Syncing ${areaInfo(activity.area).plural}`,
      detail:
        total !== undefined
          ? ` ${formatNumber(done)} of ${formatNumber(total)}`
          : done > 0
            ? ` ${formatNumber(done)} so far`
            : '',
    };
  }

  const waiting = (Object.keys(status.areas) as EntityName[]).filter((area) => {
    const state = status.areas[area].state;
    return state === 'never' || state === 'syncing';
  });
  if (waiting.length > 0)
    return {
      ...base,
      tone: 'waiting',
      phrase: `${capitalised(listOf(waiting.map((a) => areaInfo(a).plural)))} not synced yet`,
      detail: '',
    };
  return { ...base, tone: 'ok', phrase: 'Up to date', detail: '' };
}

/** One area's copy in words, for the Account area: "1,200 kept, synced at 10:42". */
export function areaSyncText(area: AreaSyncState, now: number): string {
  switch (area.state) {
    case 'not_granted':
      return 'Not kept: this session may not read them';
    case 'never':
      return 'Not synced yet';
    case 'syncing':
      return `First sync under way: ${formatNumber(area.rows)} so far`;
    case 'synced':
      return area.syncedAt === undefined
        ? `${formatNumber(area.rows)} kept`
        : `${formatNumber(area.rows)} kept, synced ${formatWhen(area.syncedAt, now)}`;
  }
}
