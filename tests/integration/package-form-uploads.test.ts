import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "~/domain/schemas";
import { getPackageById } from "~/server/catalogue/packages.server";
import { makePackage } from "../support/factories";
import { useSignedInServer } from "../support/auth-support";
import { tempDirs } from "../support/files";

// The package form without JavaScript: files travel with the save and are stored on the way.
const temp = tempDirs("wlx-form-uploads-");
const dataDir = temp.make();
afterAll(() => {
  temp.removeAll();
});

const png = async (color: string) =>
  new Uint8Array(
    await sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
      .png()
      .toBuffer(),
  );
const mp4 = (bytes = 40_000) => {
  const data = new Uint8Array(bytes);
  data.set(Buffer.from("00000018667479706973736f0000020069736f6d6d703432", "hex"));
  return data;
};

type Entry = [string, string | File];

const storedFiles = () => {
  const root = path.join(dataDir, "media", "packages");
  return fs.existsSync(root) ? fs.readdirSync(root).sort() : [];
};

describe("package form files without JavaScript", () => {
  const suite = useSignedInServer({ DATA_DIR: dataDir });

  beforeEach(async () => {
    await suite.database.db.deleteFrom("packages").execute();
    await suite.database.db.deleteFrom("media_objects").execute();
    fs.rmSync(path.join(dataDir, "media"), { recursive: true, force: true });
  });

  function post(path: string, entries: Entry[]) {
    const body = new FormData();
    for (const [name, value] of entries) body.append(name, value);
    return suite.server.fetch(path, {
      method: "POST",
      headers: { Cookie: suite.cookie, Accept: "text/html" },
      body,
    });
  }

  const mediaKeys = async () =>
    (await suite.database.db.selectFrom("media_objects").select("storage_key").execute())
      .map((r) => r.storage_key)
      .sort();

  it("stores chosen images and a video on save, in order after the kept ones", async () => {
    const response = await post("/admin/new-package", [
      ["images.new", new File([await png("#136")], "first.png")],
      ["images.new", new File([await png("#631")], "second.png")],
      ["videos.new", new File([mp4()], "clip.mp4")],
      ["title", "Uploaded without script"],
      ["price", "$1,000"],
      ["status", "published"],
    ]);
    expect(response.status).toBe(302);
    const row = await suite.database.db
      .selectFrom("packages")
      .select(["id", "kind"])
      .where("title", "=", "Uploaded without script")
      .executeTakeFirstOrThrow();
    const pkg = (await getPackageById(suite.database.db, "trip", row.id))!;
    expect(pkg.images).toHaveLength(2);
    for (const url of pkg.images)
      expect(url).toMatch(/^\/media\/packages\/\d{13}-[0-9a-f]{12}\.webp$/);
    expect(pkg.imageDetails[0]).toMatchObject({ width: 900, height: 600 });
    expect(pkg.videos).toEqual([
      expect.objectContaining({ type: "upload", url: expect.stringMatching(/\.mp4$/) }),
    ]);
    // The public page shows them.
    const page = await (await suite.server.fetch(`/package/${row.id}`)).text();
    expect(page).toContain(pkg.images[0]);
    expect(page).toContain(pkg.videos[0]!.url);
  });

  it("the exclusive form takes images the same way", async () => {
    const response = await post("/admin/new-exclusive", [
      ["images.new", new File([await png("#552")], "dunes.png")],
      ["title", "Exclusive with an image"],
      ["price", "$9,900"],
      ["status", "published"],
    ]);
    expect(response.status).toBe(302);
    const row = await suite.database.db
      .selectFrom("packages")
      .select(["id", "kind"])
      .where("title", "=", "Exclusive with an image")
      .executeTakeFirstOrThrow();
    expect(row.kind).toBe("exclusive");
    const pkg = (await getPackageById(suite.database.db, "exclusive", row.id))!;
    expect(pkg.images).toEqual([expect.stringMatching(/^\/media\/packages\/.+\.webp$/)]);
  });

  it("ignores files beyond the free image places and keeps nothing of them", async () => {
    const pkg = await makePackage(suite.database.db, "trip", {
      title: "Three images",
      images: ["/images/a.webp", "/images/b.webp", "/images/c.webp"],
    });
    const edit = await (
      await suite.server.fetch(`/admin/edit-package/${pkg.id}`, {
        headers: { Cookie: suite.cookie },
      })
    ).text();
    const version = /name="updated_at" value="([^"]+)"/.exec(edit)![1]!;
    const response = await post(`/admin/edit-package/${pkg.id}`, [
      ["images[0]", "/images/a.webp"],
      ["images[1]", "/images/b.webp"],
      ["images[2]", "/images/c.webp"],
      ["images.new", new File([await png("#363")], "fits.png")],
      ["images.new", new File([await png("#933")], "extra.png")],
      ["title", "Three images"],
      ["price", "$2,450 per person"],
      ["updated_at", version],
      ["status", "draft"],
    ]);
    expect(response.status).toBe(302);
    // The flash tells the admin, JavaScript or not.
    const flash = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("wlx_flash="))!
      .split(";")[0]!
      .slice("wlx_flash=".length);
    expect(Buffer.from(flash, "base64url").toString("utf8")).toContain(
      "1 file was ignored: a package has at most 4 images.",
    );
    const saved = (await getPackageById(suite.database.db, "trip", pkg.id))!;
    expect(saved.images).toHaveLength(4);
    expect(saved.images.slice(0, 3)).toEqual([
      "/images/a.webp",
      "/images/b.webp",
      "/images/c.webp",
    ]);
    const keys = await mediaKeys();
    expect(keys).toHaveLength(1);
    expect(saved.images[3]).toBe(`/media/${keys[0]}`);
    // The extra file's WebP and variants are gone too: only the kept image's files remain.
    expect(
      storedFiles().every((f) => f.startsWith(keys[0]!.split("/")[1]!.replace(".webp", ""))),
    ).toBe(true);
  });

  it("a save that fails keeps no file and asks for the files again", async () => {
    const response = await post("/admin/new-package", [
      ["images.new", new File([await png("#113")], "lost.png")],
      ["videos.new", new File([mp4()], "lost.mp4")],
      ["title", ""],
      ["price", "$5"],
      ["status", "draft"],
    ]);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(MESSAGES.titleRequired);
    expect(html).toContain("The files you chose were not kept: please choose them again.");
    expect(html).not.toMatch(/\/media\/packages\/\d{13}/);
    expect(await mediaKeys()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a wrong type with 415, keeps what was typed, and stores nothing", async () => {
    const response = await post("/admin/new-package", [
      ["images.new", new File([await png("#222")], "ok.png")],
      ["videos.new", new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "fake.mp4")],
      ["title", "Typed title survives"],
      ["price", "$9"],
      ["status", "draft"],
    ]);
    expect(response.status).toBe(415);
    const html = await response.text();
    expect(html).toContain("fake.mp4");
    expect(html).toContain("Typed title survives");
    expect(await mediaKeys()).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect(await suite.database.db.selectFrom("packages").select("id").execute()).toEqual([]);
  });

  it("refuses a 61 MB video with 413 and the spec's text", async () => {
    const response = await post("/admin/new-package", [
      ["videos.new", new File([mp4(61 * 1024 * 1024)], "huge.mp4")],
      ["title", "Too big"],
      ["price", "$9"],
      ["status", "draft"],
    ]);
    expect(response.status).toBe(413);
    expect(await response.text()).toContain(
      "File &quot;huge.mp4&quot; is too large. Maximum size is 60MB.",
    );
    expect(await mediaKeys()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });
});
