import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildSchooldeskApi, type Invoke, type Subscribe } from '../shared/bridge-api';
import type { AppEvent, Result } from '../shared/contract';
import { EVENT_CHANNEL } from '../shared/event-channel';

/** Replaced at build time with the version from package.json (see electron.vite.config.ts). */
declare const __SCHOOLDESK_VERSION__: string;

/** A rejected invoke (no handler, a destroyed window) still answers a coded Result. */
const internalError = {
  ok: false,
  error: { code: 'internal' },
} as const satisfies Result<never>;

const invoke: Invoke = (channel, request) =>
  ipcRenderer.invoke(channel, request).catch(() => internalError);

const subscribe: Subscribe = (listener) => {
  // SECURITY: only the event payload crosses; the IpcRendererEvent (which holds the
  // ipcRenderer as `sender`) never reaches the page.
  const forward = (_event: IpcRendererEvent, appEvent: AppEvent) => listener(appEvent);
  ipcRenderer.on(EVENT_CHANNEL, forward);
  return () => {
    ipcRenderer.removeListener(EVENT_CHANNEL, forward);
  };
};

// SECURITY: exposes the contract's named functions only, grouped by domain. Never
// ipcRenderer or a generic invoke: the page reaches no channel it was not given.
contextBridge.exposeInMainWorld(
  'schooldesk',
  buildSchooldeskApi(__SCHOOLDESK_VERSION__, invoke, subscribe),
);
