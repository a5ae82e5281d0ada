import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLISH_NEEDS_TITLE_AND_DESCRIPTION } from "~/domain/translations";
import { migrateToLatest, migrateUpTo } from "~/server/platform/migrate.server";
import { flashOf } from "../support/admin-http-support";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { formPost } from "../support/form-post";
import { startLeadsServer, type LeadsServer } from "../support/leads-support";
import { element, tags, textOf } from "../support/site-html";

const PUBLIC_URL = "https://travel.example.com";
const BEFORE_PUBLISHED = "2026-12-05T0400-company-texts";

/**
 * Publishing per language is explicit (decision 154): a translation appears in its language only
 * once staff publish it there (with its title and description), and unpublishing takes it off
 * that language's pages, lists, sitemap, hreflang and API, on both databases.
 */
describe.each(BACKENDS)("publishing a translation per language on %s", (backend) => {
  let server: LeadsServer;
  let cookie: Record<string, string>;
  let trip = { id: "", slug: "" };

  const translate = (fields: Record<string, string>) =>
    formPost(server, `/admin/translations/trip/${trip.id}/de`, fields, cookie);
  const status = async (path: string) => (await server.fetch(path)).status;
  const germanList = async () =>
    textOf(element(await (await server.fetch("/de/upcoming-trips")).text(), /<main/)!);
  const sitemap = async () => (await server.fetch("/sitemap.xml")).text();
  const germanIds = async () =>
    ((await (await server.fetch("/api/trips?lang=de")).json()) as { id: string }[]).map(
      (p) => p.id,
    );
  const stored = () =>
    server.db
      .selectFrom("package_translations")
      .select(["title", "published"])
      .where("package_id", "=", trip.id)
      .where("lang", "=", "de")
      .executeTakeFirst();

  beforeAll(async () => {
    server = await startLeadsServer(backend, {
      SITE_LANGUAGES: "en,de",
      PUBLIC_URL,
    });
    cookie = { Cookie: await server.adminCookie() };
    trip = await makePackage(server.db, "trip", {
      title: "Zanzibar Spice Route",
      description: "Stone Town and the spice farms.",
    });
  }, 120_000);
  afterAll(() => server?.close());

  it("a translation saved without “Publish in German” is kept, but shown nowhere in German", async () => {
    const res = await translate({ title: "Sansibar-Gewürzroute", description: "Stone Town." });
    expect(res.status).toBe(302);
    expect(flashOf(res)?.message).toContain(
      "It is not published in German: the German site does not show it.",
    );
    expect(await stored()).toEqual({ title: "Sansibar-Gewürzroute", published: false });

    expect(await status("/de/package/sansibar-gewuerzroute")).toBe(404);
    expect(await germanList()).not.toContain("Sansibar");
    expect(await germanIds()).not.toContain(trip.id);
    expect(await sitemap()).not.toContain("/de/package/sansibar-gewuerzroute");
    const english = await (await server.fetch(`/package/${trip.id}`)).text();
    expect(english).not.toContain('hreflang="de"');

    // The screen says so, with the box to tick.
    const screen = await (
      await server.fetch(`/admin/translations/trip/${trip.id}/de`, { headers: cookie })
    ).text();
    expect(textOf(screen)).toContain("It is not published in German");
    const box = tags(screen, "input").find((i) => i.name === "published");
    expect(box?.type).toBe("checkbox");
    expect(box).not.toHaveProperty("checked");
    // The activity log says the translation was saved without being published.
    const activity = await (await server.fetch("/admin/activity", { headers: cookie })).text();
    expect(textOf(activity)).toContain("Language: German · Translation: not published");
  });

  it("publishing shows it in German everywhere; unpublishing takes it off again", async () => {
    const res = await translate({
      title: "Sansibar-Gewürzroute",
      description: "Stone Town.",
      published: "on",
    });
    expect(res.status).toBe(302);
    expect(flashOf(res)?.message).toContain("It appears on the German site.");
    expect(await stored()).toEqual({ title: "Sansibar-Gewürzroute", published: true });
    expect(await status("/de/package/sansibar-gewuerzroute")).toBe(200);
    expect(await germanList()).toContain("Sansibar-Gewürzroute");
    expect(await germanIds()).toContain(trip.id);
    expect(await sitemap()).toContain(`${PUBLIC_URL}/de/package/sansibar-gewuerzroute`);
    const screen = await (
      await server.fetch(`/admin/translations/trip/${trip.id}/de`, { headers: cookie })
    ).text();
    expect(tags(screen, "input").find((i) => i.name === "published")).toHaveProperty("checked");

    const history = await server.db
      .selectFrom("events")
      .select("details")
      .where("type", "=", "package.translated")
      .execute();
    expect(history.length).toBe(2);

    const off = await translate({ title: "Sansibar-Gewürzroute", description: "Stone Town." });
    expect(off.status).toBe(302);
    expect(await stored()).toEqual({ title: "Sansibar-Gewürzroute", published: false });
    expect(await status("/de/package/sansibar-gewuerzroute")).toBe(404);
    expect(await germanIds()).not.toContain(trip.id);
    expect(await sitemap()).not.toContain("/de/package/sansibar-gewuerzroute");
  });

  it("refuses to publish without a title and description, changing nothing", async () => {
    const before = await stored();
    const res = await translate({ title: "Sansibar", description: "", published: "on" });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(textOf(html)).toContain(PUBLISH_NEEDS_TITLE_AND_DESCRIPTION);
    const box = tags(html, "input").find((i) => i.name === "published");
    expect(box?.["aria-invalid"]).toBe("true");
    expect(box?.["aria-describedby"]).toContain("tr-published-error");
    expect(await stored()).toEqual(before);
  });
});

describe.each(BACKENDS)("the migration to explicit publishing on %s", (backend) => {
  const t = useTestDatabase(backend);

  it("publishes the translations that appeared before (title and description), and no others", async () => {
    const db = t.db();
    await migrateUpTo(db, BEFORE_PUBLISHED);
    const { id } = await sql<{ id: string }>`
      insert into packages (kind, slug, title, position) values ('trip', 'kept', 'Kept', 1)
      returning id`
      .execute(db)
      .then((r) => r.rows[0]!);
    await sql`insert into package_translations (package_id, lang, title, description)
      values (${id}, 'de', 'Behalten', 'Eine Reise.'), (${id}, 'fr', 'Gardé', '')`.execute(db);
    await sql`insert into translation_proposals (package_id, lang, value)
      values (${id}, 'de', ${JSON.stringify({ title: "Neu", description: "Neu." })}::jsonb)`.execute(
      db,
    );
    await migrateToLatest(db);

    const rows = await db
      .selectFrom("package_translations")
      .select(["lang", "published"])
      .where("package_id", "=", id)
      .orderBy("lang")
      .execute();
    expect(rows).toEqual([
      { lang: "de", published: true },
      { lang: "fr", published: false },
    ]);
    const proposal = await db
      .selectFrom("translation_proposals")
      .select("value")
      .executeTakeFirstOrThrow();
    expect(proposal.value).toMatchObject({ title: "Neu", published: true });
  });
});
