import type net from "node:net";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { filesUnder, tempDirs } from "../support/files";
import { BOUNDARY, mp4, multipart, sendRaw } from "../support/multipart";
import { ensureTestAdmin, signedInCookie, startAuthServer } from "../support/auth-support";

// A stop (SIGTERM, Ctrl-C, the tests' close()) waits for open connections, but an action whose
// client has gone has none: it used to keep writing while the database closed under it. A
// package form caught like that left its media stored and recorded, the package never written,
// and the release of the media failing on the closed pool: orphans until the next day's sweep.
// Found by the multipart fuzzer (hardening-multipart.test.ts), which counted media rows while
// such actions were still running. request-work.server.ts; the runtime's close() waits for them.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 15_000; await sleep(20)) {
    if (await check()) return;
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("stopping while an action writes for a client that has gone", () => {
  const temp = tempDirs("wlx-stop-");
  const dataDir = temp.make();
  let database: TestDatabase;
  let server: TestServer;
  let serverOpen = false;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await ensureTestAdmin(database);
    server = await startAuthServer(database, { DATA_DIR: dataDir });
    serverOpen = true;
    cookie = await signedInCookie(server);
  }, 120_000);
  afterAll(async () => {
    if (serverOpen) await server.close();
    await database?.close();
    temp.removeAll();
  });

  /** Inserts into media_objects (from the server's pool) waiting for a lock the test holds. */
  const blockedInserts = async () =>
    Number(
      (
        await sql<{ n: string }>`
          select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
            and query ilike 'insert into "media_objects"%'`.execute(database.db)
      ).rows[0]!.n,
    );

  it("closes the database only after the package form's save has finished", async () => {
    const png = await sharp({ create: { width: 16, height: 12, channels: 3, background: "#36a" } })
      .png()
      .toBuffer();
    const title = "Saved during a stop";
    const body = multipart([
      { name: "title", value: title },
      { name: "price", value: "$1,000" },
      { name: "status", value: "draft" },
      { name: "images.new", filename: "a.png", type: "image/png", bytes: png },
      { name: "videos.new", filename: "v.mp4", type: "video/mp4", bytes: mp4() },
    ]);

    // Another session holds media_objects, so the action's inserts wait where the test sees them.
    let releaseLock!: () => void;
    const held = new Promise<void>((resolve) => (releaseLock = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const lock = database.db.transaction().execute(async (trx) => {
      await sql`lock table media_objects in share mode`.execute(trx);
      locked();
      await held;
    });
    await lockTaken;

    let socket: net.Socket | undefined;
    const answer = sendRaw(
      server.url,
      "/admin/new-package",
      {
        Cookie: cookie,
        Origin: server.url,
        Accept: "text/html",
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      },
      body,
      undefined,
      (s) => (socket = s),
    );
    // Both files are stored and their rows wait to be inserted: the whole body has arrived.
    await waitFor("the image's and the video's inserts", async () => (await blockedInserts()) >= 2);
    // The client gives up; then the server is stopped.
    socket!.destroy();
    await answer;
    const closing = server.close();
    serverOpen = false;
    // Time enough for a stop that does not wait to close the pool, before the inserts go on.
    await sleep(300);
    releaseLock();
    await lock;
    await closing;

    const saved = await database.db
      .selectFrom("packages")
      .select("id")
      .where("title", "=", title)
      .executeTakeFirst();
    expect(saved, "the package whose body had fully arrived is saved").toBeDefined();
    const media = await database.db
      .selectFrom("media_objects")
      .select(["id", "storage_key", "variants"])
      .execute();
    const images = await database.db
      .selectFrom("package_images")
      .select("media_id")
      .where("package_id", "=", saved!.id)
      .execute();
    const videos = await database.db
      .selectFrom("package_videos")
      .select("media_id")
      .where("package_id", "=", saved!.id)
      .execute();
    // Both stored objects, each attached to the package: nothing half-written, nothing orphaned.
    expect(media).toHaveLength(2);
    expect([...images, ...videos].map((r) => r.media_id).sort()).toEqual(
      media.map((m) => m.id).sort(),
    );
    const keys = media.flatMap((m) => [m.storage_key, ...m.variants.map((v) => v.key)]);
    expect(filesUnder(path.join(dataDir, "media"))).toEqual(keys.sort());
  }, 60_000);
});
