import { createHash } from "node:crypto";
import type express from "express";
import sharp from "sharp";
import { focalCrop } from "~/domain/focal-crop";
import { kindInfo } from "~/domain/package-kinds";
import type { Package, PackageImage } from "~/domain/schemas";
import { detailScopeForPath } from "~/domain/site-paths";
import type { Db } from "../platform/db.server";
import { log } from "../platform/log.server";
import type { MediaStore } from "../media/media-store.server";
import { mediaKeyFromUrl } from "../media/media-urls.server";
import { findDetailPackage } from "./site-pages.server";

/*
 * The Open Graph picture of a package (decision 103): the first image cropped to
 * 1200 × 630 around its focal point, as JPEG, at /og/{package|exclusive|local-package}/{id}/{version}.jpg.
 * The version hashes what the picture is made of (the image's URL and focal point, and how it is
 * drawn), so a new point or image is a new URL and every response can be cached for a year.
 * Rendered on first request and kept in a small in-memory LRU bounded in bytes.
 */

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** Raise when the drawing changes (size, quality, format), so cached pictures are not reused. */
const RENDERING = "jpeg-1200x630-q82-v1";
const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=60";

export function ogImageVersion(image: Pick<PackageImage, "url" | "focal_x" | "focal_y">): string {
  return createHash("sha256")
    .update(`${RENDERING}\n${image.url}\n${image.focal_x}\n${image.focal_y}`)
    .digest("hex")
    .slice(0, 16);
}

/**
 * The path of a published package's Open Graph picture, when its first image is one of ours;
 * undefined for drafts, packages without images, and images given as external URLs (those keep
 * their own URL).
 */
export function ogImagePath(pkg: Pick<Package, "id" | "kind" | "status" | "imageDetails">) {
  const first = pkg.imageDetails[0];
  if (pkg.status !== "published" || !first || !mediaKeyFromUrl(first.url)) return undefined;
  return `/og${kindInfo(pkg.kind).detailPath(pkg.id)}/${ogImageVersion(first)}.jpg`;
}

/** The picture, cropped around the focal point after the EXIF orientation is applied. */
export async function renderOgImage(
  bytes: Uint8Array,
  focalX: number,
  focalY: number,
): Promise<Buffer> {
  const meta = await sharp(bytes).metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new Error("image without dimensions");
  return sharp(bytes)
    .autoOrient()
    .extract(focalCrop(width, height, OG_WIDTH, OG_HEIGHT, focalX, focalY))
    .resize(OG_WIDTH, OG_HEIGHT, { fit: "fill" })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/** Rendered pictures by version, least recently used dropped first once over `maxBytes`. */
export class OgImageCache {
  private readonly entries = new Map<string, Buffer>();
  private readonly pending = new Map<string, Promise<Buffer>>();
  private bytes = 0;
  constructor(readonly maxBytes: number) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** The cached picture, or `make()`'s (concurrent misses of one version share one render). */
  async get(version: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.entries.get(version);
    if (hit) {
      this.entries.delete(version);
      this.entries.set(version, hit);
      return hit;
    }
    let running = this.pending.get(version);
    if (!running) {
      running = make()
        .then((body) => {
          this.store(version, body);
          return body;
        })
        .finally(() => this.pending.delete(version));
      this.pending.set(version, running);
    }
    return running;
  }

  private store(version: string, body: Buffer): void {
    if (body.length > this.maxBytes || this.entries.has(version)) return;
    this.entries.set(version, body);
    this.bytes += body.length;
    for (const [key, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= value.length;
    }
  }
}

class NotFound extends Error {}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .some((tag) => tag.trim() === "*" || tag.trim().replace(/^W\//, "") === etag);
}

/** About fifty pictures (a 1200 × 630 JPEG is 100-250 kB). */
export const OG_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * GET /og/{scope}/{id}/{version}.jpg, mounted in front of the page cache (a binary answer that
 * needs no nonce or compression, and that outlives every page-cache generation).
 * 404 for unknown ids, drafts, packages whose first image is not ours, and missing objects;
 * an old version redirects to the current one.
 */
export function ogImageRoute(
  deps: () => { db: Db; media: MediaStore },
  cache = new OgImageCache(OG_CACHE_BYTES),
) {
  return async (req: express.Request, res: express.Response, next: express.NextFunction) => {
    try {
      const { db, media } = deps();
      const params = req.params as Record<string, string | undefined>;
      const scope = detailScopeForPath(`/${params.scope ?? ""}`);
      const match = /^([0-9a-f]{16})\.jpg$/.exec(params.file ?? "");
      const pkg =
        scope && match
          ? await findDetailPackage(db, scope, params.id ?? "", { includeDrafts: false })
          : undefined;
      const current = pkg ? ogImagePath(pkg) : undefined;
      const first = pkg?.imageDetails[0];
      const key = first ? mediaKeyFromUrl(first.url) : undefined;
      if (!current || !first || !key || !match) throw new NotFound();
      const version = ogImageVersion(first);
      if (match[1] !== version) {
        res.status(302).set("Cache-Control", SHORT).location(current).end();
        return;
      }
      const etag = `"og-${version}"`;
      res.set({ "Cache-Control": IMMUTABLE, ETag: etag, "Content-Type": "image/jpeg" });
      // Not req.fresh: it ignores validators whenever the request says no-cache (as fetch() does).
      if (matchesEtag(req.get("If-None-Match"), etag)) {
        res.status(304).end();
        return;
      }
      const body = await cache.get(version, async () => {
        const original = await media.get(key);
        if (!original) throw new NotFound();
        try {
          return await renderOgImage(original, first.focal_x, first.focal_y);
        } catch (error) {
          log("warn", "og image not drawable", { key, error: String(error) });
          throw new NotFound();
        }
      });
      res.status(200).send(body);
    } catch (error) {
      if (!(error instanceof NotFound)) {
        next(error);
        return;
      }
      res.removeHeader("ETag");
      res
        .status(404)
        .set({ "Cache-Control": SHORT, "Content-Type": "text/plain; charset=utf-8" })
        .end("Not found");
    }
  };
}
