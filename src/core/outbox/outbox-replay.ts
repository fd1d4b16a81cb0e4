import { EntrySender, type SendOptions } from './entry-sender';
import { isEnrollmentEdit, recordKey, type OutboxEntry } from './outbox-entry';
import { systemTimers, type Timers } from '../sync/reachability';

/** What replay needs: what sending needs, and how to pace the rounds. */
export type ReplayOptions = SendOptions & {
  /**
   * False while the school is known not to answer: nothing is sent then (no entry shows
   * "Sending" offline), and the owner of the reachability runs replay when it answers again.
   */
  isReachable?: () => boolean;
  timers?: Timers;
  /** Records sent at once (the write limiter paces them). */
  concurrency?: number;
  /** First wait after a failed attempt; doubles up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** The time, for the backoff (Date.now by default). */
  now?: () => number;
  /** The backoff began, grew or ended: {@link OutboxReplay.refusingUntil} may have changed. */
  onBackoff?: () => void;
};

/**
 * After this many rounds in a row that ended on a write the school did not take, the owner is
 * told the school is refusing changes (one failure is a blip, the owner need not hear it).
 */
const REFUSING_AFTER = 2;

/**
 * Sends the outbox's entries to the school, exactly once each:
 * - a create carries its entry's Idempotency-Key on every attempt, so a repeat after a lost
 *   answer is answered with the record made the first time;
 * - an update carries the ETag its edit saw. A 412 is read, not shown: when the school
 *   already holds the edit's values, an earlier attempt got through (a lost answer); when it
 *   changed only other fields, the edit is sent again on its version; only fields both sides
 *   changed park the entry as a conflict for the owner;
 * - a failure is sorted, never dropped: no answer, a 5xx or a 429 the client could not wait
 *   out leave the entry waiting and retry after a backoff; 401 waits for a new sign-in; 403,
 *   404 and 422 park the entry with what the owner needs to decide.
 * Entries of one record go one after another; other records go `concurrency` at once, and a
 * parked entry holds back only the later entries of its own record.
 */
export class OutboxReplay {
  private running: Promise<void> | undefined;
  private again = false;
  private retryTimer: unknown;
  /** Rounds in a row that ended on a write the school did not take; only a write it took resets it. */
  private failures = 0;
  /** Unix ms before which nothing is sent but on the owner's word (0: no backoff). */
  private backoffUntil = 0;
  private closed = false;

  private readonly sender: EntrySender;

  constructor(private readonly o: ReplayOptions) {
    this.sender = new EntrySender(o);
  }

  /**
   * While the school keeps refusing writes: when replay tries again (unix ms), for the owner
   * to read "refusing changes; retrying in N s". Undefined otherwise.
   */
  get refusingUntil(): number | undefined {
    return this.failures >= REFUSING_AFTER && this.backoffUntil > this.now()
      ? this.backoffUntil
      : undefined;
  }

  /**
   * Sends every entry that can go now; resolves when none is left that can. During a backoff
   * it waits for the backoff's end, whoever asks (a reconnect, a new edit): a school that
   * answers reads but refuses writes is not asked again sooner. `ownerAsked`: the owner
   * pressed Send again, which goes at once.
   */
  run(ownerAsked = false): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (!ownerAsked && this.backoffUntil > this.now()) {
      this.schedule(this.backoffUntil - this.now());
      return this.running ?? Promise.resolve();
    }
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.running = (async () => {
      do {
        this.again = false;
        await this.drain();
      } while (this.again && !this.closed);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** No more attempts; resolves when the ones under way have ended. */
  async close(): Promise<void> {
    this.closed = true;
    this.timers.clearTimeout(this.retryTimer);
    await this.running;
  }

  private get timers(): Timers {
    return this.o.timers ?? systemTimers;
  }

  /** Entries that may go now: waiting, and the oldest of their record. */
  private ready(busy: ReadonlySet<string>): OutboxEntry[] {
    const seen = new Set<string>();
    const ready: OutboxEntry[] = [];
    for (const entry of this.o.outbox.entries()) {
      const key = recordKey(entry.edit);
      if (seen.has(key)) continue;
      seen.add(key);
      if (entry.state === 'waiting' && !busy.has(key) && !this.waitsForCreate(entry))
        ready.push(entry);
    }
    return ready;
  }

  /** An enrollment of a student or course made here goes once the school has made it. */
  private waitsForCreate({ edit }: OutboxEntry): boolean {
    if (!isEnrollmentEdit(edit)) return false;
    const { outbox } = this.o;
    return (
      outbox.isUnsentCreate('students', edit.studentId) ||
      outbox.isUnsentCreate('courses', edit.courseId)
    );
  }

  private now(): number {
    return (this.o.now ?? Date.now)();
  }

  private async drain(): Promise<void> {
    const busy = new Set<string>();
    let halted = false;
    let waitsForSignIn = false;
    let took = false;
    const reachable = this.o.isReachable ?? (() => true);
    const worker = async () => {
      while (!halted && !this.closed) {
        if (!reachable()) return;
        const next = this.ready(busy)[0];
        if (!next) return;
        const key = recordKey(next.edit);
        busy.add(key);
        try {
          const outcome = await this.sender.send(next);
          if (outcome === 'done') took = true;
          if (outcome === 'halt' || outcome === 'signIn') halted = true;
          if (outcome === 'signIn') waitsForSignIn = true;
        } finally {
          busy.delete(key);
        }
      }
    };
    // Each pass starts the workers again: an entry freed by one that just went is picked up.
    while (!halted && !this.closed && reachable() && this.ready(busy).length > 0)
      await Promise.all(Array.from({ length: Math.max(1, this.o.concurrency ?? 4) }, worker));
    // Only a write the school took ends a backoff: a read that works (the school answering
    // again) does not, or a school that reads but refuses writes would be asked at once.
    if (took || this.o.outbox.size === 0) this.endBackoff();
    if (halted && !waitsForSignIn) this.retryLater();
  }

  private retryLater(): void {
    if (this.closed) return;
    const base = this.o.backoffMs ?? 500;
    const delay = Math.min(this.o.maxBackoffMs ?? 30_000, base * 2 ** this.failures);
    this.failures += 1;
    this.backoffUntil = this.now() + delay;
    this.schedule(delay);
    this.o.onBackoff?.();
  }

  private endBackoff(): void {
    if (this.failures === 0 && this.backoffUntil === 0) return;
    this.failures = 0;
    this.backoffUntil = 0;
    this.o.onBackoff?.();
  }

  /** One timer at a time: the next round, `delay` ms from now. */
  private schedule(delay: number): void {
    if (this.closed) return;
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = this.timers.setTimeout(() => void this.run(), delay);
  }
}
