import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "~/domain/schemas";
import { INSTANT_UPLOAD_MESSAGES } from "~/server/media/instant-upload.server";
import { UPLOAD_MESSAGES } from "~/server/media/uploads.server";
import type { TestServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { ensureTestAdmin, signedInCookie, startAuthServer } from "../support/auth-support";
import { tempDirs } from "../support/files";

// POST /admin/uploads: the instant upload endpoint the admin forms call with JavaScript.
const temp = tempDirs("wlx-admin-uploads-");
const dataDir = temp.make();
let database: TestDatabase;
let server: TestServer;
let cookie: string;
const ABANDONED = "packages/1700000000000-abcdefabcdef.mp4";

beforeAll(async () => {
  database = await createTestDatabase("postgres");
  await ensureTestAdmin(database);
  // An upload nobody attached, a day and more old: the server sweeps it when it starts.
  fs.mkdirSync(path.join(dataDir, "media", "packages"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "media", ABANDONED), "old bytes");
  await database.db
    .insertInto("media_objects")
    .values({
      storage_key: ABANDONED,
      content_type: "video/mp4",
      bytes: 9,
      created_at: new Date(Date.now() - 25 * 3600_000),
    })
    .execute();
  server = await startAuthServer(database, { DATA_DIR: dataDir });
  cookie = await signedInCookie(server);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
  temp.removeAll();
});

const png = async (width: number, height: number) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: "#a63" } })
      .png()
      .toBuffer(),
  );

function upload(query: string, file?: File, headers: Record<string, string> = { Cookie: cookie }) {
  const form = new FormData();
  if (file) form.append("file", file);
  return server.fetch(`/admin/uploads?${query}`, { method: "POST", body: form, headers });
}

const mediaRows = () =>
  database.db.selectFrom("media_objects").select(["storage_key", "content_type"]).execute();

describe("unattached uploads", () => {
  it("are swept when the server starts (then hourly)", async () => {
    // The sweep deletes the row, then the file: wait for both (the file goes a moment later).
    const abandonedFile = path.join(dataDir, "media", ABANDONED);
    for (let i = 0; i < 100; i++) {
      const rows = await database.db
        .selectFrom("media_objects")
        .select("id")
        .where("storage_key", "=", ABANDONED)
        .execute();
      if (rows.length === 0 && !fs.existsSync(abandonedFile)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(
      await database.db
        .selectFrom("media_objects")
        .select("id")
        .where("storage_key", "=", ABANDONED)
        .execute(),
    ).toEqual([]);
    expect(fs.existsSync(abandonedFile)).toBe(false);
  });
});

describe("POST /admin/uploads", () => {
  it("stores an image and answers its URL, size and name", async () => {
    const response = await upload("kind=image", new File([await png(1200, 800)], "view.png"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ kind: "image", width: 1200, height: 800, name: "view.png" });
    expect(body.url).toMatch(/^\/media\/packages\/\d{13}-[0-9a-f]{12}\.webp$/);
    // Served from storage at that URL.
    const served = await server.fetch(String(body.url));
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toMatch(/image\/webp/);
  });

  it("stores a travel-moment video under travel-moments/", async () => {
    const bytes = new Uint8Array(30_000);
    bytes.set(Buffer.from("00000018667479706973736f0000020069736f6d6d703432", "hex"));
    const response = await upload(
      "kind=video&folder=travel-moments",
      new File([bytes], "reef.mp4"),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ kind: "video", width: null, height: null, name: "reef.mp4" });
    expect(body.url).toMatch(/^\/media\/travel-moments\/\d{13}-[0-9a-f]{12}\.mp4$/);

    // Played natively from storage: the browser seeks with Range requests.
    const whole = await server.fetch(String(body.url));
    expect(whole.headers.get("Content-Type")).toBe("video/mp4");
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    expect(whole.headers.get("Cache-Control")).toMatch(/immutable/);
    const part = await server.fetch(String(body.url), { headers: { Range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe("bytes 100-199/30000");
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  });

  it("refuses a wrong type with 415 and the spec's text for moment videos", async () => {
    const before = await mediaRows();
    const image = await upload("kind=video", new File([await png(10, 10)], "fake.mp4"));
    expect(image.status).toBe(415);
    expect(((await image.json()) as { error: string }).error).toContain("fake.mp4");
    const moment = await upload(
      "kind=video&folder=travel-moments",
      new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "x.webm"),
    );
    expect(moment.status).toBe(415);
    expect(await moment.json()).toEqual({ error: MESSAGES.momentVideoType });
    expect(await mediaRows()).toEqual(before);
  });

  it("refuses a 61 MB file with 413 and keeps nothing", async () => {
    const before = await mediaRows();
    const big = new Uint8Array(61 * 1024 * 1024);
    big.set(Buffer.from("00000018667479706973736f0000020069736f6d6d703432", "hex"));
    const response = await upload("kind=video", new File([big], "long.mp4"));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: 'File "long.mp4" is too large. Maximum size is 60MB.',
    });
    expect(await mediaRows()).toEqual(before);
  });

  it("answers 400 without a file or with an unknown target", async () => {
    const none = await upload("kind=image");
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ error: INSTANT_UPLOAD_MESSAGES.noFile });
    const empty = await upload("kind=image", new File([], ""));
    expect(empty.status).toBe(400);
    const bad = await upload("kind=pdf", new File(["x"], "a.pdf"));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: INSTANT_UPLOAD_MESSAGES.badTarget });
    const folder = await upload("kind=image&folder=../etc", new File(["x"], "a.png"));
    expect(folder.status).toBe(400);
  });

  it("sends anonymous callers to /admin without storing anything", async () => {
    const before = await mediaRows();
    const response = await upload("kind=image", new File([await png(20, 20)], "a.png"), {});
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("Location")).toBe("/admin");
    expect(await mediaRows()).toEqual(before);
  });

  it("answers 405 to a GET", async () => {
    const response = await server.fetch("/admin/uploads", { headers: { Cookie: cookie } });
    expect(response.status).toBe(405);
  });
});

describe("when S3 is unreachable", () => {
  let s3Server: TestServer;
  let s3Cookie: string;
  beforeAll(async () => {
    // A port that was free a moment ago: connections to it are refused.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    s3Server = await startAuthServer(database, {
      S3_BUCKET: "down",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: "x",
      S3_SECRET_ACCESS_KEY: "y",
    });
    s3Cookie = await signedInCookie(s3Server);
  }, 120_000);
  afterAll(async () => {
    await s3Server?.close();
  });

  it("an instant upload answers 503 with a clear message and writes no row", async () => {
    const before = await mediaRows();
    const form = new FormData();
    form.append("file", new File([await png(40, 40)], "a.png"));
    const response = await s3Server.fetch("/admin/uploads?kind=image", {
      method: "POST",
      body: form,
      headers: { Cookie: s3Cookie },
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: UPLOAD_MESSAGES.storageDown });
    expect(await mediaRows()).toEqual(before);
  });

  it("a form save with a file answers 503, keeps what was typed and changes nothing", async () => {
    const packages = await database.db.selectFrom("packages").select("id").execute();
    const form = new FormData();
    form.append("images.new", new File([await png(40, 40)], "a.png"));
    form.append("title", "Saved while S3 was down");
    form.append("price", "$1");
    form.append("status", "draft");
    const response = await s3Server.fetch("/admin/new-package", {
      method: "POST",
      body: form,
      headers: { Cookie: s3Cookie, Accept: "text/html" },
    });
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain("Media storage is unavailable");
    expect(html).toContain("Saved while S3 was down");
    expect(await database.db.selectFrom("packages").select("id").execute()).toEqual(packages);
  });
});
