import { silentLog } from '../../../src/core/auth/secret-mask';
import { LocalFirstSchoolData } from '../../../src/core/data/local-first';
import { SchoolOutbox } from '../../../src/core/outbox/school-outbox';
import { PlatformClient } from '../../../src/core/platform/platform-client';
import type { RetryPolicy } from '../../../src/core/platform/retry';
import { OutboxTable } from '../../../src/core/outbox/outbox-table';
import { SCHOOL_KEY, type SyncHarness } from './sync-harness';

/**
 * The school as the app opens it, on a sync harness: its encrypted database, its outbox (a
 * table in it), sync with the outbox's overlay, and the local-first data the handlers call. What it
 * opens is closed by the functions it pushes on `closers` (newest first).
 */
export async function openSchoolWithOutbox(
  harness: SyncHarness,
  closers: Array<() => Promise<void>>,
  options: { retry?: Partial<RetryPolicy> } = {},
) {
  const db = await harness.openDatabase();
  closers.push(() => Promise.resolve(db.close()).then(() => undefined));
  const opened = await SchoolOutbox.open({
    schoolId: SCHOOL_KEY,
    store: new OutboxTable(db, 'owner'),
    onStatus: () => undefined,
    log: silentLog,
  });
  const sync = await harness.open({ db, overlay: SchoolOutbox.overlayOf(opened.outbox) });
  const client = (transport: typeof sync.link.screen) =>
    new PlatformClient({
      apiBaseUrl: harness.client.apiBaseUrl,
      transport,
      ...(options.retry ? { retry: options.retry } : {}),
    });
  const outbox = opened.attach({
    sync: sync.sync,
    screen: client(sync.link.screen),
    background: client(sync.link.background),
    reachability: sync.link.reachability,
  });
  closers.push(() => outbox.close());
  const data = new LocalFirstSchoolData(client(sync.link.screen), sync.sync, outbox.parts);
  return { sync, outbox, data };
}

/** Resolves once the outbox is empty. */
export function drained(outbox: SchoolOutbox): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (outbox.box.size === 0) resolve();
    };
    outbox.box.onChange(check);
    check();
  });
}
