import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BridgeErrorCode } from '../shared/bridge-errors';

/** How the web host answers a bridge call: JSON in the contract's Result shape. */

/** The bridge's own failure, in the contract's Result shape the renderer reads. */
export function bridgeError(code: BridgeErrorCode) {
  return { ok: false, error: { code } } as const;
}

/**
 * How much of a refused body the host still reads, and for how long, after its answer, before
 * it hangs up. Hanging up at once, with the sender's bytes still arriving, makes the kernel
 * reset the connection, and a reset can throw the answer away before the sender has read it.
 * A short, bounded linger (as web servers do) lets the answer arrive first; a flood costs at
 * most this much reading, never buffering.
 */
const LINGER = { bytes: 4 * 1024 * 1024, ms: 1_000 } as const;

/**
 * Answers JSON. Given the `request` whose body was not (all) read, it then drops what still
 * arrives for a moment (LINGER) and closes the connection, so the rest of a refused body is
 * not read for nothing. (Not `Connection: close`: Node would hang up the moment the answer
 * is written.)
 *
 * The body is serialised before a header is written: a value JSON cannot hold (nested past
 * what JSON.stringify recurses through, a BigInt, a cycle) is answered 500 with the bridge's
 * `internal` error, and then thrown for the caller's log. Written first, the headers would
 * have been "sent", and the call left open until the socket timed out.
 */
export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  unread?: IncomingMessage,
): void {
  let text: string;
  try {
    text = JSON.stringify(body);
  } catch (error) {
    send(response, 500, JSON.stringify(bridgeError('internal')), unread);
    throw new Error('a bridge answer could not be serialised', { cause: error });
  }
  send(response, status, text, unread);
}

function send(
  response: ServerResponse,
  status: number,
  text: string,
  unread: IncomingMessage | undefined,
): void {
  if (unread && !unread.complete) response.once('finish', () => lingerThenClose(unread));
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(text);
}

function lingerThenClose(request: IncomingMessage): void {
  const close = () => {
    clearTimeout(timer);
    request.socket.destroy();
  };
  const timer = setTimeout(close, LINGER.ms);
  let dropped = 0;
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER.bytes) close();
  });
  request.resume();
}
