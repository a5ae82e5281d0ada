import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deletePackage, getPackageById, updatePackage } from "~/server/catalogue/packages.server";
import { LocalMediaStore } from "~/server/media/media-store.server";
import { ogImagePath, ogImageRoute, OgImageCache } from "~/server/site/og-image.server";
import { startTestServer, type TestServer } from "../support/app-server";
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/db";
import { makePackage, packageInput } from "../support/factories";
import { tempDirs } from "../support/files";

// The Open Graph picture, 1200 × 630, cropped around the first image's focal point.

const RED = { r: 230, g: 20, b: 20 };

/** A 900 × 1600 portrait, grey, with a red 200 × 200 block near the bottom (x 350-550, y 1350-1550). */
async function portraitWithBlock(): Promise<Buffer> {
  const block = await sharp({
    create: { width: 200, height: 200, channels: 3, background: RED },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 900, height: 1600, channels: 3, background: "#808080" } })
    .composite([{ input: block, left: 350, top: 1350 }])
    .png()
    .toBuffer();
}

/** The same picture stored on its side with EXIF orientation 6 ("rotate 90° clockwise to show"). */
async function sidewaysWithOrientation(portrait: Buffer): Promise<Buffer> {
  const raw = await sharp(portrait).rotate(-90).jpeg({ quality: 95 }).toBuffer();
  return sharp(raw).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer();
}

async function pixel(jpeg: Buffer, x: number, y: number) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}

async function redPixels(jpeg: Buffer): Promise<number> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (data[i]! > 180 && data[i + 1]! < 80 && data[i + 2]! < 80) count++;
  }
  return count;
}

const isRed = (p: { r: number; g: number; b: number }) => p.r > 180 && p.g < 80 && p.b < 80;

describe.each(BACKENDS)("the Open Graph picture route on %s", (backend) => {
  let database: TestDatabase;
  let media: LocalMediaStore;
  const temp = tempDirs("wlx-og-");
  let root: string;
  let url = "";
  let close: () => Promise<void>;
  const get = (p: string, headers: Record<string, string> = {}) =>
    fetch(`${url}${p}`, { redirect: "manual", headers });

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    root = temp.make();
    media = new LocalMediaStore(root);
    const portrait = await portraitWithBlock();
    await media.put("packages/portrait.png", portrait, "image/png");
    await media.put("packages/sideways.jpg", await sidewaysWithOrientation(portrait), "image/jpeg");
    await media.put("packages/broken.webp", Buffer.from("not an image"), "image/webp");
    const app = express();
    app.get(
      "/og/:scope/:id/:file",
      ogImageRoute(() => ({ db: database.db, media })),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  }, 120_000);
  afterAll(async () => {
    await close?.();
    await database?.close();
    temp.removeAll();
  });

  const withFirstImage = (imageUrl: string, focal: [number, number], extra = {}) =>
    makePackage(database.db, "trip", {
      title: "Crop",
      images: [imageUrl],
      image_details: [{ url: imageUrl, alt: "", focal_x: focal[0], focal_y: focal[1] }],
      ...extra,
    });

  it("crops 1200 × 630 around the focal point: the block it is set on is in the picture", async () => {
    const pkg = await withFirstImage("/media/packages/portrait.png", [0.5, 0.9]);
    const ogPath = ogImagePath(pkg)!;
    expect(ogPath).toMatch(new RegExp(`^/og/package/${pkg.id}/[0-9a-f]{16}\\.jpg$`));
    const response = await get(ogPath);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    const body = Buffer.from(await response.arrayBuffer());
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    // Cover scale 4/3: a 900 × 473 window, slid up to the bottom edge (top 1127); the block lands
    // at x 467-733, y 297-564 of the output.
    expect(isRed(await pixel(body, 600, 430))).toBe(true);
    expect(isRed(await pixel(body, 600, 150))).toBe(false);
    expect(isRed(await pixel(body, 300, 430))).toBe(false);

    // The centre (the default) crops y 564-1037: no block at all.
    const centred = await withFirstImage("/media/packages/portrait.png", [0.5, 0.5]);
    const plain = Buffer.from(await (await get(ogImagePath(centred)!)).arrayBuffer());
    expect(await redPixels(plain)).toBe(0);
  });

  it("applies the EXIF orientation before cropping", async () => {
    const pkg = await withFirstImage("/media/packages/sideways.jpg", [0.5, 0.9]);
    const body = Buffer.from(await (await get(ogImagePath(pkg)!)).arrayBuffer());
    expect(isRed(await pixel(body, 600, 430))).toBe(true);
    expect(await redPixels(body)).toBeGreaterThan(50_000);
  });

  it("answers with a year-long immutable Cache-Control and an ETag, and 304 to a revalidation", async () => {
    const pkg = await withFirstImage("/media/packages/portrait.png", [0.2, 0.3]);
    const ogPath = ogImagePath(pkg)!;
    const first = await get(ogPath);
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"og-[0-9a-f]{16}"$/);
    const again = await get(ogPath, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("changes the version with the focal point and the image; an old version redirects to the new", async () => {
    const pkg = await withFirstImage("/media/packages/portrait.png", [0.5, 0.9]);
    const before = ogImagePath(pkg)!;
    const moved = packageInput("trip", {
      title: "Crop",
      images: ["/media/packages/portrait.png"],
      image_details: [{ url: "/media/packages/portrait.png", alt: "", focal_x: 0.5, focal_y: 0.1 }],
    });
    await updatePackage(database.db, "trip", pkg.id, moved);
    const after = ogImagePath((await getPackageById(database.db, "trip", pkg.id))!)!;
    expect(after).not.toBe(before);
    const old = await get(before);
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe(after);
    expect(old.headers.get("cache-control")).toBe("public, max-age=60");
    // The new point is at the top: no block in the picture any more.
    const body = Buffer.from(await (await get(after)).arrayBuffer());
    expect(await redPixels(body)).toBe(0);

    await updatePackage(
      database.db,
      "trip",
      pkg.id,
      packageInput("trip", { title: "Crop", images: ["/media/packages/sideways.jpg"] }),
    );
    const replaced = ogImagePath((await getPackageById(database.db, "trip", pkg.id))!)!;
    expect(new Set([before, after, replaced]).size).toBe(3);
  });

  it("is 404 for drafts, unknown ids, other paths, external or missing images and undrawable files", async () => {
    const draft = await withFirstImage("/media/packages/portrait.png", [0.5, 0.5], {
      status: "draft",
    });
    const published = await withFirstImage("/media/packages/portrait.png", [0.5, 0.5]);
    const publishedPath = ogImagePath(published)!;
    const version = publishedPath.split("/").pop()!;
    expect(ogImagePath(draft)).toBeUndefined();
    const external = await withFirstImage("https://cdn.example.com/a.jpg", [0.5, 0.5]);
    expect(ogImagePath(external)).toBeUndefined();
    const none = await makePackage(database.db, "trip", { title: "No images", images: [] });
    expect(ogImagePath(none)).toBeUndefined();
    const missing = await withFirstImage("/media/packages/gone.png", [0.5, 0.5]);
    const broken = await withFirstImage("/media/packages/broken.webp", [0.5, 0.5]);
    const deleted = await withFirstImage("/media/packages/portrait.png", [0.3, 0.3]);
    const deletedPath = ogImagePath(deleted)!;
    expect((await get(deletedPath)).status).toBe(200);
    await deletePackage(database.db, "trip", deleted.id);

    for (const p of [
      `/og/package/${draft.id}/${version}`,
      `/og/package/00000000-0000-4000-8000-000000000000/${version}`,
      `/og/package/${external.id}/${version}`,
      `/og/package/${none.id}/${version}`,
      `/og/exclusive/${published.id}/${version}`,
      `/og/elsewhere/${published.id}/${version}`,
      `/og/package/${published.id}/${version.replace(".jpg", ".png")}`,
      `/og/package/${published.id}/not-a-version.jpg`,
      ogImagePath(missing)!,
      ogImagePath(broken)!,
      deletedPath,
    ]) {
      const response = await get(p);
      expect(response.status, p).toBe(404);
      expect(response.headers.get("cache-control"), p).toBe("public, max-age=60");
      expect(response.headers.get("etag"), p).toBeNull();
    }
    expect((await get(publishedPath)).status).toBe(200);
  });
});

describe("the Open Graph picture cache", () => {
  const bytes = (n: number) => Buffer.alloc(n, 1);

  it("keeps at most maxBytes, dropping the least recently used first", async () => {
    const cache = new OgImageCache(250);
    let renders = 0;
    const make = (n: number) => async () => {
      renders++;
      return bytes(n);
    };
    await cache.get("a", make(100));
    await cache.get("b", make(100));
    await cache.get("a", make(100)); // a is now the most recent
    await cache.get("c", make(100)); // over 250: b goes
    expect(cache.size).toEqual({ entries: 2, bytes: 200 });
    expect(renders).toBe(3);
    await cache.get("a", make(100));
    expect(renders).toBe(3);
    await cache.get("b", make(100));
    expect(renders).toBe(4);
    await cache.get("huge", make(1000)); // larger than the whole cache: served, never kept
    expect(cache.size.bytes).toBeLessThanOrEqual(250);
  });

  it("shares one render between concurrent misses and keeps nothing when the render fails", async () => {
    const cache = new OgImageCache(1000);
    let renders = 0;
    const slow = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return bytes(10);
    };
    await Promise.all([cache.get("v", slow), cache.get("v", slow), cache.get("v", slow)]);
    expect(renders).toBe(1);
    await expect(cache.get("w", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(cache.size).toEqual({ entries: 1, bytes: 10 });
  });
});

describe("the Open Graph meta tag of a package page", () => {
  let database: TestDatabase;
  let server: TestServer;
  const temp = tempDirs("wlx-og-app-");
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    dataDir = temp.make();
    await new LocalMediaStore(path.join(dataDir, "media")).put(
      "packages/portrait.png",
      await portraitWithBlock(),
      "image/png",
    );
    server = await startTestServer({
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      PUBLIC_URL: "https://travel.example.com",
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
    temp.removeAll();
  });

  const ogImage = async (p: string) => {
    const html = await (await server.fetch(p)).text();
    return /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  };

  it("points at the cropped picture for our images, the original for external ones, the default without", async () => {
    const ours = await makePackage(database.db, "trip", {
      title: "Ours",
      images: ["/media/packages/portrait.png"],
      image_details: [{ url: "/media/packages/portrait.png", alt: "", focal_x: 0.5, focal_y: 0.9 }],
    });
    const content = await ogImage(`/package/${ours.id}`);
    expect(content).toBe(`https://travel.example.com${ogImagePath(ours)}`);
    const picture = await server.fetch(new URL(content!).pathname);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).width).toBe(1200);

    const external = await makePackage(database.db, "local", {
      title: "External",
      images: ["https://cdn.example.com/a.jpg"],
    });
    expect(await ogImage(`/local-package/${external.id}`)).toBe("https://cdn.example.com/a.jpg");
    const none = await makePackage(database.db, "exclusive", { title: "None", images: [] });
    const fallback = await ogImage(`/exclusive/${none.id}`);
    expect(fallback).toMatch(/^https:\/\/travel\.example\.com\/.+/);
    expect(fallback).not.toContain("/og/");
  });
});
