import { describe, expect, it } from 'vitest';
import { BufferedResponse } from './buffered-response';

const head = {
  status: 201,
  statusText: 'Created',
  headers: { 'content-type': 'application/json' },
};
/** A byte-order mark, then JSON with text beyond ASCII. */
const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('{"name":"瑜伽 Yoga"}')]);

/** What undici's own Response answers for the same bytes and head, to compare with. */
const undiciResponse = () => new Response(bytes.slice(), head);

describe('BufferedResponse', () => {
  it("reads as undici's Response reads the same bytes", async () => {
    expect(await new BufferedResponse(bytes, head).text()).toBe(await undiciResponse().text());
    expect(await new BufferedResponse(bytes, head).bytes()).toEqual(await undiciResponse().bytes());
    expect(new Uint8Array(await new BufferedResponse(bytes, head).arrayBuffer())).toEqual(
      new Uint8Array(await undiciResponse().arrayBuffer()),
    );
    const blob = await new BufferedResponse(bytes, head).blob();
    expect(blob.type).toBe('application/json');
    expect(await blob.text()).toBe(await (await undiciResponse().blob()).text());
    expect(await new BufferedResponse(bytes.slice(3), head).json()).toEqual({ name: '瑜伽 Yoga' });
  });

  it('keeps the head: an instance of Response with its status and headers', () => {
    const response = new BufferedResponse(bytes, head);
    expect(response).toBeInstanceOf(Response);
    expect([response.status, response.statusText, response.ok]).toEqual([201, 'Created', true]);
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('is read once, as any Response; a clone made before is read apart', async () => {
    const response = new BufferedResponse(bytes.slice(3), head);
    const copy = response.clone();
    expect(copy).toBeInstanceOf(BufferedResponse);
    expect(copy.status).toBe(201);
    expect(response.bodyUsed).toBe(false);
    await response.text();
    expect(response.bodyUsed).toBe(true);
    await expect(response.json()).rejects.toThrow(TypeError);
    expect(() => response.clone()).toThrow(TypeError);
    expect(await copy.json()).toEqual({ name: '瑜伽 Yoga' });
  });

  it('has no body stream to read or cancel: the bytes have left the connection', () => {
    expect(new BufferedResponse(bytes, head).body).toBeNull();
  });
});
