/** Runs `work` in a later task; `setTimeout(0)`, as TanStack Query's own scheduler. */
export type Later = (work: () => void) => void;

const nextTask: Later = (work) => {
  setTimeout(work, 0);
};

/**
 * A scheduler for TanStack Query's notices that tells every notice due within one task in
 * one later task, in the order they came. TanStack's own gives each batch of notices a task
 * of its own, and React draws once per task: one save (its pending state, the cancelled read,
 * the record and its list rows written ahead) drew the record panel four times, while the
 * save's answer waited behind those renders. Seen in a trace of offline saves at 5,000
 * students: four renders in separate tasks before, two after.
 */
export function oneTaskScheduler(later: Later = nextTask): (notice: () => void) => void {
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
