// The first start's demo seeding in a worker thread of its own (decision 167).
//
// Seeding runs a great deal of code once (SVG art, sharp's streams, file stores, zod, hundreds of
// queries). Run on the server's own thread, it left the inline caches of Node's stream and event
// code that every HTTP response goes through megamorphic for the life of the process: cached
// pages were served about a third slower after a first start than after a restart. In a worker
// (an isolate of its own) that code never touches the server's. The worker queries through one
// connection lent by the server's thread (lendConnection), so the embedded database needs no
// second client and the seeding stays one transaction.
import {
  MessageChannel,
  Worker,
  parentPort,
  workerData,
  type MessagePort,
} from "node:worker_threads";
import { isDatabaseEmpty, seedDemo } from "../catalogue/seed.server";
import { openMediaStore } from "../media/media-store.server";
import { configureSharp } from "../media/sharp-settings.server";
import type { Db } from "../platform/db.server";
import type { Env } from "../platform/env.server";
import { setLogLevel } from "../platform/log.server";
import { lendConnection, portDatabase } from "../platform/port-database.server";

interface SeedWorkerData {
  /** The server bundle's file URL: the worker imports it and calls runDemoSeedWorker. */
  module: string;
  env: Env;
  port: MessagePort;
}

type SeedWorkerMessage =
  | { kind: "progress"; step: string }
  | { kind: "done"; seeded: boolean }
  | { kind: "failed"; message: string; stack?: string };

/** The worker's whole program: load the server bundle, run its seeding entry. */
const WORKER_SOURCE = `import(require("node:worker_threads").workerData.module).then((m) => m.runDemoSeedWorker())`;

/**
 * Seeds the demo content as seedDemo does, in a worker that imports `serverModule` (the built
 * server bundle, which exports runDemoSeedWorker). Answers false, without starting a worker, when
 * the database already holds content. A failure in the worker is thrown here, its transaction
 * rolled back and its files deleted (seedDemo's own clean-up, in the worker).
 */
export async function seedDemoInWorker(
  db: Db,
  env: Env,
  serverModule: string,
  onProgress: (step: string) => void,
): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  const { port1, port2 } = new MessageChannel();
  const data: SeedWorkerData = { module: serverModule, env, port: port2 };
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: data, transferList: [port2] });
  const finished = new Promise<boolean>((resolve, reject) => {
    worker.on("message", (message: SeedWorkerMessage) => {
      if (message.kind === "progress") onProgress(message.step);
      else if (message.kind === "done") resolve(message.seeded);
      else reject(Object.assign(new Error(message.message), { stack: message.stack }));
    });
    worker.once("error", reject);
    worker.once("exit", (code) =>
      reject(new Error(`the demo content's worker stopped before it finished (exit code ${code})`)),
    );
  });
  try {
    await lendConnection(db, port1, finished);
    return await finished;
  } finally {
    await worker.terminate();
  }
}

/** The worker's side: exported by the server bundle, called by WORKER_SOURCE. */
export async function runDemoSeedWorker(): Promise<void> {
  const parent = parentPort;
  if (!parent) throw new Error("runDemoSeedWorker runs in the demo content's worker only");
  const data = workerData as SeedWorkerData;
  const send = (message: SeedWorkerMessage) => parent.postMessage(message);
  setLogLevel(data.env.LOG_LEVEL);
  configureSharp();
  const media = openMediaStore(data.env);
  const db = portDatabase(data.port);
  try {
    const seeded = await seedDemo(db, media, (step) => send({ kind: "progress", step }));
    send({ kind: "done", seeded });
  } catch (error) {
    send({
      kind: "failed",
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
  } finally {
    await db.destroy();
  }
}
