import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AuthErrorCode } from '../../shared/auth-errors';
import type { Language } from '../../shared/languages';
import { hostText, languageOfRequest, type HostKey } from '../i18n/host-text';
import { PLAIN_PAGE_CSP, plainPage } from '../i18n/plain-page';
import { listenOnLoopback } from '../loopback-port';
import { AuthError } from './errors';

/** How long the listener waits for the browser before giving up (the default). */
export const DEFAULT_LISTENER_TIMEOUT_MS = 5 * 60_000;
/** How long the browser is kept waiting for the final page while tokens are fetched. */
export const FINAL_PAGE_WAIT_MS = 30_000;

/** The success page's sentence in English (the page speaks the browser's language). */
export const SUCCESS_TEXT = hostText('en').t('signIn.success');
/**
 * The page shown when the outcome is not known within the wait: it promises nothing, since
 * the exchange may still fail; the app shows how it ended. In English here.
 */
export const FINISHING_TEXT = hostText('en').t('signIn.finishing');

/** How the sign-in ended, as the browser's final page tells it. */
export type CallbackOutcome = { ok: true } | { ok: false; code: AuthErrorCode };

/** The one request that carried the expected state, held open for the final page. */
export type CallbackRequest = {
  url: URL;
  /**
   * Answers the browser in its language (Accept-Language): success, or the failure's sentence
   * (never the query string). Does nothing once the wait has passed and the browser got the
   * neutral page.
   */
  respond(outcome: CallbackOutcome): void;
};

type ListenerOptions = {
  expectedState: string;
  path?: string;
  /** The port of an earlier registration, tried first; any free port if it is taken. */
  preferredPort?: number;
  timeoutMs?: number;
  /** How long the browser waits for the outcome before it gets the neutral page. */
  finalPageWaitMs?: number;
  signal?: AbortSignal;
};

/**
 * The RFC 8252 loopback redirect listener.
 *
 * SECURITY: it binds 127.0.0.1 only, serves one path, ignores stray requests and ones with a
 * wrong `state` (they may come from another tab or a hostile page) while it keeps waiting,
 * accepts a single callback, times out, can be cancelled, and its pages repeat nothing from
 * the query string. Its pages speak the browser's language (its Accept-Language header).
 */
export class LoopbackListener {
  private settled = false;
  private resolveCallback!: (request: CallbackRequest) => void;
  private rejectCallback!: (error: AuthError) => void;
  private readonly callback: Promise<CallbackRequest>;
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly server: Server,
    readonly redirectUri: string,
    private readonly options: Required<Pick<ListenerOptions, 'expectedState' | 'path'>> &
      ListenerOptions,
  ) {
    this.callback = new Promise<CallbackRequest>((resolve, reject) => {
      this.resolveCallback = resolve;
      this.rejectCallback = reject;
    });
    // Nobody may be awaiting yet when a timeout or cancel lands; the caller sees it on wait().
    this.callback.catch(() => {});
    server.on('request', (request, response) => this.handle(request, response));
    this.timer = setTimeout(
      () => this.fail(new AuthError('timeout')),
      options.timeoutMs ?? DEFAULT_LISTENER_TIMEOUT_MS,
    );
    options.signal?.addEventListener('abort', () => this.fail(new AuthError('cancelled')), {
      once: true,
    });
  }

  /** Binds the listener; throws `listener_failed` when no port can be had. */
  static async start(options: ListenerOptions): Promise<LoopbackListener> {
    if (options.signal?.aborted) throw new AuthError('cancelled');
    const path = options.path ?? '/callback';
    const server = createServer();
    // Browsers keep connections alive; idle ones must not hold the listener (or the app) open.
    server.keepAliveTimeout = 1000;
    let port: number;
    try {
      port = await listenOnLoopback(server, options.preferredPort ?? 0, { orAnyPort: true });
    } catch (cause) {
      throw new AuthError('listener_failed', { cause });
    }
    return new LoopbackListener(server, `http://127.0.0.1:${port}${path}`, { ...options, path });
  }

  /** The port the listener is bound to. */
  get port(): number {
    return Number(new URL(this.redirectUri).port);
  }

  /** Resolves with the callback that carries the expected state; rejects on timeout or cancel. */
  wait(): Promise<CallbackRequest> {
    return this.callback;
  }

  /** Stops listening and drops every connection. Safe to call more than once. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    if (!this.settled) this.fail(new AuthError('cancelled'));
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', this.redirectUri);
    const language = languageOfRequest(request.headers['accept-language']);
    const say = (status: number, key: HostKey) =>
      page(response, status, language, hostText(language).t(key));
    if (request.method !== 'GET' || url.pathname !== this.options.path) {
      say(404, 'signIn.nothingHere');
      return;
    }
    if (this.settled || url.searchParams.get('state') !== this.options.expectedState) {
      say(400, 'signIn.notThisSignIn');
      return;
    }
    this.settled = true;
    clearTimeout(this.timer);
    let answered = false;
    const answer = (text: string) => {
      if (answered) return;
      answered = true;
      clearTimeout(guard);
      page(response, 200, language, text);
      // Single use: nothing more is accepted once the callback has been answered.
      this.server.close();
      this.server.closeIdleConnections();
    };
    const respond = (outcome: CallbackOutcome) =>
      answer(
        outcome.ok ? hostText(language).t('signIn.success') : failureText(language, outcome.code),
      );
    // The browser cannot wait forever, but success is not known yet: the exchange may still
    // fail, so the page says neither, and a later outcome is shown in the app only.
    const guard = setTimeout(
      () => answer(hostText(language).t('signIn.finishing')),
      this.options.finalPageWaitMs ?? FINAL_PAGE_WAIT_MS,
    );
    this.resolveCallback({ url, respond });
  }

  private fail(error: AuthError): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.rejectCallback(error);
    this.server.close();
    this.server.closeAllConnections();
  }
}

/**
 * The failure's sentence in `language` from the errors catalog, else (a code it lacks) a
 * general sentence that sends the owner to the app.
 */
function failureText(language: Language, code: AuthErrorCode): string {
  const text = hostText(language);
  return text.error(code) ?? text.t('signIn.failed');
}

/** A minimal page; `text` is always ours, never anything from the request. */
function page(response: ServerResponse, status: number, language: Language, text: string): void {
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': PLAIN_PAGE_CSP,
    'Referrer-Policy': 'no-referrer',
    Connection: 'close',
  });
  response.end(
    plainPage({
      language,
      title: hostText(language).t('signIn.title'),
      heading: 'Schooldesk',
      paragraphs: [text],
    }),
  );
}
