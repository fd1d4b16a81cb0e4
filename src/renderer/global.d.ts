import type { SchooldeskApi } from '../shared/bridge-api';

declare global {
  interface Window {
    /**
     * The bridge to the main side, installed before the app loads: by the preload in
     * Electron and by the web bridge in the web host. The renderer never knows which.
     */
    readonly schooldesk: SchooldeskApi;
  }
}
