import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pruneMedia, storeImage } from "~/server/media/images.server";
import {
  LocalMediaStore,
  newMediaKey,
  S3MediaStore,
  type MediaStore,
} from "~/server/media/media-store.server";
import {
  configureMediaUrls,
  mediaKeyFromUrl,
  mediaUrlForKey,
} from "~/server/media/media-urls.server";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { registerS3rver } from "../support/s3-server";

const s3 = registerS3rver("wlx-media-", "media-test");
const { tmp } = s3;

const drivers: [string, () => MediaStore][] = [
  ["local", () => new LocalMediaStore(path.join(tmp, "local"))],
  ["s3", () => s3.store()],
];

describe.each(drivers)("MediaStore driver %s", (_name, make) => {
  it("puts bytes and files, reports existence, deletes, and serves the public URL", async () => {
    const store = make();
    const key = newMediaKey("packages", ".WEBP");
    expect(key).toMatch(/^packages\/\d+-[0-9a-f]{12}\.webp$/);
    expect(await store.put(key, Buffer.from("hello"), "text/plain")).toBe(5);
    expect(await store.exists(key)).toBe(true);

    const file = path.join(tmp, "upload.bin");
    fs.writeFileSync(file, Buffer.alloc(1024 * 64, 7));
    const fileKey = newMediaKey("travel-moments", "webm");
    expect(await store.put(fileKey, { file }, "video/webm")).toBe(65536);

    if (store instanceof S3MediaStore) {
      expect(await (await fetch(`${store.publicBase}${key}`)).text()).toBe("hello");
      // The stored object is the file's bytes, not the SDK's aws-chunked upload framing.
      const stored = Buffer.from(
        await (await fetch(`${store.publicBase}${fileKey}`)).arrayBuffer(),
      );
      expect(stored.equals(Buffer.alloc(1024 * 64, 7))).toBe(true);
    } else {
      expect(fs.readFileSync((store as LocalMediaStore).pathFor(key), "utf8")).toBe("hello");
    }

    await store.delete(key);
    await store.delete(fileKey);
    expect(await store.exists(key)).toBe(false);
  });

  it("reads an object back with get(), and undefined for a key with nothing stored", async () => {
    const store = make();
    const key = newMediaKey("packages", "png");
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252]);
    await store.put(key, bytes, "image/png");
    expect(Buffer.from((await store.get(key))!)).toEqual(bytes);
    expect(await store.get(newMediaKey("packages", "png"))).toBeUndefined();
    await expect(store.get("../etc/passwd")).rejects.toThrow("Invalid media key");
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
  });

  it("refuses keys that could escape the store", async () => {
    const store = make();
    for (const key of [
      "../etc/passwd",
      "packages/../../x",
      "/abs/path",
      "packages/",
      "Packages/x.webp",
    ]) {
      await expect(store.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(
        /Invalid media key/,
      );
    }
  });
});

describe("local store writes atomically", () => {
  it("leaves no partial file when the source fails", async () => {
    const store = new LocalMediaStore(path.join(tmp, "atomic"));
    const key = newMediaKey("packages", "bin");
    await expect(
      store.put(key, { file: path.join(tmp, "missing-file") }, "video/webm"),
    ).rejects.toThrow();
    expect(await store.exists(key)).toBe(false);
    const dir = path.dirname(store.pathFor(key));
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
  });
});

describe("media URLs", () => {
  it("maps keys to URLs and back, for the local and an S3 base", () => {
    configureMediaUrls("/media/");
    expect(mediaKeyFromUrl(mediaUrlForKey("packages/1-a.webp"))).toBe("packages/1-a.webp");
    expect(mediaKeyFromUrl("https://elsewhere.example/x.webp")).toBeUndefined();
    expect(mediaKeyFromUrl("/media/../secret")).toBeUndefined();
    configureMediaUrls("https://cdn.example.com/bucket");
    expect(mediaUrlForKey("seed/1-a.webp")).toBe("https://cdn.example.com/bucket/seed/1-a.webp");
    expect(mediaKeyFromUrl("https://cdn.example.com/bucket/seed/1-a.webp")).toBe("seed/1-a.webp");
    configureMediaUrls("/media/");
  });
});

describe("images and pruning (PostgreSQL)", () => {
  let database: TestDatabase;
  const store = new LocalMediaStore(path.join(tmp, "images"));
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    configureMediaUrls(store.publicBase);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await resetDatabase(database);
  });

  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: "#3a7" } })
      .png()
      .toBuffer();

  it("stores WebP with smaller variants and records them", async () => {
    const media = await storeImage(database.db, store, await png(2000, 1000));
    expect(media).toMatchObject({ content_type: "image/webp", width: 1600, height: 800 });
    expect(media.variants.map((v) => v.width)).toEqual([480, 960]);
    for (const key of [media.storage_key, ...media.variants.map((v) => v.key)]) {
      expect(await store.exists(key)).toBe(true);
    }
  });

  it("makes no variant wider than the image", async () => {
    const media = await storeImage(database.db, store, await png(600, 400));
    expect(media.width).toBe(600);
    expect(media.variants.map((v) => v.width)).toEqual([480]);
  });

  it("rejects a file that is not an image and writes nothing", async () => {
    const before = fs.existsSync(store.root)
      ? fs.readdirSync(store.root, { recursive: true }).length
      : 0;
    await expect(storeImage(database.db, store, Buffer.from("not an image"))).rejects.toThrow();
    const after = fs.existsSync(store.root)
      ? fs.readdirSync(store.root, { recursive: true }).length
      : 0;
    expect(after).toBe(before);
    expect(await database.db.selectFrom("media_objects").select("id").execute()).toEqual([]);
  });

  it("links package images to media and prunes only unreferenced media with their files", async () => {
    const a = await storeImage(database.db, store, await png(800, 600));
    const b = await storeImage(database.db, store, await png(800, 600));
    const url = (key: string) => mediaUrlForKey(key);
    await makePackage(database.db, "trip", { title: "Keeps A", images: [url(a.storage_key)] });
    const pkg = await makePackage(database.db, "trip", {
      title: "Has A and B",
      images: [url(a.storage_key), url(b.storage_key)],
    });
    expect(pkg.imageDetails[0]).toMatchObject({ width: 800, height: 600 });
    expect(pkg.imageDetails[0]!.variants).toHaveLength(1);

    const { deletePackage } = await import("~/server/catalogue/packages.server");
    // A soft delete releases nothing: the package may come back from Recently deleted.
    await deletePackage(database.db, "trip", pkg.id);
    expect(await pruneMedia(database.db, store, [a.id, b.id])).toBe(0);
    // Purged with its history 30 days later: B (only that package's) goes, A stays.
    await sql`delete from content_versions where item_id = ${pkg.id}`.execute(database.db);
    await sql`delete from packages where id = ${pkg.id}`.execute(database.db);
    expect(await pruneMedia(database.db, store, [a.id, b.id])).toBe(1);
    expect(await store.exists(a.storage_key)).toBe(true);
    expect(await store.exists(b.storage_key)).toBe(false);
    expect(await store.exists(b.variants[0]!.key)).toBe(false);
  });
});
