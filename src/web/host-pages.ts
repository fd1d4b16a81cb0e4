import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostText, languageOfRequest, PLAIN_PAGE_CSP, plainPage } from '../core/host';

/**
 * The web host's own pages and refusals, in the language the browser asks for
 * (Accept-Language): a browser that navigates gets a page in plain words, a script (the web
 * bridge's fetch) the contract's error shape with the same sentence.
 */

/** Why the host refused a request; each has its sentence in the `host` catalog. */
export type Refusal =
  'wrongHost' | 'foreignOrigin' | 'noSecret' | 'method' | 'notFound' | 'internal';

/**
 * "Open Schooldesk with its full address": what a bookmark without the secret, or with an old
 * one, leads to. It says how to open Schooldesk and that the address is in the terminal.
 */
export function howToOpenPage(request: IncomingMessage, response: ServerResponse, status = 200) {
  const language = languageOfRequest(request.headers['accept-language']);
  const { t } = hostText(language);
  sendPage(
    response,
    status,
    plainPage({
      language,
      title: t('web.openTitle'),
      heading: t('web.openHeading'),
      paragraphs: [t('web.openMissing')],
      steps: [t('web.openStep1'), t('web.openStep2'), t('web.openStep3')],
      footer: t('web.openNotRunning'),
    }),
  );
}

/**
 * Refuses a request with `status`: a page for a browser's navigation, the contract's
 * `forbidden` answer for anything else (`internal` when the host itself failed: the caller
 * did nothing wrong). A request without the secret that a browser navigated
 * to gets the "open Schooldesk with its full address" page.
 */
export function refuse(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  reason: Refusal,
): void {
  if (wantsPage(request)) {
    if (reason === 'noSecret') return howToOpenPage(request, response, status);
    const language = languageOfRequest(request.headers['accept-language']);
    const { t } = hostText(language);
    return sendPage(
      response,
      status,
      plainPage({
        language,
        title: 'Schooldesk',
        heading: 'Schooldesk',
        paragraphs: [t(`web.${reason}`)],
      }),
    );
  }
  const message = hostText(languageOfRequest(request.headers['accept-language'])).t(
    `web.${reason}`,
  );
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(
    JSON.stringify({
      ok: false,
      error: { code: reason === 'internal' ? 'internal' : 'forbidden', message },
    }),
  );
}

/** A browser's navigation (it asks for HTML), not a script's fetch. */
function wantsPage(request: IncomingMessage): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

function sendPage(response: ServerResponse, status: number, html: string): void {
  // SECURITY: the page's own policy (its one style by hash) replaces the app's.
  response.setHeader('Content-Security-Policy', PLAIN_PAGE_CSP);
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
}
