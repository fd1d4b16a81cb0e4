import type { EntityName } from '../../shared/entity-names';
import type { BulkLoad, StagedPage } from '../sync/area-state';
import type { PageAnswer } from '../sync/page-walk';
import type { HelperProcess, HelperSql } from './helper-process';
import type { Db } from './mirror-sql';

/**
 * The host connection's page cache while an area loads in bulk, in KiB. With a helper
 * process the batches are stored there (its own cache, helper-process.ts) and this only keeps
 * the host from caching pages nothing lists before the load ends. Without one (a database in
 * memory, some tests), the batches are stored here: a batch's commit dirties a page of the
 * primary key for most of its rows (the platform's ids are random), so the cache must hold
 * one batch's pages (about 1,900 pages of 4 KiB at 5,000 students) or SQLite writes them out
 * twice.
 */
const BULK_CACHE_KIB = 10 * 1024;

/** What ends a line of the helper's input (its reader's line ends). */
const LINE_BREAK = /[\r\n]/;

/** Starts a helper process on the school's database, with `sql` prepared (helper-process.ts). */
export type StartHelper = (sql: HelperSql) => HelperProcess;

/**
 * The bulk loads of one connection (MirrorDatabase.bulkLoad). While any runs, the connection
 * does not checkpoint at each commit (with a helper, the helper checkpoints what it stored;
 * without, the load asks for `checkpoint` between its commits) and its page cache is
 * BULK_CACHE_KIB; the last to end gives it its settings back.
 */
export class BulkLoads {
  private readonly running = new Set<symbol>();
  private before: { autocheckpoint: number; cacheSize: number } | undefined;

  constructor(
    private readonly db: Db,
    private readonly startHelper: StartHelper | undefined,
  ) {}

  /**
   * A load of `entity`: its batches go to a helper process when the database has one (its
   * file), stored with `sql` there; `written` is told their ids once committed.
   */
  start(
    entity: EntityName,
    sql: HelperSql,
    written: (ids: readonly string[]) => void,
    indexes: readonly string[],
  ): BulkLoad {
    if (this.running.size === 0) {
      this.before = {
        autocheckpoint: Number(this.db.pragma('wal_autocheckpoint', { simple: true })),
        cacheSize: Number(this.db.pragma('cache_size', { simple: true })),
      };
      this.db.pragma('wal_autocheckpoint = 0');
      this.db.pragma(`cache_size = -${BULK_CACHE_KIB}`);
    }
    const token = Symbol(entity);
    this.running.add(token);
    let helper: HelperProcess | undefined;
    /** The index build indexSoon asked for. A failure is left to `end`, which tries again. */
    let indexed: Promise<boolean> | undefined;
    const build = (running: HelperProcess) =>
      running.ask({ statements: indexes }).then(
        () => true,
        () => false,
      );
    const startHelper = this.startHelper;
    return {
      ...(startHelper && {
        helper: {
          stage: (page: PageAnswer): StagedPage => {
            const ids = page.nodes.map((record) => {
              if (typeof record.id !== 'string' || record.id === '')
                throw new TypeError(`a ${entity} record without an id`);
              return record.id;
            });
            helper ??= startHelper(sql);
            // The school's own JSON holds exactly these records (PageAnswer.text), but a
            // line break in it would end the message early.
            const text = page.text;
            helper.stage(
              text !== undefined && !LINE_BREAK.test(text)
                ? text
                : JSON.stringify({ nodes: page.nodes }),
            );
            return { ids };
          },
          store: async (pages: readonly StagedPage[], meta?: { key: string; value: unknown }) => {
            helper ??= startHelper(sql);
            await helper.commit(pages.length, meta && [meta.key, JSON.stringify(meta.value)]);
            written(pages.flatMap((page) => page.ids));
          },
        },
      }),
      indexSoon: () => {
        if (helper) indexed ??= build(helper);
      },
      // A turn of the event loop after the commit's, once the host has read what arrived
      // meanwhile (an immediate set by an immediate runs after the next poll for I/O): a call
      // that came during the commit is answered before the checkpoint, not after both. PASSIVE:
      // it copies what no reader still needs and never waits. A failure (the database closed
      // meanwhile, a full disk) is left to the next commit, which meets it too and says so.
      checkpoint: () => {
        setImmediate(() =>
          setImmediate(() => {
            try {
              this.db.pragma('wal_checkpoint(PASSIVE)');
            } catch {
              // See above.
            }
          }),
        );
      },
      end: async (complete = false) => {
        // A build that fails here is left to MirrorDatabase.buildIndexes, which meets the
        // same failure and says so.
        if (complete && helper && !(await indexed)) await build(helper);
        // What the helper was sent is committed before the load ends; a helper that failed
        // has said so to the store that met it.
        await helper?.close().catch(() => helper?.kill());
        if (!this.running.delete(token) || this.running.size > 0) return;
        if (!this.before || !this.db.open) return;
        this.db.pragma(`wal_autocheckpoint = ${this.before.autocheckpoint}`);
        this.db.pragma(`cache_size = ${this.before.cacheSize}`);
      },
    };
  }
}
