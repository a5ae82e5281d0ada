import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { travelMomentInputSchema, type PackageKind } from "~/domain/schemas";
import type { PackageSnapshot } from "~/domain/versions";
import {
  createMoment,
  deleteMoment,
  setMomentActive,
  updateMoment,
} from "~/server/catalogue/moments.server";
import {
  deletePackage,
  getPackageById,
  setPackageStatus,
  updatePackage,
  versionedPackage,
} from "~/server/catalogue/packages.server";
import { loadHistory, loadVersion, restoreVersion } from "~/server/catalogue/history.server";
import { pruneVersions, recordContentVersion } from "~/server/catalogue/versions.server";
import { storeImage } from "~/server/media/images.server";
import { LocalMediaStore } from "~/server/media/media-store.server";
import { configureMediaUrls, mediaUrlForKey } from "~/server/media/media-urls.server";
import {
  packageMediaIds,
  releaseMedia,
  sweepUnattachedMedia,
} from "~/server/media/references.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage, packageInput } from "../support/factories";
import { tempDirs } from "../support/files";

/** Versions on every central write, restore, and the media they keep. */
describe.each(BACKENDS)("versions on %s", (backend) => {
  const { db } = useTestDatabase(backend);
  const temp = tempDirs("wlx-versions-");
  const tmp = temp.make();
  const store = new LocalMediaStore(path.join(tmp, "media"));
  let adminId: string;

  beforeAll(async () => {
    configureMediaUrls(store.publicBase);
  });
  afterAll(async () => {
    temp.removeAll();
  });
  beforeEach(async () => {
    const admin = await db()
      .insertInto("admins")
      .values({ email: "editor@example.com", password_hash: "$argon2id$v=19$m=19456,t=2,p=1$x$y" })
      .returning("id")
      .executeTakeFirstOrThrow();
    adminId = admin.id;
  });

  const versions = (type: "package" | "moment", id: string) =>
    db()
      .selectFrom("content_versions")
      .selectAll()
      .where("item_type", "=", type)
      .where("item_id", "=", id)
      .orderBy("number")
      .execute();

  const png = async (background: string) =>
    new Uint8Array(
      await sharp({ create: { width: 600, height: 400, channels: 3, background } })
        .png()
        .toBuffer(),
    );
  const image = async (background = "#48a") => {
    const row = await storeImage(db(), store, await png(background));
    return { id: row.id, key: row.storage_key, url: mediaUrlForKey(row.storage_key) };
  };

  it("records a version, with who and the full content, on each central package write", async () => {
    const a = await image();
    const pkg = await makePackage(db(), "trip", { title: "Bali", images: [a.url] });
    const input = packageInput("trip", { title: "Bali", price: "From R 13 500", images: [a.url] });
    await updatePackage(db(), "trip", pkg.id, input, { by: adminId });
    await setPackageStatus(db(), "trip", pkg.id, "draft", { by: adminId });
    await setPackageStatus(db(), "trip", pkg.id, "published", { by: adminId });
    await deletePackage(db(), "trip", pkg.id, { by: adminId });

    const rows = await versions("package", pkg.id);
    expect(rows.map((r) => [r.number, r.action, r.admin_id])).toEqual([
      [1, "create", null],
      [2, "update", adminId],
      [3, "unpublish", adminId],
      [4, "publish", adminId],
      [5, "delete", adminId],
    ]);
    const content = rows[1]!.content as unknown as PackageSnapshot;
    expect(content).toMatchObject({ title: "Bali", price: "From R 13 500", images: [a.url] });
    expect(content.imageDetails[0]).toMatchObject({ url: a.url, width: 600 });
    expect(rows[1]!.media_ids).toEqual([a.id]);
  });

  it("records nothing when the write is refused", async () => {
    const pkg = await makePackage(db(), "trip");
    await expect(
      updatePackage(db(), "trip", pkg.id, packageInput("trip"), {
        expectedUpdatedAt: "2000-01-01T00:00:00.000Z",
      }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(setPackageStatus(db(), "local", pkg.id, "draft")).rejects.toMatchObject({
      status: 404,
    });
    expect(await versions("package", pkg.id)).toHaveLength(1);
  });

  it("records moment versions on create, update and show/hide; deleting drops its history", async () => {
    const input = travelMomentInputSchema.parse({ title: "Reef", videoUrl: "/media/v.mp4" });
    const moment = await createMoment(db(), input, { by: adminId });
    await updateMoment(db(), moment.id, { ...input, title: "Reef dive" }, { by: adminId });
    await setMomentActive(db(), moment.id, false, { by: adminId });
    expect((await versions("moment", moment.id)).map((r) => r.action)).toEqual([
      "create",
      "update",
      "hide",
    ]);
    const history = await loadHistory(db(), "moment", moment.id);
    expect(history.versions.map((v) => v.changes)).toEqual([
      ["Shown on the site: Yes → No"],
      ["Title: Reef → Reef dive"],
      ["Created"],
    ]);
    expect(history.versions[0]!.by).toBe("editor@example.com");
    await deleteMoment(db(), moment.id);
    expect(await versions("moment", moment.id)).toEqual([]);
  });

  it("lets another write path record through recordContentVersion", async () => {
    const pkg = await makePackage(db(), "local");
    await sql`update packages set price = 'R 1' where id = ${pkg.id}`.execute(db());
    await recordContentVersion(db(), versionedPackage("local", pkg.id), {
      action: "scheduled_publish",
      by: null,
    });
    const history = await loadHistory(db(), "local", pkg.id);
    expect(history.versions[0]).toMatchObject({
      label: "Published by schedule",
      by: "System",
      changes: ["Price: $2,450 per person → R 1"],
    });
  });

  describe("restore", () => {
    async function twoVersions(kind: PackageKind = "trip") {
      const a = await image("#a44");
      const b = await image("#4a4");
      const pkg = await makePackage(db(), kind, {
        title: "Bali",
        price: "From R 12 000",
        images: [a.url],
        image_details: [{ url: a.url, alt: "Rice terraces", focal_x: 0.2, focal_y: 0.8 }],
      });
      const before = await packageMediaIds(db(), pkg.id);
      const updated = await updatePackage(
        db(),
        kind,
        pkg.id,
        packageInput(kind, { title: "Bali", price: "From R 13 500", images: [b.url] }),
        { by: adminId },
      );
      // What the update no longer uses is released: version 1 still uses it, so it stays.
      expect(await releaseMedia(db(), store, before)).toBe(0);
      const [v1] = await versions("package", pkg.id);
      return { pkg: updated, a, b, v1: v1! };
    }

    it("brings a version's content back as a new version, status kept, media intact", async () => {
      const { pkg, a, v1 } = await twoVersions();
      expect(await store.exists(a.key)).toBe(true);
      await setPackageStatus(db(), "trip", pkg.id, "draft");
      const current = (await getPackageById(db(), "trip", pkg.id))!;
      const { message } = await restoreVersion(db(), "trip", pkg.id, v1.id, {
        by: adminId,
        expectedUpdatedAt: current.updated_at,
      });
      expect(message).toBe("Version 1 restored.");
      const restored = (await getPackageById(db(), "trip", pkg.id))!;
      expect(restored).toMatchObject({ price: "From R 12 000", images: [a.url], status: "draft" });
      expect(restored.imageDetails[0]).toMatchObject({
        alt: "Rice terraces",
        focal_x: 0.2,
        focal_y: 0.8,
        width: 600,
      });
      const rows = await versions("package", pkg.id);
      expect(rows.map((r) => [r.number, r.action, r.restored_from])).toEqual([
        [1, "create", null],
        [2, "update", null],
        [3, "unpublish", null],
        [4, "restore", 1],
      ]);
      // History is never rewritten: version 1 is as it was.
      expect(rows[0]).toEqual(v1);
      const history = await loadHistory(db(), "trip", pkg.id);
      expect(history.versions[0]).toMatchObject({
        label: "Restored version 1",
        changes: ["Price: From R 13 500 → From R 12 000", "1 image added", "1 image removed"],
      });
    });

    it("refuses a version of another package, an unknown version and a stale screen, changing nothing", async () => {
      const { pkg } = await twoVersions();
      const other = await makePackage(db(), "trip", { title: "Other" });
      const [foreign] = await versions("package", other.id);
      const before = await versions("package", pkg.id);
      const current = (await getPackageById(db(), "trip", pkg.id))!;
      const options = { by: adminId, expectedUpdatedAt: current.updated_at };

      await expect(
        restoreVersion(db(), "trip", pkg.id, foreign!.id, options),
      ).rejects.toMatchObject({
        status: 409,
        message: expect.stringContaining("belongs to another package"),
      });
      await expect(loadVersion(db(), "trip", pkg.id, foreign!.id)).rejects.toMatchObject({
        status: 409,
      });
      // The same package id under another kind is not found.
      await expect(
        restoreVersion(db(), "local", pkg.id, before[0]!.id, options),
      ).rejects.toMatchObject({ status: 404 });
      await expect(
        restoreVersion(db(), "trip", pkg.id, randomUUID(), options),
      ).rejects.toMatchObject({ status: 404 });
      await expect(
        restoreVersion(db(), "trip", pkg.id, before[0]!.id, {
          by: adminId,
          expectedUpdatedAt: "2000-01-01T00:00:00.000Z",
        }),
      ).rejects.toMatchObject({ status: 409 });

      expect(await versions("package", pkg.id)).toEqual(before);
      expect(await getPackageById(db(), "trip", pkg.id)).toEqual(current);
    });

    it("refuses to restore a version of a deleted package until it is back", async () => {
      const { pkg, v1 } = await twoVersions();
      await deletePackage(db(), "trip", pkg.id);
      await expect(
        restoreVersion(db(), "trip", pkg.id, v1.id, {
          by: null,
          expectedUpdatedAt: pkg.updated_at,
        }),
      ).rejects.toMatchObject({
        status: 409,
        message: expect.stringContaining("Recently deleted"),
      });
    });

    it("takes the next free slug when another package took the version's one", async () => {
      const pkg = await makePackage(db(), "trip", { title: "Bali", slug: "bali" });
      const [v1] = await versions("package", pkg.id);
      const renamed = await updatePackage(
        db(),
        "trip",
        pkg.id,
        packageInput("trip", { title: "Bali", slug: "bali-new" }),
      );
      await makePackage(db(), "trip", { title: "Other", slug: "bali" });
      const { message } = await restoreVersion(db(), "trip", pkg.id, v1!.id, {
        by: null,
        expectedUpdatedAt: renamed.updated_at,
      });
      expect(message).toContain('"bali-2"');
      expect((await getPackageById(db(), "trip", pkg.id))!.slug).toBe("bali-2");
    });

    it("restores a moment's earlier video and thumbnail, keeping whether it is shown", async () => {
      const thumb = await image();
      const input = travelMomentInputSchema.parse({
        title: "Reef",
        videoUrl: "/media/v.mp4",
        thumbnailUrl: thumb.url,
      });
      const moment = await createMoment(db(), input);
      await updateMoment(db(), moment.id, { ...input, title: "Reef 2", thumbnailUrl: undefined });
      await setMomentActive(db(), moment.id, false);
      // The thumbnail is no moment's any more, but version 1 keeps it.
      expect(await releaseMedia(db(), store, [thumb.id])).toBe(0);
      const [v1] = await versions("moment", moment.id);
      const row = await db()
        .selectFrom("travel_moments")
        .select("updated_at")
        .where("id", "=", moment.id)
        .executeTakeFirstOrThrow();
      await restoreVersion(db(), "moment", moment.id, v1!.id, {
        by: adminId,
        expectedUpdatedAt: new Date(row.updated_at).toISOString(),
      });
      const restored = await db()
        .selectFrom("travel_moments")
        .selectAll()
        .where("id", "=", moment.id)
        .executeTakeFirstOrThrow();
      expect(restored).toMatchObject({ title: "Reef", thumbnail_url: thumb.url, is_active: false });
    });
  });

  describe("retention and media", () => {
    async function age(id: string, days: number) {
      await sql`update content_versions set created_at = now() - make_interval(days => ${days})
                where item_id = ${id}`.execute(db());
    }

    it("keeps the newest N or the last D days, whichever keeps more", async () => {
      const pkg = await makePackage(db(), "trip");
      for (let i = 0; i < 6; i++) {
        await updatePackage(db(), "trip", pkg.id, packageInput("trip", { price: `R ${i}` }));
      }
      await age(pkg.id, 10);
      // Young enough: nothing goes, however many there are.
      expect(await pruneVersions(db(), store, { keepVersions: 2, keepDays: 30 })).toBe(0);
      // Old: all but the 2 newest go.
      expect(await pruneVersions(db(), store, { keepVersions: 2, keepDays: 5 })).toBe(5);
      expect((await versions("package", pkg.id)).map((r) => r.number)).toEqual([6, 7]);
      // A fake clock far ahead still keeps the newest ones.
      const later = new Date(Date.now() + 1000 * 86_400_000);
      expect(await pruneVersions(db(), store, { keepVersions: 1, keepDays: 1, now: later })).toBe(
        1,
      );
      expect((await versions("package", pkg.id)).map((r) => r.number)).toEqual([7]);
    });

    it("frees an image once no version and no item uses it, and not before", async () => {
      const a = await image("#a44");
      const b = await image("#4a4");
      const pkg = await makePackage(db(), "trip", { images: [a.url] });
      await updatePackage(db(), "trip", pkg.id, packageInput("trip", { images: [b.url] }));
      expect(await releaseMedia(db(), store, [a.id])).toBe(0);
      // Nor does the sweep of unattached uploads take it, however old it is.
      const muchLater = new Date(Date.now() + 400 * 86_400_000);
      expect(await sweepUnattachedMedia(db(), store, muchLater)).toBe(0);
      expect(await store.exists(a.key)).toBe(true);

      await age(pkg.id, 400);
      expect(await pruneVersions(db(), store, { keepVersions: 1, keepDays: 180 })).toBe(1);
      // Version 1 was the last user of A: pruning released it, file and variants.
      expect(await store.exists(a.key)).toBe(false);
      expect(
        await db().selectFrom("media_objects").select("id").where("id", "=", a.id).execute(),
      ).toEqual([]);
      expect(await store.exists(b.key)).toBe(true);
    });
  });
});
