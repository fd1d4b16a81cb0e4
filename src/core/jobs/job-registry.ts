import type { AppEvent } from '../../shared/contract';

/** A running long operation: its abort signal and a way to report progress. */
export type Job = {
  readonly signal: AbortSignal;
  /** Reports rows done (succeeded or failed) of the total; throttled to one event per ~100 ms. */
  progress(done: number, total: number, failed: number): void;
};

/**
 * The long operations in flight (bulk generate, import, bulk enroll, export), by the id the
 * renderer chose. The renderer follows them through `job:progress` events and stops them with
 * `jobs:cancel`; a cancelled job finishes the row in flight and reports what it did.
 */
export class JobRegistry {
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly emit: (event: AppEvent) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `work` as job `jobId`; a second job with the same id is refused. */
  async run<T>(jobId: string, work: (job: Job) => Promise<T>): Promise<T> {
    if (this.running.has(jobId)) throw new Error(`job ${jobId} is already running`);
    const controller = new AbortController();
    this.running.set(jobId, controller);
    let lastSent = 0;
    const job: Job = {
      signal: controller.signal,
      progress: (done, total, failed) => {
        const time = this.now();
        // The last row always reports, so the bar ends at 100%.
        if (done < total && time - lastSent < 100) return;
        lastSent = time;
        this.emit({ type: 'job:progress', jobId, done, total, failed });
      },
    };
    try {
      return await work(job);
    } finally {
      this.running.delete(jobId);
    }
  }

  /** Asks job `jobId` to stop; false when no such job is running. */
  cancel(jobId: string): boolean {
    const controller = this.running.get(jobId);
    if (!controller) return false;
    controller.abort();
    return true;
  }
}
