import { buildSchooldeskApi, type Invoke, type Subscribe } from '../../shared/bridge-api';
import type { AppEvent, Channel, RequestOf, ResponseOf, Result } from '../../shared/contract';
import { HOST_STOPPED } from '../../shared/host-stopped';
import { HOW_TO_OPEN_PATH } from './how-to-open';

/**
 * The web host's bridge: installs the same `window.schooldesk` the Electron preload exposes,
 * over same-origin HTTP. It loads before the app, so the renderer never knows its host.
 *
 * SECURITY: the per-run secret arrives once, in the URL fragment (never sent to a server,
 * never a cookie). It is moved to sessionStorage so a reload keeps working, and the fragment
 * is removed from the address bar and history. Without one (the address was opened without
 * its fragment), or with one the host refuses (rotated with --new-secret), the page goes to
 * the host's "open Schooldesk with its full address" page instead of an app that cannot work.
 */
const SECRET_KEY = 'schooldesk.bridge-secret';

function takeSecret(): string {
  const fromFragment = location.hash.slice(1);
  if (fromFragment) {
    sessionStorage.setItem(SECRET_KEY, fromFragment);
    history.replaceState(null, '', location.pathname + location.search);
  }
  return sessionStorage.getItem(SECRET_KEY) ?? '';
}

/** Leaves the app for the page that says how to open it; a refused secret is forgotten. */
function howToOpen(): void {
  sessionStorage.removeItem(SECRET_KEY);
  location.replace(HOW_TO_OPEN_PATH);
}

const secret = takeSecret();
if (!secret) howToOpen();
const headers = { 'content-type': 'application/json', 'x-schooldesk-secret': secret };

/** What a call answers when the host refuses the connection: it was stopped. */
const stoppedAnswer = { ok: false, error: { code: HOST_STOPPED, message: '' } } as const;

const invoke: Invoke = async <C extends Channel>(channel: C, request: RequestOf<C>) => {
  let response: Response;
  try {
    response = await fetch(`/bridge/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(request),
    });
  } catch {
    // fetch rejects only when no answer came at all: on loopback, the host is not running.
    return stoppedAnswer;
  }
  // Only a missing or wrong secret is answered 401 (server.ts).
  if (response.status === 401) howToOpen();
  // The host answers every call with the contract's Result shape, errors included.
  return (await response.json()) as Result<ResponseOf<C>>;
};

const listeners = new Set<(event: AppEvent) => void>();
let streaming = false;
let hostStopped = false;

/** Tells the app when the host stops answering or answers again (once per change). */
function hostState(stopped: boolean): void {
  if (stopped === hostStopped) return;
  hostStopped = stopped;
  for (const listener of listeners) listener({ type: 'host:state', stopped });
}

/**
 * Reads the server-sent event stream (through fetch, so the secret travels in a header). It
 * reconnects every second while anyone listens, so it is also how a page left open learns
 * that the host stopped, and that it runs again.
 */
async function stream(): Promise<void> {
  streaming = true;
  try {
    const response = await fetch('/bridge/events', { headers }).catch(() => undefined);
    // No answer at all: on loopback, the host is not running.
    if (!response) throw new Error('host stopped');
    hostState(false);
    if (response.status === 401) return howToOpen();
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (data) for (const listener of listeners) listener(JSON.parse(data) as AppEvent);
      }
    }
  } catch (error) {
    // The stream drops when the host stops or the network hiccups; reconnect below.
    if (error instanceof Error && error.message === 'host stopped') hostState(true);
  }
  streaming = false;
  if (listeners.size > 0) setTimeout(() => void stream(), 1000);
}

const subscribe: Subscribe = (listener) => {
  listeners.add(listener);
  if (!streaming) void stream();
  return () => {
    listeners.delete(listener);
  };
};

declare const __SCHOOLDESK_VERSION__: string;
const version = typeof __SCHOOLDESK_VERSION__ === 'string' ? __SCHOOLDESK_VERSION__ : 'web';

Object.defineProperty(window, 'schooldesk', {
  value: Object.freeze(buildSchooldeskApi(version, invoke, subscribe)),
  writable: false,
  configurable: false,
});
