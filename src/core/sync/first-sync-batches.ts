import {
  readUnreadable,
  type AreaMeta,
  type BulkLoad,
  type StagedPage,
  type SyncMirror,
} from './area-state';
import type { AreaWriter } from './area-writer';
import type { PageAnswer } from './page-walk';

/**
 * Rows a large first sync stores in one transaction. Each commit writes a page of the primary
 * key for most of its rows (the ids are random), so fewer, larger commits write far less: 500
 * rows a commit took 3.0 s of commits for 100,000 students, 5,000 a commit 1.1 s, checkpoints
 * included (a scratch load of seeded students into the app's schema, on this machine).
 */
export const FIRST_SYNC_BATCH_ROWS = 5000;

/**
 * Rows a large first sync stores in one transaction once fewer than FIRST_SYNC_BATCH_ROWS are
 * still to come. The batch that holds the last page commits after the school has answered
 * every page, while nothing else is left to do; by then its rows also keep the area's indexes
 * up to date (pull.ts INDEX_WHEN_LEFT), and a last batch of 5,000 students held the end of a
 * first sync of 100,000 for about 130 ms. With this, the stand-in school sat idle 128 ms more
 * than in the raw page loop, against 215 ms (means of 8 runs each, `bench:offline` on this
 * project's machine); the helper's CPU time grew by about 0.1 s of its 1.4 s.
 */
export const LAST_BATCH_ROWS = 1000;

/**
 * Batches a helper may have unanswered before the walk waits for it: one being stored, one
 * on its way. The host holds no more than these (about 1.3 MB of JSON each) whatever the
 * disk's pace.
 */
const BATCHES_AHEAD = 2;

/**
 * How a first sync stores the pages its walk fetched. A small area's are stored page by page:
 * their commits are cheap and the progress exact. A large area's are stored
 * FIRST_SYNC_BATCH_ROWS at a time (LAST_BATCH_ROWS in its last stretch), with the frontier
 * they reach (where a restart resumes) in the same transaction, so the frontier is never
 * ahead of the rows below it.
 *
 * A large area's batches go to the mirror's helper process when it has one (BulkLoad.helper),
 * and commit there while the walk goes on: with the host storing them itself, a first sync
 * of 100,000 students took ~1.3x as long as the same pages fetched and parsed alone, against
 * ~1.05x with nothing stored (scratch runs against the stand-in, on this machine). Each page
 * is staged in the helper as it arrives. A page that holds unreadable records, or meets a
 * mirror that knows some, is kept as it is and stored by the host once the batch's staged
 * pages are: noting those reads the mirror.
 */
export class FirstSyncBatches {
  private buffered: Array<PageAnswer | StagedPage> = [];
  private rows = 0;
  private frontier: number | undefined;
  /** The batches handed on, in order; rejected with the first failure. */
  private stored: Promise<void> = Promise.resolve();
  private unanswered = 0;
  /** Whether the mirror knows unreadable records of the area: read once, then after each store here. */
  private knowsUnreadable: boolean | undefined;
  private waiting: Array<() => void> = [];
  private readonly failed = new AbortController();
  /** Rows added or changed so far. */
  changed = 0;

  constructor(
    private readonly o: {
      writer: AreaWriter;
      mirror: SyncMirror;
      /** The area's sync state now, and where to keep it once it has been written. */
      meta: () => AreaMeta;
      setMeta: (meta: AreaMeta) => void;
      /** The area's bulk load, once it is a large one. */
      bulk: () => BulkLoad | undefined;
    },
  ) {}

  /** Aborted, with the error as its reason, when a batch could not be stored. */
  get signal(): AbortSignal {
    return this.failed.signal;
  }

  /**
   * A page the walk fetched; `large`: the area loads in batches; `rowsLeft`: about how many
   * rows the area holds past this page.
   */
  add(answer: PageAnswer, large: boolean, rowsLeft: number): void {
    const helper = large ? this.o.bulk()?.helper : undefined;
    this.knowsUnreadable ??= readUnreadable(this.o.mirror, this.o.writer.area).length > 0;
    const stages = helper !== undefined && !answer.unreadableIds?.length && !this.knowsUnreadable;
    this.buffered.push(stages ? helper.stage(answer) : answer);
    this.rows += answer.nodes.length;
    const batchRows = rowsLeft < FIRST_SYNC_BATCH_ROWS ? LAST_BATCH_ROWS : FIRST_SYNC_BATCH_ROWS;
    if (!large || this.rows >= batchRows) this.flush();
  }

  /** Every page before `nextPage` has been added. */
  reached(nextPage: number): void {
    this.frontier = nextPage;
  }

  /** Resolves once fewer than BATCHES_AHEAD batches wait for the helper. */
  async room(): Promise<void> {
    while (this.unanswered >= BATCHES_AHEAD)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Stores what is left and waits for every batch; throws what storing met. */
  async finish(): Promise<void> {
    this.flush();
    await this.stored;
  }

  private flush(): void {
    const pages = this.buffered;
    const reached = this.frontier;
    this.buffered = [];
    this.rows = 0;
    this.frontier = undefined;
    const meta = reached === undefined ? undefined : { ...this.o.meta(), nextPage: reached };
    if (meta) this.o.setMeta(meta);
    const answers = pages.filter((page): page is PageAnswer => 'nodes' in page);
    const staged = pages.filter((page): page is StagedPage => !('nodes' in page));
    const helper = this.o.bulk()?.helper;
    if (!helper) {
      this.storeHere(answers, meta);
      return;
    }
    this.unanswered += 1;
    this.stored = this.stored
      .then(async () => {
        // The meta commits with the batch's last rows: the helper's, unless some are here.
        const here = answers.length > 0 || staged.length === 0;
        if (staged.length > 0) {
          await helper.store(staged, here || !meta ? undefined : this.o.writer.metaEntry(meta));
          for (const page of staged) this.changed += page.ids.length;
          this.o.writer.checkSize();
        }
        if (here) this.storeHere(answers, meta);
      })
      .finally(() => {
        this.unanswered -= 1;
        for (const wake of this.waiting.splice(0)) wake();
      });
    this.stored.catch((error: unknown) => this.failed.abort(error));
  }

  /** Stores a batch on the mirror's own connection, in one transaction. */
  private storeHere(answers: PageAnswer[], meta: AreaMeta | undefined): void {
    const { mirror, writer } = this.o;
    const apply = () => {
      for (const answer of answers) this.changed += writer.store(answer);
      if (meta) writer.writeMeta(meta);
    };
    if (mirror.batch) mirror.batch(apply);
    else apply();
    this.knowsUnreadable = readUnreadable(mirror, writer.area).length > 0;
    this.o.bulk()?.checkpoint();
  }
}
