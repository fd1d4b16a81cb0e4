import { contextBridge } from 'electron';
import type { SchooldeskBridge } from '../shared/bridge';

/** Replaced at build time with the version from package.json (see electron.vite.config.ts). */
declare const __SCHOOLDESK_VERSION__: string;

const bridge: SchooldeskBridge = {
  version: __SCHOOLDESK_VERSION__,
};

// SECURITY: expose a frozen object of named members only. Never expose ipcRenderer or a
// generic invoke: the renderer must not be able to reach channels it was not given.
contextBridge.exposeInMainWorld('schooldesk', Object.freeze(bridge));
