/**
 * The shape of `window.schooldesk`, the API the preload exposes to the renderer.
 *
 * It lives in shared so that the preload (which builds it) and the renderer (which reads it)
 * agree on one type without importing each other. It grows into the named, per-domain API
 * derived from the IPC contract; it never gains a generic `invoke`.
 */
export interface SchooldeskBridge {
  /** The app version from package.json, fixed at build time. */
  readonly version: string;
}
