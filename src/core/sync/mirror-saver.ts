import type { LogSink } from '../adapters';
import type { Timers } from './reachability';

/** What saving needs of the mirror (MirrorDatabase has these). */
export interface SavableMirror {
  /** Bumps on every change, so a save can be skipped when nothing changed. */
  readonly changeCount: number;
  export(): Uint8Array;
}

/**
 * Saves a mirror coalesced: `request` saves within `delayMs` however many changes come
 * meanwhile (never one save per row), `now` saves at once. Saves never overlap, and one is
 * skipped when nothing changed since the last. A failed save is logged and tried again at
 * the next request: the data stays in memory meanwhile.
 */
export class MirrorSaver {
  private timer: unknown;
  private chain: Promise<void> = Promise.resolve();
  private savedCount: number;
  private discarded = false;

  constructor(
    private readonly mirror: SavableMirror,
    private readonly write: (bytes: Uint8Array) => Promise<void>,
    private readonly options: { delayMs: number; timers: Timers; log: LogSink },
  ) {
    this.savedCount = mirror.changeCount;
  }

  /** A save within delayMs. */
  request(): void {
    if (this.discarded || this.timer !== undefined) return;
    this.timer = this.options.timers.setTimeout(() => {
      this.timer = undefined;
      void this.now();
    }, this.options.delayMs);
  }

  /**
   * Saves on the next turn of the event loop: the caller's synchronous work (telling the
   * status) goes first, and the export, which blocks for ~100 ms on a large copy, after.
   */
  soon(): void {
    if (this.discarded) return;
    this.options.timers.clearTimeout(this.timer);
    this.timer = this.options.timers.setTimeout(() => {
      this.timer = undefined;
      void this.now();
    }, 0);
  }

  /** Saves now if anything changed; resolves when that save (and any before it) ended. */
  now(): Promise<void> {
    this.options.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.chain = this.chain.then(async () => {
      const count = this.mirror.changeCount;
      if (this.discarded || count === this.savedCount) return;
      try {
        await this.write(this.mirror.export());
        this.savedCount = count;
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        this.options.log.warn(
          `sync: the local copy could not be saved (${typeof code === 'string' ? code : 'error'})`,
        );
      }
    });
    return this.chain;
  }

  /** No save after this one; resolves when a save under way has ended (the copy is wiped). */
  discard(): Promise<void> {
    this.discarded = true;
    this.options.timers.clearTimeout(this.timer);
    this.timer = undefined;
    return this.chain;
  }
}
