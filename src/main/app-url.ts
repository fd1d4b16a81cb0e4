import { pathToFileURL } from 'node:url';

/**
 * Where the app's own page comes from: the built `index.html` on disk, or (in
 * `electron-vite dev` only) the Vite dev server on loopback.
 */
export type AppEntry =
  | { kind: 'file'; url: string; pathname: string; directory: string }
  | { kind: 'dev'; url: string; origin: string; host: string };

/**
 * Decides what the window loads. A packaged app always loads the built file, whatever the
 * environment says; the dev-server URL is honoured only in development and only on loopback,
 * so a stray ELECTRON_RENDERER_URL cannot point the app at a remote page.
 */
export function appEntry(options: {
  isPackaged: boolean;
  devUrl: string | undefined;
  rendererPath: string;
}): AppEntry {
  const dev = options.isPackaged ? undefined : loopbackHttpUrl(options.devUrl);
  if (dev) return { kind: 'dev', url: dev.href, origin: dev.origin, host: dev.host };
  const file = pathToFileURL(options.rendererPath);
  const pathname = file.pathname;
  return {
    kind: 'file',
    url: file.href,
    pathname,
    directory: pathname.slice(0, pathname.lastIndexOf('/') + 1),
  };
}

/**
 * SECURITY: whether a frame's URL is the app's own page. IPC is answered only for frames
 * showing it, so a frame that somehow reached another page (navigation is denied, but this
 * does not rely on that) gets nothing. The fragment and query are ignored: the renderer may
 * route with them.
 */
export function isAppUrl(frameUrl: string, entry: AppEntry): boolean {
  const url = parse(frameUrl);
  if (!url) return false;
  if (entry.kind === 'dev') return url.origin === entry.origin;
  return url.protocol === 'file:' && url.host === '' && url.pathname === entry.pathname;
}

/**
 * SECURITY: whether the renderer may load this URL at all. Only the app's own files (or the
 * dev server, with its hot-reload socket) and inline data are allowed: Schooldesk shows no
 * remote content, and everything it fetches goes through the bridge in main.
 */
export function isAllowedRendererRequest(requestUrl: string, entry: AppEntry): boolean {
  const url = parse(requestUrl);
  if (!url) return false;
  if (url.protocol === 'data:' || url.protocol === 'blob:' || url.protocol === 'devtools:')
    return true;
  if (entry.kind === 'dev') {
    if (url.protocol === 'ws:') return url.host === entry.host;
    return url.origin === entry.origin;
  }
  return (
    url.protocol === 'file:' &&
    url.host === '' &&
    url.pathname.startsWith(entry.directory) &&
    // A normalised URL has no dot segments left, but be explicit: nothing above the folder.
    !url.pathname.slice(entry.directory.length).split('/').includes('..')
  );
}

function parse(raw: string | undefined): URL | undefined {
  if (!raw) return undefined;
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function loopbackHttpUrl(raw: string | undefined): URL | undefined {
  const url = parse(raw);
  return url && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) ? url : undefined;
}
