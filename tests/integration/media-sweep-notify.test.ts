import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalMediaStore } from "~/server/media/media-store.server";
import { configureMediaUrls } from "~/server/media/media-urls.server";
import { releaseMedia, sweepUnattachedMedia } from "~/server/media/references.server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { tempDirs } from "../support/files";

// Seen while hardening media handling: a sweep or release that deletes nothing still ran a
// DELETE on media_objects, whose statement trigger notifies a content change, and every instance emptied
// its page cache (at each start and every hour). Nothing deleted now means nothing notified.
const temp = tempDirs("wlx-sweep-notify-");
const tmp = temp.make();
let database: TestDatabase;
let listener: pg.Client;
const heard: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase("postgres");
  listener = new pg.Client({ connectionString: database.url });
  await listener.connect();
  listener.on("notification", (n) => heard.push(n.payload ?? ""));
  await listener.query("listen wlx_content_changed");
  configureMediaUrls("/media/");
});
afterAll(async () => {
  await listener?.end();
  await database?.close();
  temp.removeAll();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("sweeping and releasing media", () => {
  it("notify no content change when they delete nothing, and do when they delete", async () => {
    const store = new LocalMediaStore(tmp);
    const [fresh] = await database.db
      .insertInto("media_objects")
      .values({ storage_key: "packages/1-aaaaaaaaaaaa.webp", content_type: "image/webp", bytes: 1 })
      .returning("id")
      .execute();
    await settle();
    heard.length = 0;

    expect(await sweepUnattachedMedia(database.db, store)).toBe(0);
    expect(await releaseMedia(database.db, store, [crypto.randomUUID()])).toBe(0);
    await settle();
    expect(heard).toEqual([]);

    expect(await releaseMedia(database.db, store, [fresh!.id])).toBe(1);
    await settle();
    expect(heard).toContain("media_objects");
  });
});
