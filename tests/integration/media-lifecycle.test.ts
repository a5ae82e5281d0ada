import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { travelMomentInputSchema } from "~/domain/schemas";
import { createMoment, deleteMoment, updateMoment } from "~/server/catalogue/moments.server";
import { createPackage, deletePackage, updatePackage } from "~/server/catalogue/packages.server";
import { LocalMediaStore, type MediaStore } from "~/server/media/media-store.server";
import { configureMediaUrls } from "~/server/media/media-urls.server";
import {
  momentMediaIds,
  packageMediaIds,
  releaseMedia,
  sweepUnattachedMedia,
} from "~/server/media/references.server";
import { parseUploadForm, type StoredMedia } from "~/server/media/uploads.server";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../support/db";
import { makePackage, packageInput } from "../support/factories";
import { retentionLater } from "../support/history";
import { tempDirs } from "../support/files";
import { registerS3rver } from "../support/s3-server";

const s3 = registerS3rver("wlx-lifecycle-", "lifecycle");
const { tmp } = s3;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase("postgres");
});
afterAll(async () => {
  await database?.close();
});

const localDirs = tempDirs("wlx-lifecycle-local-");
afterAll(localDirs.removeAll);
const drivers: [string, () => MediaStore][] = [
  ["local", () => new LocalMediaStore(localDirs.make())],
  ["s3", () => s3.store()],
];

const png = async () =>
  new Uint8Array(
    await sharp({ create: { width: 1000, height: 700, channels: 3, background: "#48a" } })
      .png()
      .toBuffer(),
  );
const mp4 = () => {
  const data = new Uint8Array(20_000);
  data.set(Buffer.from("00000018667479706973736f0000020069736f6d6d703432", "hex"));
  return data;
};

describe.each(drivers)("media lifecycle on the %s driver", (_name, make) => {
  let store: MediaStore;
  const db = () => database.db;

  /** Uploads through the real pipeline: two images and a video. */
  async function upload(): Promise<{ images: StoredMedia[]; video: StoredMedia }> {
    const form = new FormData();
    form.append("images.new", new File([await png()], "a.png"));
    form.append("images.new", new File([await png()], "b.png"));
    form.append("video", new File([mp4()], "v.mp4"));
    const parsed = await parseUploadForm(
      new Request("http://localhost/", { method: "POST", body: form }),
      {
        folder: "packages",
        files: { "images.new": "image", video: "video" },
        db: db(),
        store,
      },
    );
    return {
      images: parsed.stored.filter((s) => s.kind === "image"),
      video: parsed.stored.find((s) => s.kind === "video")!,
    };
  }

  /** The object and all its variants are in the store (true) or all gone (false). */
  async function present(media: StoredMedia): Promise<boolean> {
    const row = await db()
      .selectFrom("media_objects")
      .select("variants")
      .where("id", "=", media.mediaId)
      .executeTakeFirst();
    const main = await store.exists(media.key);
    if (!row) {
      expect(main).toBe(false);
      return false;
    }
    expect(main).toBe(true);
    for (const v of row.variants) expect(await store.exists(v.key)).toBe(true);
    return true;
  }

  beforeEach(async () => {
    await resetDatabase(database);
    store = make();
    configureMediaUrls(store.publicBase);
  });

  it("keeps an image a travel moment uses as thumbnail when its package is deleted", async () => {
    const { images, video } = await upload();
    const [a] = images;
    const pkg = await makePackage(db(), "trip", { title: "Thumb source", images: [a!.url] });
    const moment = await createMoment(
      db(),
      travelMomentInputSchema.parse({
        title: "Reef",
        videoUrl: video.url,
        thumbnailUrl: a!.url,
      }),
    );

    await deletePackage(db(), "trip", pkg.id);
    expect(await present(a!)).toBe(true);
    // Purged for good 30 days later (with its history): the moment still uses it.
    await retentionLater(db(), store);
    expect(await present(a!)).toBe(true);

    // Deleting the moment releases both its video and its thumbnail.
    await deleteMoment(db(), moment.id, { media: store });
    await retentionLater(db(), store);
    expect(await present(a!)).toBe(false);
    expect(await present(video)).toBe(false);
  });

  it("keeps a thumbnail that points at one of an image's variants", async () => {
    const { images, video } = await upload();
    const row = await db()
      .selectFrom("media_objects")
      .select("variants")
      .where("id", "=", images[0]!.mediaId)
      .executeTakeFirstOrThrow();
    const variantUrl = `${store.publicBase}${row.variants[0]!.key}`;
    await createMoment(
      db(),
      travelMomentInputSchema.parse({ title: "V", videoUrl: video.url, thumbnailUrl: variantUrl }),
    );
    expect(await releaseMedia(db(), store, [images[0]!.mediaId, images[1]!.mediaId])).toBe(1);
    expect(await present(images[0]!)).toBe(true);
    expect(await present(images[1]!)).toBe(false);
  });

  it("frees an image shared by two packages only when the second lets go", async () => {
    const { images } = await upload();
    const shared = images[0]!;
    const one = await makePackage(db(), "trip", { title: "One", images: [shared.url] });
    const two = await makePackage(db(), "local", { title: "Two", images: [shared.url] });
    await deletePackage(db(), "trip", one.id);
    await retentionLater(db(), store);
    expect(await present(shared)).toBe(true);
    await deletePackage(db(), "local", two.id);
    // Soft-deleted: restorable for 30 days, so still there until the purge.
    expect(await present(shared)).toBe(true);
    await retentionLater(db(), store);
    expect(await present(shared)).toBe(false);
  });

  it("replacing an image or removing a video frees what nothing else uses", async () => {
    const { images, video } = await upload();
    const [a, b] = images;
    const pkg = await makePackage(db(), "trip", {
      title: "Replace",
      images: [a!.url],
      videos: [{ type: "upload", url: video.url }],
    });
    expect((await packageMediaIds(db(), pkg.id)).sort()).toEqual(
      [a!.mediaId, video.mediaId].sort(),
    );
    await updatePackage(
      db(),
      "trip",
      pkg.id,
      packageInput("trip", { title: "Replace", images: [b!.url] }),
      { media: store },
    );
    // The first version still uses them (restore must not show a broken image)…
    expect(await present(a!)).toBe(true);
    // …until it is pruned.
    await retentionLater(db(), store);
    expect(await present(a!)).toBe(false);
    expect(await present(video)).toBe(false);
    expect(await present(b!)).toBe(true);
  });

  it("a moment whose video is replaced frees the old video", async () => {
    const first = await upload();
    const second = await upload();
    const moment = await createMoment(
      db(),
      travelMomentInputSchema.parse({ title: "M", videoUrl: first.video.url }),
    );
    expect(await momentMediaIds(db(), moment.id)).toEqual([first.video.mediaId]);
    await updateMoment(
      db(),
      moment.id,
      travelMomentInputSchema.parse({ title: "M", videoUrl: second.video.url }),
      { media: store },
    );
    expect(await present(first.video)).toBe(true);
    await retentionLater(db(), store);
    expect(await present(first.video)).toBe(false);
    expect(await present(second.video)).toBe(true);
  });

  it("a failed database write releases what the request just stored, and keeps the old files", async () => {
    const { images } = await upload();
    const [kept] = images;
    await makePackage(db(), "trip", { title: "Taken", slug: "taken", images: [kept!.url] });
    const form = new FormData();
    form.append("images.new", new File([await png()], "a.png"));
    const parsed = await parseUploadForm(
      new Request("http://localhost/", { method: "POST", body: form }),
      { folder: "packages", files: { "images.new": "image" }, db: db(), store },
    );
    const [stored] = parsed.stored;
    expect(await present(stored!)).toBe(true);
    // The slug is taken and the form's policy refuses it: the write fails inside its transaction.
    await expect(
      createPackage(
        db(),
        "trip",
        packageInput("trip", { title: "Second", slug: "taken", images: [stored!.url] }),
        { slugConflict: "refuse", media: store, uploads: parsed },
      ),
    ).rejects.toMatchObject({ status: 409 });
    expect(await present(stored!)).toBe(false);
    expect(await present(kept!)).toBe(true);
    expect(await db().selectFrom("packages").select("title").execute()).toEqual([
      { title: "Taken" },
    ]);
  });

  it("sweeps uploads never attached after 24 hours, and only those", async () => {
    const { images, video } = await upload();
    const [attached, fresh] = images;
    await makePackage(db(), "trip", { title: "Keeps", images: [attached!.url] });
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await db()
      .updateTable("media_objects")
      .set({ created_at: old })
      .where("id", "in", [attached!.mediaId, video.mediaId])
      .execute();

    expect(await sweepUnattachedMedia(db(), store)).toBe(1);
    expect(await present(video)).toBe(false);
    expect(await present(attached!)).toBe(true);
    // Unattached but only just uploaded: an admin may still be filling in the form.
    expect(await present(fresh!)).toBe(true);
    expect(await sweepUnattachedMedia(db(), store, new Date(Date.now() + 25 * 3600_000))).toBe(1);
    expect(await present(fresh!)).toBe(false);
  });
});

describe("the media reference check runs on PGlite too", () => {
  it("keeps a referenced object and releases an unreferenced one", async () => {
    const pglite = await createTestDatabase("pglite");
    try {
      const store = new LocalMediaStore(path.join(tmp, "pglite"));
      configureMediaUrls(store.publicBase);
      const rows = await pglite.db
        .insertInto("media_objects")
        .values([
          { storage_key: "packages/1-aaaaaaaaaaaa.webp", content_type: "image/webp", bytes: 1 },
          { storage_key: "packages/1-bbbbbbbbbbbb.webp", content_type: "image/webp", bytes: 1 },
        ])
        .returning("id")
        .execute();
      await sql`insert into travel_moments (title, video_url, thumbnail_url, order_index)
        values ('t', 'https://videos.example/x.mp4', '/media/packages/1-aaaaaaaaaaaa.webp', 0)`.execute(
        pglite.db,
      );
      expect(
        await releaseMedia(
          pglite.db,
          store,
          rows.map((r) => r.id),
        ),
      ).toBe(1);
      const left = await pglite.db.selectFrom("media_objects").select("storage_key").execute();
      expect(left).toEqual([{ storage_key: "packages/1-aaaaaaaaaaaa.webp" }]);
    } finally {
      await pglite.close();
    }
    // A fresh PGlite runs initdb in WebAssembly first: seconds on a busy machine.
  }, 120_000);
});
