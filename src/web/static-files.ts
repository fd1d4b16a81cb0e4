import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** A built file of the renderer, or undefined when there is none at that path. */
export async function staticFile(
  root: string,
  urlPath: string,
): Promise<{ body: Buffer; type: string } | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined; // a malformed escape names no file
  }
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  const full = join(root, relative || 'index.html');
  // SECURITY: never serve anything outside the renderer's build folder.
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
  try {
    return { body: await readFile(full), type: TYPES[extname(full)] ?? 'application/octet-stream' };
  } catch {
    return undefined;
  }
}

/**
 * The renderer's index.html with the web bridge loaded first, so `window.schooldesk` exists
 * before the app's own module runs (module scripts run in document order).
 */
export function withWebBridge(html: string): string {
  return html.replace(
    '<script type="module"',
    '<script type="module" src="./web-bridge.js"></script>\n    <script type="module"',
  );
}
