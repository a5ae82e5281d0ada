import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalMediaStore } from "~/server/media/media-store.server";
import { makeStoredMedia } from "../support/factories";
import { retentionLater } from "../support/history";
import { startApiHarness, type ApiHarness } from "../support/api-harness";
import { tempDirs } from "../support/files";

// Updates and deletes through the API release media that nothing references any more: neither
// the item nor one of its versions, so a dropped image goes when retention has pruned
// the versions that used it, and a deleted package's when it is purged.
const temp = tempDirs("wlx-api-media-");
const dataDir = temp.make();
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ DATA_DIR: dataDir });
}, 120_000);
afterAll(async () => {
  await h?.close();
  temp.removeAll();
});

async function storedMedia(key: string) {
  const file = await makeStoredMedia(h.database.db, path.join(dataDir, "media"), key);
  return { url: `/media/${key}`, file };
}
/** Runs retention as if it were a year later: all but the newest version pruned, bins emptied. */
const later = () => retentionLater(h.database.db, new LocalMediaStore(path.join(dataDir, "media")));
const mediaRows = async () =>
  (
    await h.database.db
      .selectFrom("media_objects")
      .select("storage_key")
      .orderBy("storage_key")
      .execute()
  ).map((r) => r.storage_key);

describe("media pruning", () => {
  it("a package update releases the images it dropped; a delete releases the rest", async () => {
    const a = await storedMedia("packages/a.webp");
    const b = await storedMedia("packages/b.webp");
    const created = await h.send("POST", "/api/local", {
      title: "With images",
      images: [a.url, b.url],
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const updated = await h.send("PUT", `/api/local/${id}`, {
      title: "With images",
      images: [b.url],
    });
    expect(updated.status).toBe(200);
    // Version 1 still uses A: a restore must not show a broken image.
    expect(fs.existsSync(a.file)).toBe(true);
    await later();
    expect(await mediaRows()).toEqual(["packages/b.webp"]);
    expect(fs.existsSync(a.file)).toBe(false);
    expect(fs.existsSync(b.file)).toBe(true);
    expect((await h.send("DELETE", `/api/local/${id}`)).status).toBe(200);
    expect(fs.existsSync(b.file)).toBe(true);
    await later();
    expect(await mediaRows()).toEqual([]);
    expect(fs.existsSync(b.file)).toBe(false);
  });

  it("keeps media another package still uses", async () => {
    const shared = await storedMedia("packages/shared.webp");
    const one = (await (
      await h.send("POST", "/api/trips", { title: "One", images: [shared.url] })
    ).json()) as { id: string };
    await h.send("POST", "/api/trips", { title: "Two", images: [shared.url] });
    expect((await h.send("DELETE", `/api/trips/${one.id}`)).status).toBe(200);
    await later();
    expect(await mediaRows()).toEqual(["packages/shared.webp"]);
    expect(fs.existsSync(shared.file)).toBe(true);
  });

  it("a travel-moment update or delete releases its video", async () => {
    const first = await storedMedia("travel-moments/first.webm");
    const second = await storedMedia("travel-moments/second.webm");
    const created = await h.send("POST", "/api/admin/travel-moments", {
      title: "Clip",
      videoUrl: first.url,
    });
    const { id } = (await created.json()) as { id: string };
    expect(
      (
        await h.send("PUT", `/api/admin/travel-moments/${id}`, {
          title: "Clip",
          videoUrl: second.url,
        })
      ).status,
    ).toBe(200);
    expect(fs.existsSync(first.file)).toBe(true);
    await later();
    expect(fs.existsSync(first.file)).toBe(false);
    // A moment's delete takes its history with it: its video goes at once.
    expect((await h.send("DELETE", `/api/admin/travel-moments/${id}`)).status).toBe(200);
    expect(fs.existsSync(second.file)).toBe(false);
    expect(await mediaRows()).not.toContain("travel-moments/second.webm");
  });
});
