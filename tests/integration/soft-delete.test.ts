import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  listDeletedPackages,
  purgeDeletedPackages,
  restoreDeletedPackage,
  runContentRetention,
  undeleteMessage,
} from "~/server/catalogue/deleted-packages.server";
import {
  deletePackage,
  getPackageById,
  getPackageBySlug,
  listPackages,
  listPublishedCards,
  listPublishedFacts,
  reorderPackages,
} from "~/server/catalogue/packages.server";
import { listAdminCardPage } from "~/server/catalogue/admin-cards.server";
import { movePackageToPosition, reorderPage } from "~/server/catalogue/package-order.server";
import { findPublishedPackage } from "~/server/leads/package-ref.server";
import { storeImage } from "~/server/media/images.server";
import { LocalMediaStore } from "~/server/media/media-store.server";
import { configureMediaUrls, mediaUrlForKey } from "~/server/media/media-urls.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { tempDirs } from "../support/files";

const DAY = 86_400_000;

/** Soft delete, Recently deleted and the 30-day purge (decision 101). */
describe.each(BACKENDS)("soft delete on %s", (backend) => {
  const { db } = useTestDatabase(backend);
  const temp = tempDirs("wlx-soft-delete-");
  const tmp = temp.make();
  const store = new LocalMediaStore(path.join(tmp, "media"));

  beforeAll(async () => {
    configureMediaUrls(store.publicBase);
  });
  afterAll(async () => {
    temp.removeAll();
  });

  it("hides a deleted package from every read at once", async () => {
    const keep = await makePackage(db(), "trip", { title: "Keep", slug: "keep" });
    const gone = await makePackage(db(), "trip", { title: "Gone", slug: "gone" });
    await deletePackage(db(), "trip", gone.id);

    expect((await listPackages(db(), { kind: "trip" })).map((p) => p.id)).toEqual([keep.id]);
    expect(
      (await listPackages(db(), { kind: "trip", publishedOnly: true })).map((p) => p.id),
    ).toEqual([keep.id]);
    expect((await listPublishedCards(db(), "trip")).map((p) => p.id)).toEqual([keep.id]);
    expect((await listPublishedCards(db(), "trip", undefined, [gone.id])).length).toBe(0);
    expect((await listPublishedFacts(db(), "trip")).map((p) => p.id)).toEqual([keep.id]);
    expect(await getPackageById(db(), "trip", gone.id)).toBeUndefined();
    expect(await getPackageById(db(), "trip", gone.id, { publishedOnly: true })).toBeUndefined();
    expect(await getPackageBySlug(db(), "trip", "gone")).toBeUndefined();
    expect(await findPublishedPackage(db(), gone.id)).toBeUndefined();
    // The order list is the live packages: the deleted one is unknown to it.
    await expect(reorderPackages(db(), "trip", [keep.id, gone.id])).rejects.toMatchObject({
      status: 409,
    });
    await reorderPackages(db(), "trip", [keep.id]);
    // The paged admin list and its order changes leave it out too.
    const cards = await listAdminCardPage(db(), { kind: "trip", offset: 0, limit: 24 });
    expect([cards.total, cards.cards.map((c) => c.id)]).toEqual([1, [keep.id]]);
    await expect(
      reorderPage(db(), "trip", { offset: 0, size: 24, ids: [keep.id, gone.id] }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(movePackageToPosition(db(), "trip", gone.id, 1)).rejects.toMatchObject({
      status: 404,
    });
    // A second delete, like a delete of an unknown id, is 404.
    await expect(deletePackage(db(), "trip", gone.id)).rejects.toMatchObject({ status: 404 });
    // The row, its images and history are still there for Recently deleted.
    expect(await getPackageById(db(), "trip", gone.id, { includeDeleted: true })).toMatchObject({
      title: "Gone",
    });
  });

  it("lists deleted packages of the kind for 30 days and restores them as they were", async () => {
    const pkg = await makePackage(db(), "local", { title: "Cape Point", status: "published" });
    await makePackage(db(), "trip", { title: "Other kind" }).then((p) =>
      deletePackage(db(), "trip", p.id),
    );
    await deletePackage(db(), "local", pkg.id);
    const listed = await listDeletedPackages(db(), "local");
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: pkg.id, title: "Cape Point", status: "published" });
    expect(Date.parse(listed[0]!.purgeAt) - Date.parse(listed[0]!.deletedAt)).toBe(30 * DAY);
    expect(await listDeletedPackages(db(), "local", new Date(Date.now() + 31 * DAY))).toEqual([]);

    // Restoring under another kind, or an unknown id, is 404 and changes nothing.
    await expect(restoreDeletedPackage(db(), "trip", pkg.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(restoreDeletedPackage(db(), "local", randomUUID())).rejects.toMatchObject({
      status: 404,
    });
    const result = await restoreDeletedPackage(db(), "local", pkg.id, { by: null });
    expect(result.slugChanged).toBeUndefined();
    expect(undeleteMessage("local", result)).toBe('"Cape Point" restored.');
    expect(await getPackageBySlug(db(), "local", pkg.slug)).toMatchObject({
      id: pkg.id,
      status: "published",
    });
    expect(await listDeletedPackages(db(), "local")).toEqual([]);
    // Restored once: a second restore is 404.
    await expect(restoreDeletedPackage(db(), "local", pkg.id)).rejects.toMatchObject({
      status: 404,
    });
    const actions = await db()
      .selectFrom("content_versions")
      .select("action")
      .where("item_id", "=", pkg.id)
      .orderBy("number")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(["create", "delete", "undelete"]);
  });

  it("gives a deleted package's slug up, and renumbers on restore with a clear message", async () => {
    const old = await makePackage(db(), "trip", { title: "Bali", slug: "bali" });
    await deletePackage(db(), "trip", old.id);
    const taker = await makePackage(db(), "trip", { title: "New Bali", slug: "bali" });
    expect(taker.slug).toBe("bali");
    const result = await restoreDeletedPackage(db(), "trip", old.id);
    expect(result.slugChanged).toEqual({ from: "bali", to: "bali-2" });
    expect(undeleteMessage("trip", result)).toContain(
      'now used by another package, so it got "bali-2"',
    );
    expect((await getPackageBySlug(db(), "trip", "bali"))!.id).toBe(taker.id);
    expect((await getPackageBySlug(db(), "trip", "bali-2"))!.id).toBe(old.id);
  });

  it("cannot restore after 30 days; the purge then deletes it with its history and frees its media", async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: "#a44" },
    })
      .png()
      .toBuffer();
    const media = await storeImage(db(), store, new Uint8Array(png));
    const shared = await storeImage(db(), store, new Uint8Array(png));
    const url = mediaUrlForKey(media.storage_key);
    const sharedUrl = mediaUrlForKey(shared.storage_key);
    const pkg = await makePackage(db(), "trip", { images: [url, sharedUrl] });
    await makePackage(db(), "local", { images: [sharedUrl] });
    await deletePackage(db(), "trip", pkg.id);

    const day29 = new Date(Date.now() + 29 * DAY);
    const day31 = new Date(Date.now() + 31 * DAY);
    expect(await purgeDeletedPackages(db(), store, day29)).toBe(0);
    expect(await store.exists(media.storage_key)).toBe(true);
    await expect(restoreDeletedPackage(db(), "trip", pkg.id, { now: day31 })).rejects.toMatchObject(
      { status: 404, message: expect.stringContaining("not in Recently deleted") },
    );

    const retention = { keepVersions: 50, keepDays: 180 };
    expect(await runContentRetention(db(), store, retention, day31)).toBe(1);
    expect(await getPackageById(db(), "trip", pkg.id, { includeDeleted: true })).toBeUndefined();
    const history = await db()
      .selectFrom("content_versions")
      .select("id")
      .where("item_id", "=", pkg.id)
      .execute();
    expect(history).toEqual([]);
    expect(await store.exists(media.storage_key)).toBe(false);
    // Another package still uses the shared image.
    expect(await store.exists(shared.storage_key)).toBe(true);
  });
});
