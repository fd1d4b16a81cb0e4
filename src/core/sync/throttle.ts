import { systemTimers, type Timers } from './reachability';

/**
 * At most one act per window, the first without delay and none lost: the first call acts at
 * once and opens a window of `ms`; the calls within it are folded into one more act at its
 * end, which opens the next window. A burst of calls acts about once a window, and the last
 * call is acted on within `ms` of it.
 */
export class Throttle {
  private window: { more: boolean; timer: unknown } | undefined;

  constructor(
    private readonly ms: number,
    private readonly act: () => void,
    private readonly timers: Timers = systemTimers,
  ) {}

  /** Acts now, or at the end of the window that is open. */
  call(): void {
    if (this.claim()) this.act();
  }

  /**
   * For a caller that acts now itself, together with other work: true when it should (and a
   * window opens); false when the call was folded into the open window's act.
   */
  claim(): boolean {
    if (this.window) {
      this.window.more = true;
      return false;
    }
    const window = { more: false, timer: undefined as unknown };
    window.timer = this.timers.setTimeout(() => {
      this.window = undefined;
      if (window.more) this.call();
    }, this.ms);
    this.window = window;
    return true;
  }

  /** Closes the open window without its folded act (its owner is closing). */
  cancel(): void {
    if (this.window) this.timers.clearTimeout(this.window.timer);
    this.window = undefined;
  }
}
