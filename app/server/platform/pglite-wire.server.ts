import { Duplex } from "node:stream";
import type pg from "pg";
import type { PgliteEngine } from "./pglite-engine.server";

/*
 * The embedded database's wire, in process (decision 164). pg talks the PostgreSQL protocol to
 * PGlite through this stream instead of a Unix socket and PGlite's socket server: what pg writes
 * (one corked batch per query: Parse, Bind, Describe, Execute, Sync) goes to PGlite in one call,
 * and what PGlite answers comes back as one chunk. pg still parses every answer, so the types the
 * app sees are those of a server database.
 *
 * One stream is one session of PGlite's single backend: the pool that uses it has one connection.
 * PGlite itself runs in a worker thread or on this one (pglite-engine.server.ts).
 */

/** pg's settings for a session of the engine's one backend through this wire. */
export function pgliteConnection(engine: PgliteEngine): pg.ClientConfig {
  return { user: "postgres", database: "postgres", stream: () => new PgliteWire(engine) };
}

/** The startup-phase codes that come without a type byte (protocol 3.0, SSL and cancel requests). */
const PROTOCOL_3 = 196_608;
const SSL_REQUEST = 80_877_103;
const CANCEL_REQUEST = 80_877_102;
/** 'X': the client ends the session. */
const TERMINATE = 0x58;

export class PgliteWire extends Duplex {
  readonly #engine: PgliteEngine;
  /**
   * "startup" until pg's startup packet; "session" while this stream is the backend's session;
   * "done" once that session ended, or when the stream never had one (a cancel request).
   */
  #phase: "startup" | "session" | "done" = "startup";
  #ended = false;

  constructor(engine: PgliteEngine) {
    super();
    this.#engine = engine;
  }

  /** pg "connects" a socket; this one is connected already. */
  connect(): this {
    process.nextTick(() => this.emit("connect"));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  override _read(): void {
    // Answers are pushed as PGlite gives them.
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void): void {
    this.#serve(chunk).then(() => done(), done);
  }

  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void): void {
    this.#serve(Buffer.concat(chunks.map((c) => c.chunk))).then(() => done(), done);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.#end();
    done();
  }

  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.push(null);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.#endSession().then(
      () => done(error),
      () => done(error),
    );
  }

  /**
   * PGlite has one backend for every session, so what a session leaves behind is cleaned up as
   * a server would on disconnect (PgliteEngine.endSession), so that the next session starts
   * clean. Queued at once, before any later session's first message.
   */
  #endSession(): Promise<void> {
    // A stream that never started a session (a declined TLS request, a cancel request) must not
    // touch the one that is running.
    if (this.#phase !== "session" || this.#engine.closed) return Promise.resolve();
    this.#phase = "done";
    return this.#engine.endSession();
  }

  async #serve(input: Buffer): Promise<void> {
    if (this.#phase === "startup") {
      // Before the first typed message, pg sends a startup packet: [length][code][...].
      const code = input.length >= 8 ? input.readInt32BE(4) : 0;
      if (code === SSL_REQUEST) {
        this.push(Buffer.from("N"));
        return;
      }
      if (code === CANCEL_REQUEST) {
        // PGlite has no other backend to cancel; the requesting connection just ends.
        this.#phase = "done";
        return;
      }
      this.#phase = "done";
      if (code !== PROTOCOL_3) throw new Error("the embedded database expected a startup packet");
      await this.#execute(input);
      this.#phase = "session";
      return;
    }
    const end = terminateAt(input);
    if (end === -1) {
      await this.#execute(input);
      return;
    }
    if (end > 0) await this.#execute(input.subarray(0, end));
    await this.#endSession();
    this.#end();
  }

  async #execute(messages: Uint8Array): Promise<void> {
    const answer = await this.#engine.exec(messages);
    if (answer.length > 0) this.push(answer);
  }
}

/** Where a Terminate message starts among complete typed messages, or -1. */
function terminateAt(input: Buffer): number {
  for (let at = 0; at + 5 <= input.length; at += 1 + input.readInt32BE(at + 1)) {
    if (input[at] === TERMINATE) return at;
  }
  return -1;
}
