import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { PACKAGE_KINDS, packageInputSchema } from "~/domain/schemas";
import { DEMO_MOMENTS, DEMO_PACKAGES } from "../../../db/seed/catalogue";
import { renderScene, type SceneName } from "../../../db/seed/art";
import type { Db } from "../platform/db.server";
import { storeImage } from "../media/images.server";
import { newMediaKey, type MediaBody, type MediaStore } from "../media/media-store.server";
import { mediaUrlForKey } from "../media/media-urls.server";
import { createPackage } from "./packages.server";
import { createMoment } from "./moments.server";
import { DEMO_MOMENTS_DE, DEMO_PACKAGES_DE } from "../../../db/seed/catalogue-de";
import { emptyPackageTranslation, translationSlug } from "~/domain/translations";
import { writeMomentTranslation, writePackageTranslation } from "./translations.server";

const SEED_WIDTH = 1200;
const SEED_HEIGHT = 800;

export function seedAssetsDir(): string {
  return path.resolve(
    process.env.SEED_ASSETS_DIR ?? path.join(process.cwd(), "db", "seed", "assets"),
  );
}

/** Records every key written, so a failed seed can remove its files again. */
function recording(store: MediaStore, written: string[]): MediaStore {
  return {
    driver: store.driver,
    publicBase: store.publicBase,
    exists: (key) => store.exists(key),
    get: (key) => store.get(key),
    delete: (key) => store.delete(key),
    async put(key: string, body: MediaBody, contentType: string) {
      const size = await store.put(key, body, contentType);
      written.push(key);
      return size;
    },
    async putStream(key, body, contentType) {
      const size = await store.putStream(key, body, contentType);
      written.push(key);
      return size;
    },
  };
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom("packages").select("id")).as("packages"),
      eb.exists(eb.selectFrom("travel_moments").select("id")).as("moments"),
    ])
    .executeTakeFirstOrThrow();
  return !row.packages && !row.moments;
}

/**
 * Seeds the demo catalogue, moments and images into an empty database, in one transaction.
 * Images are rendered locally from SVG art; nothing is fetched. Returns false when not empty.
 */
export async function seedDemo(
  db: Db,
  baseStore: MediaStore,
  /** Told what is happening, for the first start's console (it takes several seconds). */
  onProgress?: (step: string) => void,
): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  onProgress?.("rendering demo images and creating demo packages");
  const written: string[] = [];
  const store = recording(baseStore, written);
  try {
    await db.transaction().execute(async (trx) => {
      const images = new Map<string, string>();
      const imageUrl = async (scene: SceneName, variant: number) => {
        const cacheKey = `${scene}:${variant}`;
        const cached = images.get(cacheKey);
        if (cached) return cached;
        const svg = renderScene(scene, variant, SEED_WIDTH, SEED_HEIGHT);
        const png = await sharp(Buffer.from(svg)).png().toBuffer();
        const media = await storeImage(trx, store, png, "seed");
        const url = mediaUrlForKey(media.storage_key);
        images.set(cacheKey, url);
        return url;
      };
      for (const kind of PACKAGE_KINDS) {
        // createPackage puts each new package first, so insert in reverse to keep catalogue order.
        for (const demo of [...DEMO_PACKAGES[kind]].reverse()) {
          const urls: string[] = [];
          for (const s of demo.scenes) urls.push(await imageUrl(s.scene, s.variant));
          const input = packageInputSchema(kind).parse({
            ...demo,
            images: urls,
            videos: demo.videos ?? [],
          });
          const created = await createPackage(trx, kind, input);
          // German demo content (decision 139): shown when SITE_LANGUAGES names German.
          const de = DEMO_PACKAGES_DE[demo.title];
          if (de) {
            await writePackageTranslation(
              trx,
              created.id,
              "de",
              {
                ...emptyPackageTranslation(),
                ...de,
                slug: translationSlug(de.title, "de"),
                // Published in German, so a bilingual demo shows it (decision 154).
                published: true,
              },
              null,
            );
          }
        }
        onProgress?.(`${kind} packages created (${DEMO_PACKAGES[kind].length})`);
      }
      onProgress?.("storing travel-moment videos");
      const assets = seedAssetsDir();
      for (const moment of DEMO_MOMENTS) {
        const videoKey = newMediaKey("seed", path.extname(moment.asset));
        const bytes = await store.put(
          videoKey,
          { file: path.join(assets, moment.asset) },
          "video/webm",
        );
        await trx
          .insertInto("media_objects")
          .values({
            storage_key: videoKey,
            content_type: "video/webm",
            bytes,
            width: 640,
            height: 360,
          })
          .execute();
        const thumbKey = newMediaKey("seed", path.extname(moment.thumbnail));
        await store.put(
          thumbKey,
          fs.readFileSync(path.join(assets, moment.thumbnail)),
          "image/webp",
        );
        const created = await createMoment(trx, {
          title: moment.title,
          description: moment.description,
          videoUrl: mediaUrlForKey(videoKey),
          thumbnailUrl: mediaUrlForKey(thumbKey),
          thumbnailAlt: undefined,
          duration: moment.duration,
          isActive: moment.isActive,
        });
        const de = DEMO_MOMENTS_DE[moment.title];
        if (de) await writeMomentTranslation(trx, created.id, "de", { ...de, thumbnail_alt: "" });
      }
    });
    return true;
  } catch (error) {
    await Promise.allSettled(written.map((key) => baseStore.delete(key)));
    throw error;
  }
}
