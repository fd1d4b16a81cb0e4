import { create } from 'zustand';
import { HOST_STOPPED } from '../../shared/host-stopped';
import { toUiError } from './bridge';

/**
 * Whether a bridge call found Schooldesk's own host stopped (the web host's connection was
 * refused). Once it is, every screen's failure has the same cause, so the shell says it once,
 * above everything, with how to start Schooldesk again.
 */
export const useHostStopped = create<{ stopped: boolean }>()(() => ({ stopped: false }));

/** Notes a failed call; only {@link HOST_STOPPED} changes anything. */
export function noteHostStopped(error: unknown): void {
  if (toUiError(error).code === HOST_STOPPED) useHostStopped.setState({ stopped: true });
}
