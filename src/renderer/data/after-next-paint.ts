/**
 * Runs `work` once the browser has drawn the next frame, so what the owner is waiting to see
 * (a save kept) is drawn before work it does not wait for (lists read again) starts.
 */
export function afterNextPaint(work: () => void): void {
  // A frame's callbacks run before it is drawn; a task queued from one runs after.
  requestAnimationFrame(() => setTimeout(work, 0));
}
