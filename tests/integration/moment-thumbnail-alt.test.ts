import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { travelMomentInputSchema } from "~/domain/schemas";
import {
  createMoment,
  getMoment,
  listMoments,
  updateMoment,
} from "~/server/catalogue/moments.server";
import { buildOpenApiDocument } from "~/server/api/openapi.server";
import { loadVersion, restoreVersion } from "~/server/catalogue/history.server";
import { BACKENDS, createTestDatabase, resetDatabase, type TestDatabase } from "../support/db";
import { registerMomentsHarness } from "../support/api-harness";

// A travel moment's thumbnail gets its own alt text (blank: the title is read).
const ALT_TOO_LONG = "Alt text must be at most 250 characters";
const input = (title: string, extra: Record<string, unknown> = {}) =>
  travelMomentInputSchema.parse({
    title,
    videoUrl: `/media/travel-moments/${title}.webm`,
    thumbnailUrl: `/media/travel-moments/${title}.webp`,
    ...extra,
  });

describe.each(BACKENDS)("thumbnail alt text in the repository on %s", (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await resetDatabase(database);
  });

  it("stores it cleaned, omits it when blank, and a save without it clears it", async () => {
    const m = await createMoment(
      database.db,
      input("dhow", { thumbnailAlt: "  A dhow\u202E at dusk\u0000 " }),
    );
    expect(m.thumbnailAlt).toBe("A dhow at dusk");
    expect((await getMoment(database.db, m.id))!.thumbnailAlt).toBe("A dhow at dusk");
    const { moment } = await updateMoment(database.db, m.id, input("dhow", { thumbnailAlt: " " }));
    expect(moment).not.toHaveProperty("thumbnailAlt");
    const row = await database.db
      .selectFrom("travel_moments")
      .select("thumbnail_alt")
      .executeTakeFirstOrThrow();
    expect(row.thumbnail_alt).toBe("");
  });

  it("is kept in versions: a restore brings it back, and the change is named", async () => {
    const m = await createMoment(
      database.db,
      input("reef", { thumbnailAlt: "Coral and a turtle" }),
    );
    await updateMoment(database.db, m.id, input("reef", { thumbnailAlt: "Just coral" }));
    const versions = await database.db
      .selectFrom("content_versions")
      .select("id")
      .where("item_id", "=", m.id)
      .orderBy("number")
      .execute();
    expect(versions).toHaveLength(2);
    const second = await loadVersion(database.db, "moment", m.id, versions[1]!.id);
    expect(second.version.changes).toContain("Thumbnail description changed");
    const { updated_at } = await database.db
      .selectFrom("travel_moments")
      .select("updated_at")
      .where("id", "=", m.id)
      .executeTakeFirstOrThrow();
    await restoreVersion(database.db, "moment", m.id, versions[0]!.id, {
      by: null,
      expectedUpdatedAt: new Date(updated_at).toISOString(),
    });
    expect((await getMoment(database.db, m.id))!.thumbnailAlt).toBe("Coral and a turtle");
  });

  it("is refused over 250 characters by the schema, and by the database itself", async () => {
    const bad = travelMomentInputSchema.safeParse({
      title: "t",
      videoUrl: "/media/travel-moments/t.webm",
      thumbnailAlt: "x".repeat(251),
    });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([ALT_TOO_LONG]);
    expect(input("t", { thumbnailAlt: "x".repeat(250) }).thumbnailAlt).toHaveLength(250);
    await expect(
      database.db
        .insertInto("travel_moments")
        .values({
          title: "t",
          video_url: "/v.webm",
          order_index: 0,
          thumbnail_alt: "x".repeat(251),
          video_media_id: null,
          description: null,
          thumbnail_url: null,
          duration: null,
        })
        .execute(),
    ).rejects.toThrow();
    expect(await listMoments(database.db)).toEqual([]);
  });
});

describe("thumbnail alt text through the built server", () => {
  const SCREEN = "/admin/travel-moments";
  const WEBM = fs.readFileSync(path.resolve("db/seed/assets/moment-lagoon-sunset.webm"));
  const WEBP = fs.readFileSync(path.resolve("db/seed/assets/moment-lagoon-sunset.webp"));
  const { h, dataDir } = registerMomentsHarness("wlx-moment-alt-");

  /** The Add Video form as a browser without JavaScript posts it. */
  function postForm(search: string, fields: Record<string, string>, files = true) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (files) {
      form.append("video", new Blob([WEBM], { type: "video/webm" }), "clip.webm");
      form.append("thumbnail", new Blob([WEBP], { type: "image/webp" }), "thumb.webp");
    }
    return h.server.fetch(`${SCREEN}${search}`, {
      method: "POST",
      body: form,
      headers: { Origin: h.server.url, "Sec-Fetch-Site": "same-origin", Cookie: h.cookie },
    });
  }
  const adminPage = async () =>
    (await (await h.get(SCREEN, { admin: true })).text()).replaceAll("&#x27;", "'");
  const mediaFiles = () => {
    const dir = path.join(dataDir, "media", "travel-moments");
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.endsWith(".part")) : [];
  };

  it("saves the form's alt text; the admin list and the home page's video use it", async () => {
    const res = await postForm("?add", {
      intent: "create",
      title: "Lagoon",
      thumbnailAlt: " Turquoise lagoon at sunset, a wooden jetty in front ",
      isActive: "on",
    });
    expect(res.status).toBe(302);
    const [m] = await listMoments(h.database.db);
    expect(m!.thumbnailAlt).toBe("Turquoise lagoon at sunset, a wooden jetty in front");

    expect(await adminPage()).toMatch(
      /<img src="\/media\/travel-moments\/[^"]+" alt="Turquoise lagoon at sunset, a wooden jetty in front"/,
    );
    const home = await (await h.get("/")).text();
    expect(home).toMatch(
      /<video[^>]*aria-label="Lagoon"[^>]*aria-description="Turquoise lagoon at sunset, a wooden jetty in front"/,
    );

    // The edit dialog shows it back in the field.
    const edit = await (await h.get(`${SCREEN}?edit=${m!.id}`, { admin: true })).text();
    expect(edit).toMatch(
      /<input[^>]*name="thumbnailAlt"[^>]*value="Turquoise lagoon at sunset, a wooden jetty in front"/,
    );
  });

  it("falls back to the title: the admin list's alt, and no description on the home page", async () => {
    expect(
      (await postForm("?add", { intent: "create", title: "Cove", isActive: "on" })).status,
    ).toBe(302);
    const [m] = await listMoments(h.database.db);
    expect(m).not.toHaveProperty("thumbnailAlt");
    expect(await adminPage()).toMatch(/<img src="\/media\/travel-moments\/[^"]+" alt="Cove"/);
    const home = await (await h.get("/")).text();
    expect(home).toMatch(/<video[^>]*aria-label="Cove"/);
    expect(home).not.toMatch(/<video[^>]*aria-label="Cove"[^>]*aria-description=/);
  });

  it("refuses alt text over 250 characters with JavaScript off: the messages, the values, nothing saved", async () => {
    const long = "y".repeat(251);
    const res = await postForm("?add", {
      intent: "create",
      title: "",
      thumbnailAlt: long,
      isActive: "on",
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toMatch(
      new RegExp(`<p id="reel-form-new-thumbnailAlt-error"[^>]*>${ALT_TOO_LONG}</p>`),
    );
    expect(page).toMatch(/<p id="reel-form-new-title-error"[^>]*>Title is required<\/p>/);
    expect(page).toMatch(/<input id="reel-form-new-thumbnailAlt"[^>]*aria-invalid="true"/);
    expect(page).toContain(`value="${long}"`);
    expect(await listMoments(h.database.db)).toEqual([]);
    expect(mediaFiles()).toEqual([]);
  });

  it("refuses a NUL in the alt text with 400 and keeps nothing", async () => {
    const res = await postForm("?add", {
      intent: "create",
      title: "Lagoon",
      thumbnailAlt: "Lagoon\u0000",
      isActive: "on",
    });
    expect(res.status).toBe(400);
    expect(await listMoments(h.database.db)).toEqual([]);
    expect(mediaFiles()).toEqual([]);
  });

  it("reads and writes thumbnailAlt in the JSON API, refusing 251 characters", async () => {
    const body = {
      title: "Dhow",
      videoUrl: "https://videos.example/dhow.mp4",
      thumbnailUrl: "https://images.example/dhow.jpg",
      thumbnailAlt: "A dhow under sail",
    };
    const created = await h.send("POST", "/api/admin/travel-moments", body);
    expect(created.status).toBe(201);
    const moment = (await created.json()) as { id: string; thumbnailAlt?: string };
    expect(moment.thumbnailAlt).toBe("A dhow under sail");
    const list = (await (await h.get("/api/travel-moments")).json()) as unknown[];
    expect(list).toEqual([expect.objectContaining({ thumbnailAlt: "A dhow under sail" })]);

    const refused = await h.send("PUT", `/api/admin/travel-moments/${moment.id}`, {
      ...body,
      thumbnailAlt: "z".repeat(251),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(ALT_TOO_LONG);
    expect((await getMoment(h.database.db, moment.id))!.thumbnailAlt).toBe("A dhow under sail");
    const { rows } = await sql<{ n: string }>`select count(*) as n from travel_moments`.execute(
      h.database.db,
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });
});

describe("thumbnailAlt in the OpenAPI document", () => {
  it("is in the moment and its input, at most 250 characters", () => {
    const doc = buildOpenApiDocument() as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(doc.components.schemas.TravelMoment!.properties.thumbnailAlt).toMatchObject({
      type: "string",
    });
    expect(doc.components.schemas.TravelMomentInput!.properties.thumbnailAlt).toMatchObject({
      type: "string",
      maxLength: 250,
    });
  });
});
