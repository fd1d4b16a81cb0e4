import type { SchooldeskApi } from '../../src/shared/bridge-api';

/** What the app page exposes, for specs that evaluate code inside it. */
declare global {
  interface Window {
    schooldesk: SchooldeskApi;
  }
}
