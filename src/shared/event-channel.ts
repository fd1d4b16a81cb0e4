/**
 * The name of the one event channel (an IPC channel in Electron, SSE in the web host). Kept
 * free of zod so the sandboxed preload can import it without bundling a validator.
 */
export const EVENT_CHANNEL = 'schooldesk:event';
