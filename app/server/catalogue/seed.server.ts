import fs from "node:fs";
import os from "node:os";
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

const sceneKey = (scene: SceneName, variant: number) => `${scene}:${variant}`;
/** Images drawn and encoded at once: two per core, at most four (each holds ~4 MB of pixels). */
const SEED_LANES = Math.min(4, os.availableParallelism() * 2);

/**
 * Every scene the demo packages show, rendered from its SVG art and stored once (keyed
 * `scene:variant`, to its URL), SEED_LANES at a time: sharp encodes on its own threads while the
 * next SVG is drawn, so a first start uses every core (20 s → 13 s on two).
 */
async function storeSceneImages(trx: Db, store: MediaStore): Promise<Map<string, string>> {
  const scenes = new Map<string, { scene: SceneName; variant: number }>();
  for (const kind of PACKAGE_KINDS) {
    for (const demo of DEMO_PACKAGES[kind]) {
      for (const s of demo.scenes) scenes.set(sceneKey(s.scene, s.variant), s);
    }
  }
  const urls = new Map<string, string>();
  await eachAtOnce([...scenes], SEED_LANES, async ([key, { scene, variant }]) => {
    const svg = renderScene(scene, variant, SEED_WIDTH, SEED_HEIGHT);
    // Only storeImage reads this PNG: compressing it would be work thrown away.
    const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
    const media = await storeImage(trx, store, png, "seed");
    urls.set(key, mediaUrlForKey(media.storage_key));
  });
  return urls;
}

/**
 * Runs `work` on every item, at most `limit` at a time. After a failure no new item starts, and
 * the ones already started are awaited before the first error is thrown (so a caller's clean-up
 * sees every file they wrote).
 */
async function eachAtOnce<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failure) throw failure.error;
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
      const images = await storeSceneImages(trx, store);
      onProgress?.(`demo images stored (${images.size})`);
      for (const kind of PACKAGE_KINDS) {
        // createPackage puts each new package first, so insert in reverse to keep catalogue order.
        for (const demo of [...DEMO_PACKAGES[kind]].reverse()) {
          const input = packageInputSchema(kind).parse({
            ...demo,
            images: demo.scenes.map((s) => images.get(sceneKey(s.scene, s.variant))),
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
