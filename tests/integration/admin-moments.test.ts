import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { MESSAGES, travelMomentInputSchema } from "~/domain/schemas";
import { createMoment, listMoments } from "~/server/catalogue/moments.server";
import { THUMBNAIL_TOO_LARGE } from "~/server/catalogue/moments-admin.server";
import { LocalMediaStore } from "~/server/media/media-store.server";
import { retentionLater } from "../support/history";
import { registerMomentsHarness } from "../support/api-harness";

// The travel-moments admin screen through the built server on PostgreSQL: plain form
// posts, exactly what a browser without JavaScript sends.
const SCREEN = "/admin/travel-moments";
const ASSETS = path.resolve("db/seed/assets");
const WEBM = fs.readFileSync(path.join(ASSETS, "moment-lagoon-sunset.webm"));
const WEBP = fs.readFileSync(path.join(ASSETS, "moment-lagoon-sunset.webp"));

const { h, dataDir } = registerMomentsHarness("wlx-moments-admin-");

type Fields = Record<string, string | { bytes: Uint8Array; name: string; type?: string }>;

function post(search: string, fields: Fields, options: { admin?: boolean } = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else
      form.append(
        name,
        new Blob([Buffer.from(value.bytes)], { type: value.type ?? "" }),
        value.name,
      );
  }
  return h.server.fetch(`${SCREEN}${search}`, {
    method: "POST",
    body: form,
    headers: {
      Origin: h.server.url,
      "Sec-Fetch-Site": "same-origin",
      ...(options.admin === false ? {} : { Cookie: h.cookie }),
    },
  });
}

/** An urlencoded post, as the grid's small forms send it (repeated names allowed). */
function postPairs(pairs: [string, string][]) {
  return h.server.fetch(SCREEN, {
    method: "POST",
    body: new URLSearchParams(pairs),
    headers: { Cookie: h.cookie, Origin: h.server.url, "Sec-Fetch-Site": "same-origin" },
  });
}

const video = (bytes: Uint8Array = WEBM, name = "clip.webm") => ({
  bytes,
  name,
  type: "video/webm",
});
const thumbnail = () => ({ bytes: WEBP, name: "thumb.webp", type: "image/webp" });
const emptyFile = { bytes: new Uint8Array(), name: "", type: "application/octet-stream" };

function flash(response: Response): { type: string; message: string } | undefined {
  const line = response.headers.getSetCookie().find((c) => c.startsWith("wlx_flash="));
  const value = line?.split(";")[0]!.slice("wlx_flash=".length);
  return value ? JSON.parse(Buffer.from(value, "base64url").toString("utf8")) : undefined;
}

function storedFiles(): string[] {
  const dir = path.join(dataDir, "media", "travel-moments");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.endsWith(".part")) : [];
}

async function mediaCount(): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from media_objects`.execute(
    h.database.db,
  );
  return Number(rows[0]!.n);
}

const seed = (title: string, extra: Record<string, unknown> = {}) =>
  createMoment(
    h.database.db,
    travelMomentInputSchema.parse({
      title,
      videoUrl: `/media/travel-moments/${title}.webm`,
      ...extra,
    }),
  );

const createFields = (title: string, extra: Fields = {}): Fields => ({
  intent: "create",
  title,
  description: "",
  duration: "",
  isActive: "on",
  video: video(),
  thumbnail: emptyFile,
  ...extra,
});

async function html(response: Response): Promise<string> {
  return (await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
}

/** The message the Add Video dialog shows under one field (empty when it has none). */
function fieldError(page: string, field: string): string {
  const match = new RegExp(`<p id="reel-form-new-${field}-error"[^>]*>([^<]*)</p>`).exec(page);
  return match?.[1] ?? "";
}

describe("the screen and its URL dialogs", () => {
  it("renders the grid in order with number, placeholder, duration and Active/Inactive", async () => {
    await seed("Lagoon", { duration: "2:30", thumbnailUrl: "/media/travel-moments/l.webp" });
    await seed("Aurora", { isActive: false });
    const page = await html(await h.get(SCREEN, { admin: true }));
    expect(page).toMatch(/Lagoon[\s\S]*Aurora/);
    expect(page).toContain('src="/media/travel-moments/l.webp"');
    expect(page).toContain("No Thumbnail");
    expect(page).toMatch(/Duration: <strong>2:30<\/strong>/);
    expect(page).toContain(">Active</span>");
    expect(page).toContain(">Inactive</span>");
    expect(page).toContain('href="/admin/travel-moments?add"');
    expect(page).not.toMatch(/<dialog[^>]*open/);
  });

  it("opens the Add Video, edit and Delete Video dialogs from the URL, as plain forms", async () => {
    const m = await seed("Lagoon", { description: "Warm water", duration: "0:30" });
    const add = await html(await h.get(`${SCREEN}?add`, { admin: true }));
    expect(add).toMatch(/<dialog[^>]*open/);
    expect(add).toContain("Add Video</h2>");
    expect(add).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    expect(add).toContain('action="/admin/travel-moments?add"');

    const edit = await html(await h.get(`${SCREEN}?edit=${m.id}`, { admin: true }));
    expect(edit).toContain("Edit Video</h2>");
    expect(edit).toContain('value="Lagoon"');
    expect(edit).toContain(">Warm water</textarea>");
    expect(edit).toContain('value="0:30"');
    expect(edit).toContain(`action="/admin/travel-moments?edit=${m.id}"`);

    const remove = await html(await h.get(`${SCREEN}?delete=${m.id}`, { admin: true }));
    expect(remove).toContain("Delete Video</h2>");
    expect(remove).toContain("<strong>Lagoon</strong>");

    const unknown = await html(
      await h.get(`${SCREEN}?edit=${crypto.randomUUID()}`, { admin: true }),
    );
    expect(unknown).not.toMatch(/<dialog[^>]*open/);
  });

  it("refuses anonymous visitors and cross-site posts, changing nothing", async () => {
    const anonymous = await post("?add", createFields("Sneaky"), { admin: false });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/admin(\?|$)/);
    const crossSite = await h.server.fetch(`${SCREEN}?add`, {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", id: crypto.randomUUID() }),
      headers: { Cookie: h.cookie, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    expect(await listMoments(h.database.db)).toHaveLength(0);
    expect(storedFiles()).toEqual([]);
  });
});

describe("create", () => {
  it("uploads video and thumbnail under travel-moments/, trims and omits, toasts, shows on the home page", async () => {
    const res = await post(
      "?add",
      createFields("  Lagoon at dusk ", {
        description: "   ",
        duration: " 1:05:09 ",
        thumbnail: thumbnail(),
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(SCREEN);
    expect(flash(res)).toMatchObject({
      type: "success",
      message: "Travel moments video created successfully!",
    });
    const [moment] = await listMoments(h.database.db);
    expect(moment).toMatchObject({ title: "Lagoon at dusk", duration: "1:05:09", isActive: true });
    expect(moment).not.toHaveProperty("description");
    expect(moment!.videoUrl).toMatch(/^\/media\/travel-moments\/\d+-[0-9a-f]+\.webm$/);
    expect(moment!.thumbnailUrl).toMatch(/^\/media\/travel-moments\/\d+-[0-9a-f]+\.webp$/);
    expect(storedFiles()).toContain(path.basename(moment!.videoUrl));
    expect(storedFiles()).toContain(path.basename(moment!.thumbnailUrl!));
    expect((await h.get(moment!.videoUrl)).status).toBe(200);

    expect(await (await h.get("/")).text()).toContain("Lagoon at dusk");
    const api = (await (await h.get("/api/travel-moments")).json()) as { title: string }[];
    expect(api.map((m) => m.title)).toEqual(["Lagoon at dusk"]);
  });

  it("creates an inactive moment when Active is unchecked; it never shows publicly", async () => {
    const fields = createFields("Hidden cove");
    delete fields.isActive;
    expect((await post("?add", fields)).status).toBe(302);
    const [moment] = await listMoments(h.database.db);
    expect(moment!.isActive).toBe(false);
    expect(await (await h.get("/")).text()).not.toContain("Hidden cove");
    expect(await (await h.get("/api/travel-moments")).json()).toEqual([]);
  });

  it.each([
    ["no title", { title: "   " }, 400, MESSAGES.momentTitleRequired],
    ["no video", { video: emptyFile }, 400, MESSAGES.momentVideoRequired],
    ["an impossible duration", { duration: "99:99:99" }, 400, "Duration must look like 2:30"],
    [
      "a video whose bytes are text",
      { video: video(new TextEncoder().encode("not a video at all ".repeat(300)), "clip.mp4") },
      415,
      MESSAGES.momentVideoType,
    ],
    ["a PNG named .webm", { video: video(WEBP, "clip.webm") }, 415, MESSAGES.momentVideoType],
  ] as const)(
    "refuses %s with its message and keeps nothing",
    async (_, extra, status, message) => {
      const fields: Fields = { ...createFields("Refused"), ...extra };
      const res = await post("?add", fields);
      expect(res.status).toBe(status);
      const page = await html(res);
      expect(page).toContain(message);
      expect(page).toMatch(/<dialog[^>]*open/);
      expect(await listMoments(h.database.db)).toHaveLength(0);
      expect(await mediaCount()).toBe(0);
      expect(storedFiles()).toEqual([]);
    },
  );

  it("refuses a create that sends no video field at all", async () => {
    const fields = createFields("No video");
    delete fields.video;
    const res = await post("?add", fields);
    expect(res.status).toBe(400);
    expect(await html(res)).toContain(MESSAGES.momentVideoRequired);
    expect(await listMoments(h.database.db)).toHaveLength(0);
  });

  it("refuses a video over 60 MB while it streams (413, the spec's text), keeping nothing", async () => {
    const big = new Uint8Array(62_914_560 + 1024 * 1024);
    big.set(WEBM.subarray(0, 8192));
    const res = await post("?add", createFields("Too big", { video: video(big, "big.webm") }));
    expect(res.status).toBe(413);
    expect(await html(res)).toContain(
      "Video file must be less than 60MB. Please compress your video or choose a smaller file.",
    );
    expect(await listMoments(h.database.db)).toHaveLength(0);
    expect(await mediaCount()).toBe(0);
    expect(storedFiles()).toEqual([]);
  }, 60_000);

  it("refuses a thumbnail that is not an image on the thumbnail field", async () => {
    const res = await post(
      "?add",
      createFields("Bad thumb", { thumbnail: { bytes: WEBM, name: "t.png", type: "image/png" } }),
    );
    expect(res.status).toBe(415);
    const page = await html(res);
    expect(fieldError(page, "thumbnail")).toContain('"t.png" is not a supported image');
    expect(fieldError(page, "video")).toBe("");
    expect(await mediaCount()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a thumbnail over 60 MB on the thumbnail field, not the video's, keeping nothing", async () => {
    const big = new Uint8Array(62_914_560 + 1024 * 1024);
    big.set(WEBP);
    const res = await post(
      "?add",
      createFields("Big thumb", { thumbnail: { bytes: big, name: "t.webp", type: "image/webp" } }),
    );
    expect(res.status).toBe(413);
    const page = await html(res);
    expect(fieldError(page, "thumbnail")).toBe(THUMBNAIL_TOO_LARGE);
    expect(fieldError(page, "video")).toBe("");
    expect(await listMoments(h.database.db)).toHaveLength(0);
    expect(await mediaCount()).toBe(0);
    expect(storedFiles()).toEqual([]);
  }, 60_000);

  it("keeps the spec's texts on the video field for a video of the wrong type", async () => {
    const res = await post(
      "?add",
      createFields("Bad video", { video: { bytes: WEBP, name: "clip.mp4", type: "video/mp4" } }),
    );
    expect(res.status).toBe(415);
    const page = await html(res);
    expect(fieldError(page, "video")).toBe(MESSAGES.momentVideoType);
    expect(fieldError(page, "thumbnail")).toBe("");
    expect(await mediaCount()).toBe(0);
  });
});

describe("faults", () => {
  it("refuses text PostgreSQL cannot store with 400, keeping nothing", async () => {
    const res = await post("?add", createFields("Null\u0000byte"));
    expect(res.status).toBe(400);
    expect(await html(res)).toContain("Text must not contain NUL characters or invalid Unicode");
    expect(await listMoments(h.database.db)).toHaveLength(0);
    expect(await mediaCount()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it("answers 503 with a clear message when media storage fails, and saves nothing", async () => {
    // A file where the folder should be: the local store cannot write under travel-moments/.
    fs.mkdirSync(path.join(dataDir, "media"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "media", "travel-moments"), "not a folder");
    const res = await post("?add", createFields("Stormy"));
    expect(res.status).toBe(503);
    expect(await html(res)).toContain("Media storage is unavailable");
    expect(await listMoments(h.database.db)).toHaveLength(0);
    expect(await mediaCount()).toBe(0);
  });

  it("answers a failed database write with 'Failed to create video' and frees the upload", async () => {
    // A fault the app does not expect: the insert breaks a constraint only this test knows.
    await sql`alter table travel_moments add constraint test_fault check (title <> 'Doomed')`.execute(
      h.database.db,
    );
    try {
      const res = await post("?add", createFields("Doomed", { thumbnail: thumbnail() }));
      expect(res.status).toBe(500);
      expect(await html(res)).toContain("Failed to create video");
    } finally {
      await sql`alter table travel_moments drop constraint test_fault`.execute(h.database.db);
    }
    expect(await listMoments(h.database.db)).toHaveLength(0);
    expect(await mediaCount()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });
});

describe("seven at most", () => {
  it("disables Add Video with the notice at seven and refuses an eighth, freeing its upload", async () => {
    for (let i = 0; i < 6; i++) await seed(`m${i}`);
    expect(await html(await h.get(SCREEN, { admin: true }))).not.toContain(MESSAGES.momentsMax);
    expect((await post("?add", createFields("Seventh"))).status).toBe(302);

    const full = await html(await h.get(SCREEN, { admin: true }));
    expect(full).toContain(MESSAGES.momentsMax);
    expect(full).toMatch(/<button[^>]*disabled[^>]*>Add Video<\/button>/);
    expect(full).not.toContain('href="/admin/travel-moments?add"');
    expect(await html(await h.get(`${SCREEN}?add`, { admin: true }))).not.toMatch(
      /<dialog[^>]*open/,
    );

    const eighth = await post("?add", createFields("Eighth"));
    expect(eighth.status).toBe(409);
    expect(await html(eighth)).toContain(MESSAGES.momentsMax);
    expect(await listMoments(h.database.db)).toHaveLength(7);
    expect(await mediaCount()).toBe(1);
    expect(storedFiles()).toHaveLength(1);
  });

  it("keeps the limit under concurrent creates: exactly the free places are taken", async () => {
    for (let i = 0; i < 5; i++) await seed(`m${i}`);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post("?add", createFields(`Racer ${i}`))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([302, 302, 409, 409, 409]);
    expect(await listMoments(h.database.db)).toHaveLength(7);
    // The refused requests' uploads were released: only the two saved videos remain.
    expect(await mediaCount()).toBe(2);
    expect(storedFiles()).toHaveLength(2);
  }, 60_000);
});

describe("edit", () => {
  async function created(title: string, extra: Fields = {}) {
    expect((await post("?add", createFields(title, extra))).status).toBe(302);
    return (await listMoments(h.database.db)).find((m) => m.title === title)!;
  }

  it("keeps the video when none is chosen, and switches Active off", async () => {
    const m = await created("Lagoon");
    const res = await post(`?edit=${m.id}`, {
      intent: "update",
      id: m.id,
      title: "Lagoon, renamed",
      description: " Calm ",
      duration: "0:06",
      video: emptyFile,
      thumbnail: emptyFile,
    });
    expect(res.status).toBe(302);
    expect(flash(res)?.message).toBe("Travel moments video updated successfully!");
    const [after] = await listMoments(h.database.db);
    expect(after).toMatchObject({
      title: "Lagoon, renamed",
      description: "Calm",
      duration: "0:06",
      videoUrl: m.videoUrl,
      isActive: false,
    });
    expect(storedFiles()).toContain(path.basename(m.videoUrl));
  });

  it("replacing the video and thumbnail frees the old files once no version uses them; removing the thumbnail too", async () => {
    const later = () =>
      retentionLater(h.database.db, new LocalMediaStore(path.join(dataDir, "media")));
    const m = await created("Lagoon", { thumbnail: thumbnail() });
    const replaced = await post(`?edit=${m.id}`, {
      intent: "update",
      id: m.id,
      title: "Lagoon",
      isActive: "on",
      video: video(fs.readFileSync(path.join(ASSETS, "moment-ocean-cruise.webm")), "new.webm"),
      thumbnail: thumbnail(),
    });
    expect(replaced.status).toBe(302);
    const [after] = await listMoments(h.database.db);
    expect(after!.videoUrl).not.toBe(m.videoUrl);
    expect(after!.thumbnailUrl).not.toBe(m.thumbnailUrl);
    // The first version still uses the old files: kept until it is pruned.
    expect(storedFiles()).toContain(path.basename(m.videoUrl));
    await later();
    const files = storedFiles();
    expect(files).not.toContain(path.basename(m.videoUrl));
    expect(files).not.toContain(path.basename(m.thumbnailUrl!));
    expect(files).toContain(path.basename(after!.videoUrl));
    expect(files).toContain(path.basename(after!.thumbnailUrl!));

    const removed = await post(`?edit=${m.id}`, {
      intent: "update",
      id: m.id,
      title: "Lagoon",
      isActive: "on",
      removeThumbnail: "on",
    });
    expect(removed.status).toBe(302);
    const [final] = await listMoments(h.database.db);
    expect(final).not.toHaveProperty("thumbnailUrl");
    await later();
    expect(storedFiles()).toEqual([path.basename(after!.videoUrl)]);
  });

  it("refuses invalid edits with the field's message and keeps the moment and its files", async () => {
    const m = await created("Lagoon");
    const res = await post(`?edit=${m.id}`, {
      intent: "update",
      id: m.id,
      title: "",
      video: video(),
    });
    expect(res.status).toBe(400);
    expect(await html(res)).toContain("Title is required");
    expect(await listMoments(h.database.db)).toEqual([m]);
    expect(storedFiles()).toEqual([path.basename(m.videoUrl)]);
  });

  it("answers 404 with a message for an unknown id", async () => {
    const id = crypto.randomUUID();
    const res = await post(`?edit=${id}`, { intent: "update", id, title: "Ghost" });
    expect(res.status).toBe(404);
    expect(await html(res)).toContain("Travel moment not found");
  });
});

describe("delete, toggle and reorder", () => {
  it("deletes with the toast and frees the moment's files", async () => {
    expect((await post("?add", createFields("Lagoon", { thumbnail: thumbnail() }))).status).toBe(
      302,
    );
    const [m] = await listMoments(h.database.db);
    // The video, the thumbnail and the thumbnail's srcset variants.
    expect(storedFiles()).toEqual(
      expect.arrayContaining([path.basename(m!.videoUrl), path.basename(m!.thumbnailUrl!)]),
    );
    const res = await post(`?delete=${m!.id}`, { intent: "delete", id: m!.id });
    expect(res.status).toBe(302);
    expect(flash(res)?.message).toBe("Travel moments video deleted successfully!");
    expect(await listMoments(h.database.db)).toEqual([]);
    expect(await mediaCount()).toBe(0);
    expect(storedFiles()).toEqual([]);
    expect(await (await h.get("/")).text()).not.toContain("Lagoon");
  });

  it("answers 404 with the message when the moment is already gone", async () => {
    const id = crypto.randomUUID();
    const res = await post(`?delete=${id}`, { intent: "delete", id });
    expect(res.status).toBe(404);
    expect(await html(res)).toContain("Travel moment not found");
  });

  it("switches a moment inactive and back from the grid; the public site follows on the next request", async () => {
    const m = await seed("Lagoon");
    await seed("Aurora");
    const off = await post("", { intent: "toggle", id: m.id, active: "false" });
    expect(off.status).toBe(302);
    expect(flash(off)).toMatchObject({ type: "success" });
    expect((await listMoments(h.database.db))[0]!.isActive).toBe(false);
    expect(await (await h.get("/")).text()).not.toContain("Lagoon");
    const api = (await (await h.get("/api/travel-moments")).json()) as { title: string }[];
    expect(api.map((x) => x.title)).toEqual(["Aurora"]);

    expect((await post("", { intent: "toggle", id: m.id, active: "true" })).status).toBe(302);
    expect(await (await h.get("/")).text()).toContain("Lagoon");
  });

  it("moves a moment one step with the move buttons; the edges refuse with a message", async () => {
    const a = await seed("A");
    const b = await seed("B");
    await seed("C");
    const down = await post("", { intent: "move", id: a.id, direction: "down" });
    expect(down.status).toBe(302);
    expect(flash(down)?.message).toBe("Travel moments videos reordered successfully!");
    expect((await listMoments(h.database.db)).map((m) => m.title)).toEqual(["B", "A", "C"]);
    const up = await post("", { intent: "move", id: b.id, direction: "up" });
    expect(flash(up)).toMatchObject({ type: "error", message: "This video cannot move further." });
    expect((await listMoments(h.database.db)).map((m) => m.title)).toEqual(["B", "A", "C"]);
    expect((await h.get("/")).status).toBe(200);
    expect(await (await h.get("/")).text()).toMatch(/B[\s\S]*A[\s\S]*C/);
  });

  it("reorders with the full list (drag and drop) and refuses a stale one", async () => {
    const a = await seed("A");
    const b = await seed("B");
    const c = await seed("C");
    const ok = await postPairs([
      ["intent", "reorder"],
      ["ids", c.id],
      ["ids", a.id],
      ["ids", b.id],
    ]);
    expect(ok.status).toBe(302);
    expect((await listMoments(h.database.db)).map((m) => m.title)).toEqual(["C", "A", "B"]);
    const stale = await postPairs([
      ["intent", "reorder"],
      ["ids", a.id],
      ["ids", b.id],
    ]);
    expect(stale.status).toBe(302);
    expect(flash(stale)).toMatchObject({ type: "error" });
    expect(flash(stale)?.message).toContain("Reload and try again.");
    expect((await listMoments(h.database.db)).map((m) => m.title)).toEqual(["C", "A", "B"]);
  });

  it("answers an unknown intent with 400 and changes nothing", async () => {
    await seed("A");
    const res = await post("", { intent: "explode" });
    expect(res.status).toBe(400);
    expect(await listMoments(h.database.db)).toHaveLength(1);
  });
});
