import { EventEmitter } from "node:events";
import pg from "pg";

/** The channel the content triggers notify (db/migrations/…-content-change-notify.ts). */
export const CONTENT_CHANNEL = "wlx_content_changed";

const RECONNECT_MS = 1_000;

/**
 * Content-change notifications from PostgreSQL. Every pool connection LISTENs, so the connection
 * that commits a write hears its own notification before the commit returns: the writing instance
 * is up to date when its write call resolves. With a server database a dedicated connection also
 * LISTENs, so other instances hear it even while their pools are idle. After that connection is
 * lost, notifications may have been missed: listeners are told "everything changed" on reconnect.
 */
export class ContentChanges {
  readonly #events = new EventEmitter();
  #listener: pg.Client | undefined;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor() {
    this.#events.setMaxListeners(0);
  }

  /** Runs `fn` after each committed content write (table name, or "*" when unknown). */
  on(fn: (table: string) => void): () => void {
    this.#events.on("change", fn);
    return () => this.#events.off("change", fn);
  }

  emit(table: string): void {
    this.#events.emit("change", table);
  }

  /** Makes every connection of `pool` listen, including those opened later. */
  attachPool(pool: pg.Pool): void {
    pool.on("connect", (client) => {
      client.on("notification", (message) => {
        if (message.channel === CONTENT_CHANNEL) this.emit(message.payload ?? "*");
      });
      client.query(`LISTEN ${CONTENT_CHANNEL}`).catch(() => {
        // a connection that cannot listen is also one that cannot write; its query reports it
      });
    });
  }

  /** A dedicated listening connection to a server database, reconnected when lost. */
  listen(connectionString: string): void {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    this.#listener = client;
    const retry = () => {
      if (this.#closed || this.#listener !== client) return;
      this.#listener = undefined;
      client.removeAllListeners("notification");
      void client.end().catch(() => {});
      this.#timer = setTimeout(() => this.listen(connectionString), RECONNECT_MS);
      this.#timer.unref();
    };
    client.on("error", retry);
    client.on("end", retry);
    client.on("notification", (message) => {
      if (message.channel === CONTENT_CHANNEL) this.emit(message.payload ?? "*");
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${CONTENT_CHANNEL}`))
      // Anything written while this connection was down was not heard.
      .then(() => this.emit("*"))
      .catch(retry);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    const client = this.#listener;
    this.#listener = undefined;
    this.#events.removeAllListeners();
    await client?.end().catch(() => {});
  }
}
