import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalMediaStore } from "~/server/media/media-store.server";
import { configureMediaUrls } from "~/server/media/media-urls.server";
import { parseUploadForm } from "~/server/media/uploads.server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { tempDirs } from "../support/files";

// An animated GIF or WebP is stored with one frame's size, not the height
// of all its frames stacked (a 3-frame 1000×1000 WebP was recorded as 1000×3000).
const temp = tempDirs("wlx-animated-");
const tmp = temp.make();
let database: TestDatabase;
let store: LocalMediaStore;

beforeAll(async () => {
  database = await createTestDatabase("postgres");
  store = new LocalMediaStore(path.join(tmp, "media"));
  configureMediaUrls(store.publicBase);
});
afterAll(async () => {
  await database?.close();
  temp.removeAll();
});

/** Three frames of 1000×1000 in different colours, stacked as sharp holds them (pageHeight). */
const frames = () => {
  const frame = 1000 * 1000 * 3;
  const raw = Buffer.alloc(frame * 3);
  for (const [index, rgb] of [
    [40, 160, 110],
    [200, 60, 90],
    [30, 70, 200],
  ].entries())
    for (let at = index * frame; at < (index + 1) * frame; at += 3) raw.set(rgb, at);
  return sharp(raw, { raw: { width: 1000, height: 3000, channels: 3, pageHeight: 1000 } });
};

describe("animated uploads", () => {
  for (const [format, bytes] of [
    [
      "webp",
      () =>
        frames()
          .webp({ loop: 0, delay: [100, 100, 100] })
          .toBuffer(),
    ],
    [
      "gif",
      () =>
        frames()
          .gif({ loop: 0, delay: [100, 100, 100] })
          .toBuffer(),
    ],
  ] as const) {
    it(`stores a 3-frame 1000×1000 ${format} as 1000×1000, its variants per frame too`, async () => {
      const input = await bytes();
      expect((await sharp(input, { animated: true }).metadata()).pages).toBe(3);
      const form = new FormData();
      form.append("file", new File([new Uint8Array(input)], `a.${format}`));
      const { stored } = await parseUploadForm(
        new Request("http://localhost/", { method: "POST", body: form }),
        { folder: "packages", files: { file: "image" }, db: database.db, store },
      );
      expect(stored[0]).toMatchObject({ width: 1000, height: 1000 });
      const row = await database.db
        .selectFrom("media_objects")
        .selectAll()
        .where("id", "=", stored[0]!.mediaId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ width: 1000, height: 1000 });
      expect(row.variants.map((v) => [v.width, v.height])).toEqual([
        [480, 480],
        [960, 960],
      ]);
      // Still animated, each frame the recorded size.
      const kept = await sharp(store.pathFor(row.storage_key), { animated: true }).metadata();
      expect(kept.pages).toBe(3);
      expect(kept.pageHeight).toBe(1000);
    });
  }

  it("a still image keeps its own height", async () => {
    const input = await sharp({
      create: { width: 800, height: 600, channels: 3, background: "#a27" },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new File([new Uint8Array(input)], "still.png"));
    const { stored } = await parseUploadForm(
      new Request("http://localhost/", { method: "POST", body: form }),
      { folder: "packages", files: { file: "image" }, db: database.db, store },
    );
    expect(stored[0]).toMatchObject({ width: 800, height: 600 });
  });
});
