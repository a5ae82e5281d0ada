import sharp, { type OutputInfo } from "sharp";
import type { MediaVariant } from "~/domain/schemas";
import type { Db } from "../platform/db.server";
import type { MediaObjectRow } from "../platform/db-schema";
import { releaseMedia } from "./references.server";
import {
  newMediaKey,
  type MediaBody,
  type MediaFolder,
  type MediaStore,
} from "./media-store.server";

const VARIANT_WIDTHS = [480, 960] as const;
const MAX_WIDTH = 1600;

/**
 * The largest image accepted, per side and in all (one frame). A phone panorama or a 61 MP camera
 * fits; what is refused is what would hold a request for seconds: a one-byte change to a PNG header
 * made an 8,388,624 × 12 image that sharp took ten seconds to give up on.
 */
export const MAX_IMAGE_SIDE = 20_000;
export const MAX_IMAGE_PIXELS = 80_000_000;

/** An image refused by its header alone, before any pixel is decoded. */
export class ImageTooLarge extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`image of ${width} × ${height} pixels is over the limit`);
    this.name = "ImageTooLarge";
  }
}

/** One frame's height: sharp reports an animation's frames stacked, with `pageHeight` per frame. */
const frameHeight = (info: OutputInfo) => info.pageHeight ?? info.height;

/**
 * Stores an image as WebP (at most 1600 px wide) plus smaller WebP variants for srcset, and records
 * it in media_objects. Stored files are removed again when any later step fails.
 */
export async function storeImage(
  db: Db,
  store: MediaStore,
  input: MediaBody,
  folder: MediaFolder = "packages",
  options: { animated?: boolean } = {},
): Promise<MediaObjectRow> {
  // rotate() applies the EXIF orientation; sharp writes no metadata unless asked (keepExif etc.),
  // so the stored WebP files carry none of the uploader's EXIF, GPS, XMP or ICC comments.
  const bytes = input instanceof Uint8Array ? input : input.file;
  const header = await sharp(bytes, { failOn: "error" }).metadata();
  const width = header.width ?? 0;
  const height = header.height ?? 0;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS)
    throw new ImageTooLarge(width, height);
  const source = sharp(bytes, {
    failOn: "error",
    animated: options.animated ?? false,
  }).rotate();
  const main = await source
    .clone()
    .resize({ width: MAX_WIDTH, withoutEnlargement: true })
    .webp({ quality: 72 })
    .toBuffer({ resolveWithObject: true });
  const key = newMediaKey(folder, "webp");
  const written: string[] = [];
  try {
    const bytes = await store.put(key, main.data, "image/webp");
    written.push(key);
    const variants: MediaVariant[] = [];
    for (const width of VARIANT_WIDTHS) {
      if (width >= main.info.width) continue;
      const out = await source
        .clone()
        .resize({ width })
        .webp({ quality: 70 })
        .toBuffer({ resolveWithObject: true });
      const variantKey = key.replace(/\.webp$/, `-w${width}.webp`);
      await store.put(variantKey, out.data, "image/webp");
      written.push(variantKey);
      variants.push({
        key: variantKey,
        width: out.info.width,
        height: frameHeight(out.info),
        format: "webp",
      });
    }
    return await db
      .insertInto("media_objects")
      .values({
        storage_key: key,
        content_type: "image/webp",
        bytes,
        width: main.info.width,
        height: frameHeight(main.info),
        variants: JSON.stringify(variants),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    await Promise.allSettled(written.map((k) => store.delete(k)));
    throw error;
  }
}

/** Deletes media rows no package or moment references any more, and then their files. */
export async function pruneMedia(
  db: Db,
  store: MediaStore,
  ids: readonly string[],
): Promise<number> {
  return releaseMedia(db, store, ids);
}
