import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { PGlite, PGliteOptions } from "@electric-sql/pglite";

/*
 * What runs the embedded database's PostgreSQL for the wire (decisions 164, 166): PGlite on this
 * thread, or PGlite in a worker thread of its own, so that its WebAssembly runs on another core
 * beside the server's HTTP, routing and rendering instead of between them.
 */

/** One session's protocol, one batch of messages at a time. */
export interface PgliteEngine {
  /** Runs one batch of protocol messages (one query, corked by pg); its whole answer. */
  exec(messages: Uint8Array): Promise<Uint8Array>;
  /**
   * Ends a session as a server would on disconnect: its open transaction rolled back, then its
   * prepared statements, LISTENs, settings and session locks discarded.
   */
  endSession(): Promise<void>;
  readonly closed: boolean;
}

/** A simple-protocol Query message. */
function simpleQuery(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`);
  const message = Buffer.alloc(5 + body.length);
  message[0] = 0x51; // 'Q'
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

/** PGlite on this thread (the wire's own tests, and tools that hold a PGlite already). */
export function inProcessEngine(pglite: PGlite): PgliteEngine {
  const discard = { onRawData: () => {} };
  return {
    get closed() {
      return pglite.closed;
    },
    async exec(messages) {
      const answer: Uint8Array[] = [];
      await pglite.runExclusive(() =>
        pglite.execProtocolRawStream(messages, {
          onRawData: (data) => answer.push(Buffer.from(data)),
        }),
      );
      // The answer arrives on a later turn of the event loop, as a socket's would: requests that
      // came in meanwhile are read between one statement and the next, instead of each request
      // running to its end on promise callbacks alone.
      await new Promise((resolve) => setImmediate(resolve));
      return answer.length === 1 ? answer[0]! : Buffer.concat(answer);
    },
    endSession() {
      return pglite.runExclusive(async () => {
        if (pglite.isInTransaction())
          await pglite.execProtocolRawStream(simpleQuery("ROLLBACK"), discard);
        await pglite.execProtocolRawStream(simpleQuery("DISCARD ALL"), discard);
      });
    },
  };
}

/** A message to the worker, and what it answers. */
type Call = { op: "exec"; messages: Uint8Array } | { op: "end" | "close" };
type Request = { id: number } & Call;
type Reply = { id: number; answer?: ArrayBuffer; error?: string };
type Startup = { ready: true } | { failed: string };

/** What the worker needs: where its data lives, PGlite's options, and PGlite's module. */
interface WorkerData {
  dataDir: string;
  options: PGliteOptions;
  pglite: string;
}

/**
 * The worker's whole program, sent to it as source: it may use nothing from this module's scope,
 * only its workerData and Node's built-in modules. It opens PGlite and answers the wire's
 * messages one at a time, in the order they come.
 */
function workerMain(): void {
  const threads = process.getBuiltinModule("node:worker_threads");
  const port = threads.parentPort!;
  const data = threads.workerData as WorkerData;
  const load = process.getBuiltinModule("node:module").createRequire(data.pglite);
  const { PGlite: Engine } = load(data.pglite) as { PGlite: typeof PGlite };
  const query = (text: string) => {
    const body = Buffer.from(`${text}\0`);
    const message = Buffer.alloc(5 + body.length);
    message[0] = 0x51;
    message.writeInt32BE(4 + body.length, 1);
    body.copy(message, 5);
    return message;
  };
  const discard = { onRawData: () => {} };
  let db: PGlite | undefined;
  const serve = async (request: Request): Promise<ArrayBuffer | undefined> => {
    if (!db) throw new Error("the embedded database is not open");
    const pglite = db;
    if (request.op === "exec") {
      const parts: Buffer[] = [];
      await pglite.execProtocolRawStream(request.messages, {
        onRawData: (part) => parts.push(Buffer.from(part)),
      });
      const whole = Buffer.concat(parts);
      return whole.buffer.slice(whole.byteOffset, whole.byteOffset + whole.byteLength);
    }
    if (request.op === "end") {
      if (pglite.isInTransaction()) await pglite.execProtocolRawStream(query("ROLLBACK"), discard);
      await pglite.execProtocolRawStream(query("DISCARD ALL"), discard);
      return undefined;
    }
    await pglite.close();
    return undefined;
  };
  // One request at a time, in arrival order, as PGlite has one backend.
  let queue = Promise.resolve();
  port.on("message", (request: Request) => {
    queue = queue.then(() =>
      serve(request).then(
        (answer) =>
          port.postMessage({ id: request.id, answer } satisfies Reply, answer ? [answer] : []),
        (error: unknown) =>
          port.postMessage({
            id: request.id,
            error: error instanceof Error ? error.message : String(error),
          } satisfies Reply),
      ),
    );
  });
  Engine.create(data.dataDir, data.options).then(
    (opened) => {
      db = opened;
      port.postMessage({ ready: true } satisfies Startup);
    },
    (error: unknown) =>
      port.postMessage({
        failed: error instanceof Error ? error.message : String(error),
      } satisfies Startup),
  );
}

/** The message a call gets when the worker is gone: the database is unavailable (a 503). */
export const WORKER_STOPPED = "the embedded database's worker stopped";

export interface PgliteWorker extends PgliteEngine {
  /** Closes PGlite (its last writes flushed), then ends the thread. */
  close(): Promise<void>;
}

/** Opens PGlite on `dataDir` in a worker thread; resolves once it answers. */
export async function startPgliteWorker(
  dataDir: string,
  options: PGliteOptions,
): Promise<PgliteWorker> {
  const workerData: WorkerData = {
    dataDir,
    options,
    pglite: createRequire(import.meta.url).resolve("@electric-sql/pglite"),
  };
  const worker = new Worker(`(${workerMain.toString()})()`, { eval: true, workerData });
  const pending = new Map<
    number,
    { resolve: (reply: Reply) => void; reject: (e: Error) => void }
  >();
  let next = 0;
  let stopped: Error | undefined;
  const stop = (error: Error) => {
    stopped ??= error;
    for (const call of pending.values()) call.reject(stopped);
    pending.clear();
  };
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => {
      worker.off("message", started);
      reject(error);
    };
    const started = (message: Startup) => {
      worker.off("error", failed);
      if ("ready" in message) resolve();
      else {
        void worker.terminate();
        reject(new Error(message.failed));
      }
    };
    worker.once("message", started);
    worker.once("error", failed);
  });
  worker.on("message", (reply: Reply) => {
    const call = pending.get(reply.id);
    pending.delete(reply.id);
    call?.resolve(reply);
  });
  worker.on("error", (error) => stop(new Error(`${WORKER_STOPPED}: ${error.message}`)));
  worker.on("exit", (code) => stop(new Error(`${WORKER_STOPPED} (exit code ${code})`)));
  const call = (request: Call, transfer: ArrayBuffer[] = []) => {
    if (stopped) return Promise.reject(stopped);
    const id = next++;
    return new Promise<Reply>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id }, transfer);
    }).then((reply) => {
      if (reply.error !== undefined) throw new Error(reply.error);
      return reply;
    });
  };
  let closing: Promise<void> | undefined;
  return {
    get closed() {
      return stopped !== undefined || closing !== undefined;
    },
    async exec(messages) {
      // A copy of just these bytes moves to the worker (pg's buffer may be a slice of a larger one).
      const own = new Uint8Array(messages);
      const reply = await call({ op: "exec", messages: own }, [own.buffer]);
      return reply.answer ? Buffer.from(reply.answer) : Buffer.alloc(0);
    },
    async endSession() {
      await call({ op: "end" });
    },
    close() {
      // A worker that stopped already has nothing left to flush: the thread is ended all the same.
      closing ??= call({ op: "close" })
        .catch(() => undefined)
        .then(() => worker.terminate())
        .then(() => undefined);
      return closing;
    },
  };
}
