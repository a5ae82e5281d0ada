// A stand-in for the server bundle in tests/integration/seed-worker.test.ts: its
// runDemoSeedWorker speaks the seeding worker's protocol and writes one row through the lent
// connection, in a transaction, as the real seeding does. Plain TypeScript that Node runs as is.
import { parentPort, workerData } from "node:worker_threads";
import { portDatabase } from "../../../app/server/platform/port-database.server.ts";

export async function runDemoSeedWorker(): Promise<void> {
  const db = portDatabase(workerData.port);
  parentPort!.postMessage({ kind: "progress", step: "writing one moment" });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("travel_moments")
      .values({ title: "From the worker", video_url: "/media/seed/w.webm", order_index: 0 })
      .execute();
    if (workerData.env.SEED_FIXTURE === "exit") process.exit(3);
    if (workerData.env.SEED_FIXTURE === "throw") throw new Error("the art could not be drawn");
  });
  parentPort!.postMessage({ kind: "done", seeded: true });
  await db.destroy();
}
