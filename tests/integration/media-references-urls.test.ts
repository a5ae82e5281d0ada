import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { deletePackage } from "~/server/catalogue/packages.server";
import { LocalMediaStore } from "~/server/media/media-store.server";
import { configureMediaUrls } from "~/server/media/media-urls.server";
import { releaseMedia } from "~/server/media/references.server";
import { parseUploadForm, type StoredMedia } from "~/server/media/uploads.server";
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { tempDirs } from "../support/files";

// An image referenced by its absolute URL (http://host/media/…) or with a
// query string counts as in use, so deleting another package that used it keeps the file.
const temp = tempDirs("wlx-ref-urls-");
afterAll(temp.removeAll);

describe.each(BACKENDS)("media referenced by URL variants on %s", (backend) => {
  let database: TestDatabase;
  let store: LocalMediaStore;

  async function upload(): Promise<StoredMedia> {
    const form = new FormData();
    const png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#3a6" },
    })
      .png()
      .toBuffer();
    form.append("images.new", new File([new Uint8Array(png)], "a.png"));
    const parsed = await parseUploadForm(
      new Request("http://localhost/", { method: "POST", body: form }),
      { folder: "packages", files: { "images.new": "image" }, db: database.db, store },
    );
    return parsed.stored[0]!;
  }

  const variantUrl = async (media: StoredMedia) => {
    const row = await database.db
      .selectFrom("media_objects")
      .select("variants")
      .where("id", "=", media.mediaId)
      .executeTakeFirstOrThrow();
    return `/media/${row.variants[0]!.key}`;
  };

  it("keeps an image another published package uses by absolute URL or with a query", async () => {
    database = await createTestDatabase(backend);
    try {
      store = new LocalMediaStore(temp.make());
      configureMediaUrls(store.publicBase);
      const cases: ((m: StoredMedia) => Promise<string>)[] = [
        async (m) => `http://localhost:3000${m.url}`,
        async (m) => `https://travel.example.com${m.url}`,
        async (m) => `${m.url}?v=2`,
        async (m) => `${m.url}#top`,
        async (m) => `http://localhost:3000${m.url}?w=480`,
        async (m) => `${await variantUrl(m)}?v=3`,
        async (m) => `http://localhost:3000${await variantUrl(m)}`,
      ];
      for (const [index, urlOf] of cases.entries()) {
        const media = await upload();
        const url = await urlOf(media);
        const source = await makePackage(database.db, "trip", {
          title: `Source ${index}`,
          images: [media.url],
        });
        await makePackage(database.db, "local", {
          title: `Published ${index}`,
          status: "published",
          images: [url],
        });
        await deletePackage(database.db, "trip", source.id);
        expect(await store.exists(media.key), url).toBe(true);
        // Nor does a direct release (the sweep's check) take it.
        expect(await releaseMedia(database.db, store, [media.mediaId]), url).toBe(0);
      }
      // An image nothing names, in any form, is still released.
      const unused = await upload();
      expect(await releaseMedia(database.db, store, [unused.mediaId])).toBe(1);
      expect(await store.exists(unused.key)).toBe(false);
    } finally {
      await database.close();
    }
  }, 120_000);
});
