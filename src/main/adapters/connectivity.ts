import { net } from 'electron';

/**
 * Whether the machine has a network connection, as Chromium sees it. `false` is reliable
 * (no connection at all); `true` only means some network is up, not that the school
 * answers, so the sync layer still treats request failures as offline.
 */
export function isOnline(): boolean {
  return net.isOnline();
}
