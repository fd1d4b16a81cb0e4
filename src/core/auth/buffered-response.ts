/**
 * A Response whose body was read in full before it was handed on (guardedFetch reads it to
 * hold it to its deadline and size cap). Its reading methods decode those bytes directly.
 *
 * Why not `new Response(bytes)`: undici copies the bytes twice more and streams them back
 * through a new ReadableStream. In a first sync of 100,000 students that cost the host about
 * 0.3 s of CPU and three or four of its fifteen mark-compacts (bench:offline).
 *
 * Its `body` is null: the bytes have left the connection already, so there is no stream to
 * read or cancel. Like any Response, its body can be read once; `clone()` gives another.
 *
 * The members are fields, not methods, because Node's types declare Response's that way (a
 * method would not type-check as their override); as fields they also shadow the getters and
 * methods of undici's Response.
 */
export class BufferedResponse extends Response {
  #bytes: Uint8Array | undefined;

  override bodyUsed = false;

  constructor(bytes: Uint8Array, head: ResponseInit) {
    super(null, head);
    this.#bytes = bytes;
  }

  override clone = (): BufferedResponse => new BufferedResponse(this.#unread(), this);

  // TextDecoder as Response.text(): UTF-8, a leading byte-order mark dropped.
  override text = (): Promise<string> => this.#read((bytes) => new TextDecoder().decode(bytes));

  override json = async (): Promise<unknown> => JSON.parse(await this.text()) as unknown;

  override bytes = (): Promise<Uint8Array<ArrayBuffer>> =>
    this.#read((bytes) => new Uint8Array(bytes));

  override arrayBuffer = async (): Promise<ArrayBuffer> => (await this.bytes()).buffer;

  override blob = async (): Promise<Blob> =>
    new Blob([await this.bytes()], { type: this.headers.get('content-type') ?? '' });

  /**
   * `convert` of the bytes, which this Response no longer holds afterwards (its body is
   * used); rejected, as a Response's read is, when they were read already.
   */
  #read<T>(convert: (bytes: Uint8Array) => T): Promise<T> {
    return new Promise((resolve) => {
      const bytes = this.#unread();
      this.#bytes = undefined;
      this.bodyUsed = true;
      resolve(convert(bytes));
    });
  }

  #unread(): Uint8Array {
    if (this.#bytes === undefined) throw new TypeError('Body is unusable: it was read already');
    return this.#bytes;
  }
}
