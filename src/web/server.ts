import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { EVENT_CHANNEL, type AppEvent } from '../shared/contract';
import {
  createHandlers,
  createServices,
  favourMemoryOverSpeed,
  FileKeyEncryptor,
  handle,
  listenOnLoopback,
  type BrowserOpener,
  type Fetch,
  type LogSink,
  type RateLimits,
  type SecretMask,
} from '../core/host';
import { bridgeError, json } from './bridge-answer';
import { HOW_TO_OPEN_PATH } from './client/how-to-open';
import { loadHostAddress, saveHostAddress, type HostAddress } from './host-address';
import { howToOpenPage, refuse } from './host-pages';
import { staticFile, withWebBridge } from './static-files';

export type WebHostOptions = {
  /**
   * The port to listen on; 0: the one this data folder's host used last if it is free (so a
   * bookmark keeps working), else any free port.
   */
  port: number;
  dataDir: string;
  /** Makes a new secret instead of the data folder's saved one (`--new-secret`). */
  newSecret?: boolean;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  browser: BrowserOpener;
  log: LogSink;
  /** The mask `log` applies, made the app's one mask (see HostAdapters.mask). */
  mask?: SecretMask;
  /** The pace kept with each school (HostAdapters.rateLimits); the platform's by default. */
  rateLimits?: Partial<RateLimits>;
  fetch?: Fetch;
};

export type WebHost = {
  url: string;
  secret: string;
  /** How the secret came to be (kept from the last start, new, or rotated). */
  secretOrigin: HostAddress['secretOrigin'];
  /** The folder's last port, when it was taken and the host had to listen on another one. */
  lostPort?: number;
  close(): Promise<void>;
};

/** SECURITY: what the page may load: our own bundles only, nothing inline, nothing remote. */
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
  "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'";
/**
 * SECURITY: the largest bridge request body, refused before it is all buffered. A student
 * import carries its rows in one request (the contract allows 50,000): 16 MiB holds 50,000
 * rows of up to ~330 bytes of JSON each (a real row is ~100: name, e-mail, phone), while a
 * flood is still cut off early; the contract then checks every field.
 */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * The web host: the built renderer plus core's handler table over loopback HTTP, for our
 * machines (no Electron binary) and for users who cannot run the desktop shell.
 *
 * SECURITY: it binds 127.0.0.1 only; every request must name this host exactly (DNS
 * rebinding); bridge calls must come from this origin and carry the data folder's secret
 * (32 random bytes, compared in constant time, never logged), which reaches the page through
 * the URL fragment. The secret and the port are kept per data folder (host-address.ts), so
 * the printed address stays the same across restarts until `newSecret` rotates it.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  favourMemoryOverSpeed();
  const address = loadHostAddress(options.dataDir, {
    rotate: options.newSecret ?? false,
    log: options.log,
  });
  const { secret } = address;
  const streams = new Set<ServerResponse>();
  const emit = (event: AppEvent) => {
    const frame = `event: ${EVENT_CHANNEL}\ndata: ${JSON.stringify(event)}\n\n`;
    // A stream the browser closed may not have said so yet: write only to open ones.
    for (const response of streams) if (!response.writableEnded) response.write(frame);
  };
  const services = createServices({
    dataDir: options.dataDir,
    // A damaged key file is set aside with one line in the log; the host starts fresh.
    encryptor: new FileKeyEncryptor(join(options.dataDir, 'keys', 'session.key'), options.log),
    browser: options.browser,
    emit,
    log: options.log,
    ...(options.mask ? { mask: options.mask } : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  // SECURITY: whatever reaches a log line passes the app's one mask, the secret included.
  services.mask.add(secret);
  const handlers = createHandlers(services);
  const server = createServer();
  server.keepAliveTimeout = 5000;
  // A long operation answers only when it ends: a 5,000-row import waits out the platform's
  // rate limit (200 writes a minute) for about 25 minutes. Node's `requestTimeout` (300 s)
  // bounds only receiving the request, not the wait for our answer (measured on Node 20: a
  // handler answering after the timeout still answers), and the socket `timeout` is 0, so
  // the defaults stay: they still stop a client that never finishes sending its request.
  const remembered = options.port === 0 ? address.port : undefined;
  // An asked-for port is kept or fails; the folder's last port, taken by someone else now,
  // gives way to any free one (and the owner is told the address changed).
  const port = await listenOnLoopback(server, options.port || remembered || 0, {
    orAnyPort: remembered !== undefined,
  });
  if (port !== address.port) saveHostAddress(options.dataDir, { secret, port });
  const origin = `http://127.0.0.1:${port}`;

  const isSecret = (value: string | undefined) => {
    const given = Buffer.from(value ?? '');
    const expected = Buffer.from(secret);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  // SECURITY: a client that asks before it sends a body (Expect: 100-continue; curl does past
  // 1 MiB) is invited only when the body may be read: one declared past the cap gets its 413
  // (readJson) without a byte of it sent. Node would otherwise invite every body.
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    if (!declaredPastCap(request)) response.writeContinue();
    server.emit('request', request, response);
  });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      response.setHeader('Content-Security-Policy', CSP);
      response.setHeader('X-Content-Type-Options', 'nosniff');
      response.setHeader('Referrer-Policy', 'no-referrer');
      response.setHeader('Cache-Control', 'no-store');
      // SECURITY: one Host line, naming this host exactly. Two are malformed (RFC 9112 §3.2):
      // Node keeps only the first, so a proxy reading the other would disagree with us.
      const hosts = request.headersDistinct.host ?? [];
      if (hosts.length !== 1) return refuse(request, response, 400, 'wrongHost');
      if (hosts[0] !== origin.slice('http://'.length))
        return refuse(request, response, 421, 'wrongHost');
      const url = new URL(request.url ?? '/', origin);
      if (url.pathname.startsWith('/bridge/')) {
        // SECURITY: same origin only (a page elsewhere cannot drive the bridge), and the secret.
        if (request.headers.origin !== undefined && request.headers.origin !== origin)
          return refuse(request, response, 403, 'foreignOrigin');
        // Without it, a browser that navigated here gets the page that says how to open the app.
        if (!isSecret(header(request, 'x-schooldesk-secret')))
          return refuse(request, response, 401, 'noSecret');
        if (url.pathname === '/bridge/events' && request.method === 'GET')
          return openStream(response, streams);
        if (request.method !== 'POST' || request.headers.origin !== origin)
          return refuse(request, response, 403, 'foreignOrigin');
        // A path that is not a channel name (a malformed percent-escape) names no channel.
        const channel = decodedChannel(url.pathname.slice('/bridge/'.length));
        if (channel === undefined)
          return json(response, 200, bridgeError('unknown_channel'), request);
        const body = await readJson(request);
        if (!body.ok) return json(response, body.status, bridgeError('invalid_request'), request);
        const result = await handle(handlers, channel, body.value, {
          trustedSender: true,
          log: options.log,
        });
        return json(response, 200, result);
      }
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return refuse(request, response, 405, 'method');
      // The page the web bridge sends a browser to when its address lacks the secret.
      if (url.pathname === HOW_TO_OPEN_PATH) return howToOpenPage(request, response);
      const file = await staticFile(
        options.rendererDir,
        url.pathname === '/' ? '/index.html' : url.pathname,
      );
      if (!file) return refuse(request, response, 404, 'notFound');
      const body = file.type.startsWith('text/html')
        ? Buffer.from(withWebBridge(file.body.toString('utf8')))
        : file.body;
      response.writeHead(200, { 'Content-Type': file.type }).end(body);
    })().catch((error: unknown) => {
      options.log.error(`web host: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) refuse(request, response, 500, 'internal');
    });
  });

  return {
    url: origin,
    secret,
    secretOrigin: address.secretOrigin,
    ...(remembered && port !== remembered ? { lostPort: remembered } : {}),
    close: async () => {
      // Each school's replay and sync stop, and its database closes, before we go.
      await services.schools.closeAll();
      for (const stream of streams) stream.end();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function openStream(response: ServerResponse, streams: Set<ServerResponse>): void {
  response.writeHead(200, { 'Content-Type': 'text/event-stream', Connection: 'keep-alive' });
  response.write(': connected\n\n');
  streams.add(response);
  response.on('close', () => streams.delete(response));
}

function decodedChannel(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** Whether the request declares a body (Content-Length) past MAX_BODY_BYTES. */
function declaredPastCap(request: IncomingMessage): boolean {
  return Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES;
}

/**
 * The request's JSON body, or the status that refuses it: 400 for a body that is not JSON,
 * 413 for one past the cap.
 */
async function readJson(
  request: IncomingMessage,
): Promise<{ ok: true; value: unknown } | { ok: false; status: 400 | 413 }> {
  // SECURITY: a declared size past the cap is refused before a byte of it is read.
  if (declaredPastCap(request)) return { ok: false, status: 413 };
  if (!(request.headers['content-type'] ?? '').startsWith('application/json'))
    return { ok: false, status: 400 };
  const body = await new Promise<Buffer | 'too_large' | 'aborted'>((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Buffer | 'too_large' | 'aborted') => {
      request.off('data', onData).off('end', onEnd).off('close', onClose);
      resolve(result);
    };
    // SECURITY: refuse a body past the cap before buffering a flood (chunked, no length).
    // The request is paused, not destroyed, so the 413 still reaches the sender; the
    // connection closes after it (see json()).
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      request.pause();
      finish('too_large');
    };
    const onEnd = () => finish(Buffer.concat(chunks));
    const onClose = () => finish('aborted');
    request.on('data', onData).on('end', onEnd).on('close', onClose);
  });
  if (body === 'too_large') return { ok: false, status: 413 };
  if (body === 'aborted') return { ok: false, status: 400 };
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) };
  } catch {
    return { ok: false, status: 400 };
  }
}
