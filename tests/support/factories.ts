import fs from "node:fs";
import path from "node:path";
import { packageInputSchema, type PackageInputRaw, type PackageKind } from "~/domain/schemas";
import type { Db } from "~/server/platform/db.server";
import { createPackage } from "~/server/catalogue/packages.server";
import { writePackageTranslation } from "~/server/catalogue/translations.server";
import { emptyPackageTranslation } from "~/domain/translations";

export function packageInput(kind: PackageKind, overrides: Partial<PackageInputRaw> = {}) {
  return packageInputSchema(kind).parse({
    title: "Bali Escape",
    price: "$2,450 per person",
    duration: "7 days",
    location: "Ubud, Bali",
    status: "published",
    ...overrides,
  });
}

export function makePackage(db: Db, kind: PackageKind, overrides: Partial<PackageInputRaw> = {}) {
  return createPackage(db, kind, packageInput(kind, overrides));
}

/**
 * Publishes a German translation with a title, a slug and a description: the package appears in
 * German (decision 139).
 */
export function publishGerman(
  db: Db,
  packageId: string,
  title: string,
  slug: string,
  description = "Eine Reise.",
) {
  const translation = { ...emptyPackageTranslation(), published: true, title, slug, description };
  return writePackageTranslation(db, packageId, "de", translation, null);
}

/**
 * An upload without variants, as stored: the file `key` under `mediaRoot` (five bytes) and its
 * media_objects row. Returns the file's path.
 */
export async function makeStoredMedia(db: Db, mediaRoot: string, key: string): Promise<string> {
  const file = path.join(mediaRoot, ...key.split("/"));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "bytes");
  await db
    .insertInto("media_objects")
    .values({
      storage_key: key,
      content_type: "image/webp",
      bytes: 5,
      variants: JSON.stringify([]),
    })
    .execute();
  return file;
}
