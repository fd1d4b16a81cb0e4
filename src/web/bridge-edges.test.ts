import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost, type WebHost } from './server';

/** The bridge's edges: odd paths and bodies get the status and coded answer they deserve. */
const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-bridge-edges-'));
const logged: { level: string; line: string }[] = [];
let host: WebHost;
beforeAll(async () => {
  // A key file cut short by a crash: the host still starts.
  mkdirSync(join(dataDir, 'keys'), { recursive: true });
  writeFileSync(join(dataDir, 'keys', 'session.key'), Buffer.alloc(0));
  const sink = (level: string) => (line: string) => void logged.push({ level, line });
  host = await startWebHost({
    port: 0,
    dataDir,
    rendererDir: dataDir,
    browser: { open: () => Promise.resolve() },
    log: { info: sink('info'), warn: sink('warn'), error: sink('error') },
  });
});
afterAll(async () => {
  await host?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function post(
  path: string,
  body: string | ReadableStream<Uint8Array>,
  contentType = 'application/json',
) {
  // `duplex: 'half'` lets a stream be the body (Node's fetch asks for it; its types lag).
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    headers: { 'content-type': contentType, origin: host.url, 'x-schooldesk-secret': host.secret },
    body,
    duplex: 'half',
  };
  return fetch(`${host.url}/bridge/${path}`, init);
}

/**
 * Sends `head` (request line and headers) and then `body` on a raw socket, so the request can
 * be what fetch would not send (two Host lines, an Expect), and answers all that came back
 * until the host closed the connection (or 2 s passed: it may keep one alive).
 */
async function exchange(head: string[], body: string): Promise<string> {
  const url = new URL(host.url);
  const socket = connect(Number(url.port), url.hostname);
  let received = '';
  socket.on('data', (data: Buffer) => void (received += data.toString('latin1')));
  socket.on('error', () => {}); // a reset once the host hangs up: the answer is what counts
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  // A body follows only an invitation (100 Continue) when the request asked for one.
  if (body) socket.write(body);
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  socket.destroy();
  return received;
}

async function answer(response: Response) {
  return {
    status: response.status,
    body: (await response.json()) as { ok: boolean; error?: { code: string } },
  };
}

describe('the web bridge', () => {
  it('starts on an empty key file, saying once that saved sessions cannot be read', () => {
    const lines = logged.filter(({ line }) => line.includes('saved sessions cannot be read'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn' });
    expect(lines[0]!.line).toContain('session.key');
  });

  it('answers unknown_channel to a malformed percent-escape, and logs no error', async () => {
    const errors = logged.filter(({ level }) => level === 'error').length;
    const { status, body } = await answer(await post('%E0%A4%A', '{}'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    expect(logged.filter(({ level }) => level === 'error')).toHaveLength(errors);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const { status, body } = await answer(await post('session:current', '{not json'));
    expect(status).toBe(400);
    expect(body).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('answers 400 to a body that does not say it is JSON', async () => {
    const { status, body } = await answer(await post('session:current', '{}', 'text/plain'));
    expect(status).toBe(400);
    expect(body).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('answers 413 to a body past the cap, by its declared length', async () => {
    const { status, body } = await answer(
      await post('jobs:cancel', JSON.stringify({ jobId: 'x'.repeat(17 * 1024 * 1024) })),
    );
    expect(status).toBe(413);
    expect(body).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('answers 413 to a body past the cap sent without a length', async () => {
    // A raw socket: the host hangs up on an endless body once it has answered, and fetch would
    // report the broken pipe of its own unfinished upload instead of the answer it got.
    const url = new URL(host.url);
    const socket = connect(Number(url.port), url.hostname);
    let received = '';
    socket.on('data', (data: Buffer) => void (received += data.toString('latin1')));
    socket.on('error', () => {}); // EPIPE or ECONNRESET once the host hangs up: expected
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      [
        'POST /bridge/jobs:cancel HTTP/1.1',
        `Host: ${url.host}`,
        `Origin: ${host.url}`,
        `x-schooldesk-secret: ${host.secret}`,
        'content-type: application/json',
        'transfer-encoding: chunked',
        '',
        '',
      ].join('\r\n'),
    );
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    let open = true;
    void closed.then(() => (open = false));
    // 200 MiB at most, so the test ends even if the host read it all.
    while (open && sent < 200) {
      sent += 1;
      const room = socket.write(`${chunk.length.toString(16)}\r\n`) && socket.write(chunk);
      socket.write('\r\n');
      // Not events.once: it would reject on the socket's expected EPIPE.
      if (!room) await Promise.race([new Promise((r) => socket.once('drain', r)), closed]);
    }
    if (open) socket.end('0\r\n\r\n');
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).toContain('"code":"invalid_request"');
    // The host stopped reading soon after the cap: most of the 200 MiB was never sent.
    expect(sent).toBeLessThan(100);
  });

  it('answers 413 to a body declared past the cap before inviting it (Expect: 100-continue)', async () => {
    // curl asks so before sending a body past 1 MiB; the host must not say "100 Continue" to a
    // body it will refuse, or the whole of it is sent for nothing.
    const received = await exchange(
      [
        'POST /bridge/jobs:cancel HTTP/1.1',
        `Host: ${new URL(host.url).host}`,
        `Origin: ${host.url}`,
        `x-schooldesk-secret: ${host.secret}`,
        'content-type: application/json',
        `content-length: ${17 * 1024 * 1024}`,
        'expect: 100-continue',
      ],
      '',
    );
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).not.toContain('100 Continue');
    expect(received).toContain('"code":"invalid_request"');
  });

  it('still invites a body within the cap (Expect: 100-continue), and reads it', async () => {
    const body = '{}';
    const received = await exchange(
      [
        'POST /bridge/session:current HTTP/1.1',
        `Host: ${new URL(host.url).host}`,
        `Origin: ${host.url}`,
        `x-schooldesk-secret: ${host.secret}`,
        'content-type: application/json',
        `content-length: ${body.length}`,
        'expect: 100-continue',
        'connection: close',
      ],
      body,
    );
    expect(received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    expect(received).toContain('"ok":true');
  });

  it('answers 400 to a request that names its host twice', async () => {
    const received = await exchange(
      [
        'POST /bridge/session:current HTTP/1.1',
        `Host: ${new URL(host.url).host}`,
        'Host: attacker.example',
        `Origin: ${host.url}`,
        `x-schooldesk-secret: ${host.secret}`,
        'content-type: application/json',
        'content-length: 2',
        'connection: close',
      ],
      '{}',
    );
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    expect(received).not.toContain('"ok":true');
  });

  it('still serves a well-formed call after all that', async () => {
    const { status, body } = await answer(await post('session:current', '{}'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, data: { sessions: [] } });
  });

  it('keeps sessions on disk with its key file, without asking (no keyring notice)', async () => {
    const { body } = await answer(await post('session:current', '{}'));
    expect(body).toMatchObject({ ok: true, data: { tokensPersist: true, keyringAvailable: true } });
  });
});
