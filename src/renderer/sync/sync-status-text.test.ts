import { beforeEach, describe, expect, it } from 'vitest';
import { ENTITY_NAMES } from '../../shared/entity-names';
import { syncStatus, type AreaSyncState, type SyncStatus } from '../../shared/sync-status';
import { formatWhen } from '../words/format';
import { BridgeError } from '../data/bridge';
import {
  areaSyncText,
  canCancelSync,
  copyFailureLine,
  syncLine,
  syncLineText,
} from './sync-status-text';
import { speak } from '../test-language';

beforeEach(() => speak('en'));

// Local times, so the expected clock reads the same in every time zone the tests run in.
const NOW = new Date(2025, 4, 14, 11, 5, 0).getTime();
const AT_10_42 = new Date(2025, 4, 14, 10, 42, 0).getTime();

const synced: AreaSyncState = { state: 'synced', rows: 10, syncedAt: AT_10_42 };

/** A school that answers, every area synced, nothing running: parsed, so it is a real shape. */
function status(overrides: Partial<SyncStatus> = {}): SyncStatus {
  return syncStatus.parse({
    schoolId: 'https://school.example',
    reachability: 'online',
    networkHint: true,
    areas: Object.fromEntries(ENTITY_NAMES.map((name) => [name, synced])),
    lastSyncedAt: AT_10_42,
    memoryOnly: false,
    ...overrides,
  });
}

const text = (s: SyncStatus, now = NOW) => syncLineText(syncLine(s, now));

describe('syncLine', () => {
  it('says "Up to date" when every area is synced and nothing runs', () => {
    const line = syncLine(status(), NOW);
    expect(syncLineText(line)).toBe('Up to date');
    expect(line.tone).toBe('ok');
    expect(line.hint).toBe('Last synced at 10:42');
  });

  it('names the changes that wait for the owner rather than say "Up to date"', async () => {
    expect(syncLineText(syncLine(status(), NOW, 1))).toBe('1 change needs you');
    expect(syncLine(status(), NOW, 3)).toMatchObject({
      phrase: '3 changes need you',
      tone: 'waiting',
    });
    await speak('zh-TW');
    expect(syncLineText(syncLine(status(), NOW, 2))).toBe('2 項變更需要你處理');
  });

  it('counts a first sync with its total, and offers to stop it', () => {
    const running = status({
      activity: { area: 'students', kind: 'first', done: 12_400, total: 100_000 },
    });
    const line = syncLine(running, NOW);
    expect(syncLineText(line)).toBe('Syncing students 12,400 of 100,000');
    // The counts are shown, not announced: only the phrase is read out when it changes.
    expect(line.phrase).toBe('Syncing students');
    expect(line.cancellable).toBe(true);
    expect(canCancelSync(running)).toBe(true);
  });

  it('counts rows so far while the total is unknown, and an incremental sync cannot be stopped', () => {
    const first = status({ activity: { area: 'coupons', kind: 'first', done: 0 } });
    expect(text(first)).toBe('Syncing coupons');
    const incremental = status({ activity: { area: 'pages', kind: 'incremental', done: 40 } });
    expect(text(incremental)).toBe('Syncing pages 40 so far');
    expect(syncLine(incremental, NOW).cancellable).toBe(false);
  });

  it('says offline with the time of the copy when the host has no network', () => {
    const offline = status({
      reachability: 'unreachable',
      networkHint: false,
      retryAt: NOW + 30_000,
    });
    expect(text(offline)).toBe('Offline: showing what was synced at 10:42');
    expect(syncLine(offline, NOW).tone).toBe('offline');
    const yesterday = new Date(2025, 4, 13, 10, 42).getTime();
    expect(
      text(status({ reachability: 'unreachable', networkHint: false, lastSyncedAt: yesterday })),
    ).toBe('Offline: showing what was synced on 13 May at 10:42');
  });

  it('falls back on the latest area when no round has finished yet, and says when nothing was', () => {
    const partial = status({
      reachability: 'unreachable',
      networkHint: false,
      lastSyncedAt: undefined,
      areas: { ...status().areas, students: { state: 'never', rows: 0 } },
    });
    expect(text(partial)).toBe('Offline: showing what was synced at 10:42');
    const none = status({
      reachability: 'unreachable',
      networkHint: false,
      lastSyncedAt: undefined,
      areas: Object.fromEntries(
        ENTITY_NAMES.map((n) => [n, { state: 'never', rows: 0 }]),
      ) as SyncStatus['areas'],
    });
    expect(text(none)).toBe('Offline: nothing was synced to this computer yet');
  });

  it('counts down to the next try when the school does not answer, and never past zero', () => {
    const down = status({ reachability: 'unreachable', retryAt: NOW + 30_000 });
    expect(text(down)).toBe("Can't reach the school: retrying in 30 s");
    expect(text(down, NOW + 1_000)).toBe("Can't reach the school: retrying in 29 s");
    expect(text(down, NOW + 29_500)).toBe("Can't reach the school: retrying in 1 s");
    expect(text(down, NOW + 31_000)).toBe("Can't reach the school: retrying now");
    // The countdown is not announced each second; the phrase is, once.
    expect(syncLine(down, NOW).phrase).toBe("Can't reach the school");
    expect(text(status({ reachability: 'unreachable' }))).toBe("Can't reach the school");
  });

  it('an unreachable school hides a running sync and cannot be cancelled', () => {
    const down = status({
      reachability: 'unreachable',
      retryAt: NOW + 5_000,
      activity: { area: 'students', kind: 'first', done: 10, total: 20 },
    });
    expect(text(down)).toBe("Can't reach the school: retrying in 5 s");
    expect(canCancelSync(down)).toBe(false);
  });

  it('names the areas still waiting for their first sync, and leaves out areas not granted', () => {
    const waiting = status({
      areas: {
        courses: synced,
        students: { state: 'syncing', rows: 50 },
        coupons: { state: 'not_granted', rows: 0 },
        pages: { state: 'never', rows: 0 },
      },
    });
    expect(text(waiting)).toBe('Students and pages not synced yet');
    const notGranted = status({
      areas: { ...status().areas, coupons: { state: 'not_granted', rows: 0 } },
    });
    expect(text(notGranted)).toBe('Up to date');
  });

  it('says when the school’s copy is too large to keep offline, rather than "Up to date"', () => {
    const tooLarge = status({
      areas: { ...status().areas, students: { state: 'too_large', rows: 0 } },
    });
    expect(text(tooLarge)).toBe("This school's copy is too large to keep offline");
  });

  it('says why a sync failed on this computer, and counts down to the next try', () => {
    const full = { reason: 'disk_full', retryAt: NOW + 30_000 } as const;
    const failed = status({
      areas: {
        ...status().areas,
        courses: { ...synced, failure: full },
        students: { state: 'never', rows: 0, failure: full },
      },
    });
    const line = syncLine(failed, NOW);
    expect(line.phrase).toBe("Can't sync because this computer's disk is full");
    expect(line).toMatchObject({ tone: 'failed', detail: ': retrying in 30 s' });
    expect(syncLine(failed, NOW + 31_000).detail).toBe(': retrying now');
    // Ahead of the areas it left unsynced: "not synced yet" alone would not say why.
    const unknown = status({
      areas: {
        ...status().areas,
        pages: { state: 'never', rows: 0, failure: { reason: 'sync_error' } },
      },
    });
    expect(text(unknown)).toBe(
      "Can't sync because something unexpected went wrong (the log has the details)",
    );
  });
});

describe('copyFailureLine', () => {
  it("says why the school's copy could not be opened, when this computer's files are why", async () => {
    const line = copyFailureLine(new BridgeError('disk_full'));
    expect(line && syncLineText(line)).toBe(
      "Can't open this school's copy because this computer's disk is full",
    );
    expect(line?.tone).toBe('failed');
    await speak('zh-TW');
    const chinese = copyFailureLine(new BridgeError('files_not_writable'));
    expect(chinese && syncLineText(chinese)).toBe(
      '無法開啟這所學校的本機副本：Schooldesk 無法寫入它的資料資料夾',
    );
  });

  it('says nothing for other failures: the lists tell them, and the shell a stopped host', () => {
    expect(copyFailureLine(new BridgeError('not_signed_in'))).toBeUndefined();
    expect(copyFailureLine(new Error('a transport hiccup'))).toBeUndefined();
  });
});

describe('areaSyncText and formatWhen', () => {
  it('says what each area keeps', () => {
    expect(areaSyncText({ state: 'synced', rows: 1_200, syncedAt: AT_10_42 }, NOW)).toBe(
      '1,200 kept, synced at 10:42',
    );
    expect(areaSyncText({ state: 'syncing', rows: 300 }, NOW)).toBe(
      'First sync under way: 300 so far',
    );
    expect(areaSyncText({ state: 'never', rows: 0 }, NOW)).toBe('Not synced yet');
    expect(areaSyncText({ state: 'not_granted', rows: 0 }, NOW)).toBe(
      'Not kept: this session may not read them',
    );
    expect(areaSyncText({ state: 'too_large', rows: 0 }, NOW)).toBe(
      "Not kept: the school's copy is too large to keep offline",
    );
    expect(
      areaSyncText({ state: 'never', rows: 0, failure: { reason: 'files_not_writable' } }, NOW),
    ).toBe('Last sync failed: Schooldesk may not write to its data folder');
  });

  it('writes a moment of an earlier year with its year', () => {
    expect(formatWhen(new Date(2024, 10, 21, 9, 5).getTime(), NOW)).toBe('on 21 Nov 2024 at 09:05');
  });
});

describe('the sync line in Chinese', () => {
  beforeEach(() => speak('zh-TW'));

  it('says each state in Chinese, with Taiwan’s clock and lists', () => {
    expect(text(status())).toBe('已是最新');
    expect(syncLine(status(), NOW).hint).toBe('上次同步：10:42');
    const running = status({
      activity: { area: 'students', kind: 'first', done: 12_400, total: 100_000 },
    });
    expect(text(running)).toBe('正在同步學員 12,400 / 100,000');
    const down = status({ reachability: 'unreachable', retryAt: NOW + 30_000 });
    expect(text(down)).toBe('無法連線到學校，30 秒後重試');
    const waiting = status({
      areas: {
        ...status().areas,
        students: { state: 'never', rows: 0 },
        pages: { state: 'syncing', rows: 3 },
      },
    });
    expect(text(waiting)).toBe('學員和頁面尚未同步');
    const failed = status({
      areas: {
        ...status().areas,
        students: {
          state: 'never',
          rows: 0,
          failure: { reason: 'disk_full', retryAt: NOW + 30_000 },
        },
      },
    });
    expect(text(failed)).toBe('無法同步：這台電腦的磁碟空間已滿，30 秒後重試');
    expect(areaSyncText({ state: 'synced', rows: 1_200, syncedAt: AT_10_42 }, NOW)).toBe(
      '保留 1,200 筆，同步時間：10:42',
    );
  });
});
