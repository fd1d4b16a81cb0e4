import type { SchooldeskBridge } from '../shared/bridge';

declare global {
  interface Window {
    /** Set by the Electron preload; absent when the renderer runs without one. */
    readonly schooldesk?: SchooldeskBridge;
  }
}
