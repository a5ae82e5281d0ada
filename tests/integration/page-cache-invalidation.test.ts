import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { travelMomentInputSchema } from "~/domain/schemas";
import {
  createMoment,
  deleteMoment,
  reorderMoments,
  updateMoment,
} from "~/server/catalogue/moments.server";
import {
  deletePackage,
  listPackages,
  reorderPackages,
  setPackageStatus,
  updatePackage,
} from "~/server/catalogue/packages.server";
import { storeImage } from "~/server/media/images.server";
import { LocalMediaStore } from "~/server/media/media-store.server";
import { releaseMedia } from "~/server/media/references.server";
import { PageCache } from "~/server/site/page-cache.server";
import { splitPage } from "~/server/site/page-encoding.server";
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/db";
import { makePackage, packageInput } from "../support/factories";
import { tempDirs } from "../support/files";

const moment = (title: string) =>
  travelMomentInputSchema.parse({ title, videoUrl: "https://videos.example/a.mp4" });

/**
 * Every kind of content write drops the whole page cache by the time the write call returns: the
 * database's triggers notify, and the connection that committed hears it before its commit ends.
 */
describe.each(BACKENDS)("page cache invalidation (%s)", (backend) => {
  let database: TestDatabase;
  let cache: PageCache;
  const temp = tempDirs("wlx-pc-media-");
  const mediaDir = temp.make();
  const store = new LocalMediaStore(mediaDir);

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    cache = new PageCache(1 << 20);
    cache.follow(database.changes);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    temp.removeAll();
  });

  /**
   * Every pool connection LISTENs: the one that committed hears its write at once, the idle ones
   * a moment later. Before checking that something does *not* drop the cache, wait until the
   * earlier tests' late copies have arrived (no drop for 200 ms).
   */
  const settled = async () => {
    for (let quiet = 0, seen = cache.generation; quiet < 4;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (cache.generation === seen) quiet++;
      else [quiet, seen] = [0, cache.generation];
    }
  };

  const warm = () => {
    cache.set(
      "home",
      { status: 200, headers: [], body: splitPage(Buffer.from("x")), bytes: 1 },
      cache.generation,
    );
    expect(cache.size).toBe(1);
  };

  it("is dropped by package writes: create, update, publish state, reorder, delete", async () => {
    const db = database.db;
    warm();
    const a = await makePackage(db, "trip", { title: "Alpha" });
    expect(cache.size).toBe(0);
    const b = await makePackage(db, "trip", { title: "Beta" });

    warm();
    await updatePackage(db, "trip", a.id, packageInput("trip", { title: "Alpha renamed" }));
    expect(cache.size).toBe(0);

    warm();
    await setPackageStatus(db, "trip", a.id, "draft");
    expect(cache.size).toBe(0);

    warm();
    await reorderPackages(db, "trip", [a.id, b.id]);
    expect(cache.size).toBe(0);

    warm();
    await deletePackage(db, "trip", b.id);
    expect(cache.size).toBe(0);
  });

  it("is dropped by a write to departures alone (seats and prices show on public pages)", async () => {
    const db = database.db;
    await makePackage(db, "trip", { title: "Seats", departures: [{ start_date: "2031-01-10" }] });
    warm();
    await db.updateTable("departures").set({ seats_total: 7 }).execute();
    expect(cache.size).toBe(0);
  });

  it("is dropped by travel-moment writes: create, update, reorder, delete", async () => {
    const db = database.db;
    warm();
    const m1 = await createMoment(db, moment("Dhow at sunset"));
    expect(cache.size).toBe(0);
    const m2 = await createMoment(db, moment("Reef"));

    warm();
    await updateMoment(db, m1.id, moment("Dhow at dawn"));
    expect(cache.size).toBe(0);

    warm();
    await reorderMoments(db, [m2.id, m1.id]);
    expect(cache.size).toBe(0);

    warm();
    await deleteMoment(db, m2.id);
    expect(cache.size).toBe(0);
  });

  it("is dropped by media writes: a stored image and its release", async () => {
    const db = database.db;
    const png = await sharp({
      create: { width: 32, height: 24, channels: 3, background: "#08a" },
    })
      .png()
      .toBuffer();
    warm();
    const image = await storeImage(db, store, png);
    expect(cache.size).toBe(0);

    warm();
    await releaseMedia(db, store, [image.id]);
    expect(cache.size).toBe(0);
  });

  it("is kept by reads and by writes that changed nothing public", async () => {
    await settled();
    warm();
    await listPackages(database.db, { kind: "trip", publishedOnly: true });
    await database.db.deleteFrom("sessions").execute();
    expect(cache.size).toBe(1);
  });

  it("is kept when a content write rolls back", async () => {
    await settled();
    warm();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.updateTable("packages").set({ title: "Never" }).execute();
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(cache.size).toBe(1);
  });
});
