/** Runs `work` later: by default once the code running now is done (a microtask). */
export type Later = (work: () => void) => void;

/**
 * The scheduler of TanStack Query's notices (`notifyManager.setScheduler`): every notice due
 * before it runs is told in one go, in the order they came, at the end of the code running
 * now rather than in a task of its own.
 *
 * TanStack's default gives each batch of notices a `setTimeout(0)` task, and after a
 * keystroke Chromium runs those only after its next frames: traced at 5,000 students, an
 * offline save's own notices (its pending state, the record and its list rows written ahead)
 * were drawn 20-35 ms after Ctrl+S, in up to four renders, just as the save's answer came,
 * which then waited behind them. Told here, they are drawn in the keystroke's own frame, and
 * the answer finds the renderer idle. A microtask also keeps a query's new data and the
 * component state set after it in one render (TanStack/query#8815, where its maintainers
 * suggest this scheduler).
 */
export function noticeScheduler(later: Later = queueMicrotask): (notice: () => void) => void {
  let due: Array<() => void> = [];
  return (notice) => {
    due.push(notice);
    if (due.length > 1) return;
    later(() => {
      const now = due;
      due = [];
      for (const each of now) each();
    });
  };
}
