import { setFlagsFromString } from 'node:v8';

/**
 * Asks V8 to favour memory over speed in the host (Electron's main process and the web
 * host); called first thing by each. A first sync allocates a page's worth of short-lived
 * objects at a time, and by default V8 lets its young generation and old space grow to
 * about 170 MiB before collecting: the host of a 100,000-student first sync peaked at
 * 317 MiB RSS with a live heap of 20 MiB. With `--optimize-for-size` the heap stays near
 * 30 MiB and the host peaks near 180 MiB, for about 1 s more CPU time in that sync (measured
 * with `npm run bench:offline` on this project's machine).
 *
 * Set at run time because neither host can take it on its command line: a packaged Electron
 * app's main process is started by the OS. V8 reads this flag at each collection, so it takes
 * effect from the next one; flags sized at start-up (`--max-semi-space-size`) do not.
 */
export function favourMemoryOverSpeed(): void {
  setFlagsFromString('--optimize-for-size');
}
