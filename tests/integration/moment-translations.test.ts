import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/domain/permissions";
import { travelMomentInputSchema } from "~/domain/schemas";
import { createAdmin } from "~/server/auth/admins.server";
import { AUTH_COOKIES } from "~/server/auth/cookies.server";
import { createSession } from "~/server/auth/session.server";
import { createMoment } from "~/server/catalogue/moments.server";
import { flashOf } from "../support/admin-http-support";
import { BACKENDS } from "../support/db";
import { formPost } from "../support/form-post";
import { startLeadsServer, type LeadsServer } from "../support/leads-support";
import { element, tags, textOf } from "../support/site-html";

/**
 * A travel moment's translation screen (decision 150), on the built server without JavaScript:
 * the English text beside each German field, completeness on the moment's card, bad input refused
 * with nothing stored, the activity log naming the language, the German home's reel showing the
 * moment once its title is translated, and a Contributor refused as on a live package (moments
 * have no drafts).
 */
describe.each(BACKENDS)("moment translations on %s (SITE_LANGUAGES=en,de)", (backend) => {
  let server: LeadsServer;
  const cookies = new Map<Role, Record<string, string>>();
  let sunset = "";
  let other = "";

  const path = (id: string, lang = "de") => `/admin/translations/moment/${id}/${lang}`;
  const translate = (id: string, fields: Record<string, string>, role: Role = "owner") =>
    formPost(server, path(id), fields, cookies.get(role));
  const screen = async (id: string, role: Role = "owner", lang = "de") => {
    const res = await server.fetch(path(id, lang), { headers: cookies.get(role) });
    return { res, html: await res.text() };
  };
  const stored = (id: string) =>
    server.db
      .selectFrom("moment_translations")
      .select(["title", "description", "thumbnail_alt"])
      .where("moment_id", "=", id)
      .where("lang", "=", "de")
      .executeTakeFirst();
  const reel = async (prefix: string) => {
    const res = await server.fetch(`${prefix}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    return element(html, /<section\b[^>]*aria-labelledby="moments-heading"/) ?? "";
  };
  const card = async (id: string) => {
    const res = await server.fetch("/admin/travel-moments", { headers: cookies.get("owner") });
    const html = await res.text();
    return element(html, new RegExp(`<li\\b[^>]*aria-labelledby="moment-title-${id}"`)) ?? "";
  };
  const saveButton = /<button\b[^>]*type="submit"[^>]*>[^<]*Save German translation/;

  beforeAll(async () => {
    server = await startLeadsServer(backend, { SITE_LANGUAGES: "en,de" });
    cookies.set("owner", { Cookie: await server.adminCookie() });
    for (const role of ["contributor", "editor"] as const) {
      const admin = await createAdmin(server.db, `${role}@example.com`, "a long passphrase", role);
      const session = await createSession(server.db, admin.id);
      cookies.set(role, { Cookie: `${AUTH_COOKIES.session.name}=${session.id}` });
    }
    const input = (title: string, extra: Record<string, string> = {}) =>
      travelMomentInputSchema.parse({
        title,
        videoUrl: "/media/travel-moments/a.webm",
        isActive: true,
        ...extra,
      });
    sunset = (
      await createMoment(
        server.db,
        input("Sunset over Santorini", {
          description: "Golden light on the caldera.",
          thumbnailAlt: "White houses above the sea",
          thumbnailUrl: "/media/travel-moments/a.jpg",
        }),
      )
    ).id;
    other = (await createMoment(server.db, input("Camels at Wadi Rum"))).id;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("shows each moment's German completeness on its card, linking to its translation screen", async () => {
    const html = await card(sunset);
    expect(textOf(html)).toContain("German: 0 of 3 fields");
    const link = tags(html, "a").find((a) => a.href === path(sunset));
    expect(link?.hreflang).toBe("de");
    // A moment without description or alt text has only its title to translate.
    expect(textOf(await card(other))).toContain("German: 0 of 1 fields");
  });

  it("shows the English text beside each German field", async () => {
    const { res, html } = await screen(sunset);
    expect(res.status).toBe(200);
    const form = element(html, /<form\b[^>]*translation-form/)!;
    expect(form).toMatch(/<div id="tr-title-source" lang="en"[^>]*>.*Sunset over Santorini/);
    expect(form).toMatch(/id="tr-description-source" lang="en"[^>]*>.*Golden light/);
    expect(form).toMatch(/id="tr-thumbnail_alt-source" lang="en"[^>]*>.*White houses/);
    expect(tags(form, "input").find((i) => i.name === "title")?.lang).toBe("de");
    expect(form).toMatch(saveButton);
    expect(textOf(html)).toContain("German: 0 of 3 fields translated.");
    expect(textOf(html)).toContain("once its title is translated");
  });

  it("answers 404 for an unknown moment or language", async () => {
    expect((await screen("00000000-0000-4000-8000-000000000000")).res.status).toBe(404);
    expect((await screen("not-a-uuid")).res.status).toBe(404);
    expect((await screen(sunset, "owner", "fr")).res.status).toBe(404);
    expect((await screen(sunset, "owner", "en")).res.status).toBe(404);
    const post = await translate("00000000-0000-4000-8000-000000000000", { title: "Sonne" });
    expect(post.status).toBe(404);
  });

  it("refuses bad input with clear messages, keeps the typed text and stores nothing", async () => {
    const tooLong = await translate(sunset, { title: "x".repeat(201), description: "Goldlicht" });
    expect(tooLong.status).toBe(422);
    const html = await tooLong.text();
    expect(textOf(html)).toContain("The title must be at most 200 characters");
    expect(html).toContain(">Goldlicht</textarea>");
    const noTitle = await translate(sunset, { description: "Nur Beschreibung" });
    expect(noTitle.status).toBe(422);
    expect(textOf(await noTitle.text())).toContain("Please enter the title too");
    const longAlt = await translate(sunset, { title: "Sonne", thumbnail_alt: "x".repeat(251) });
    expect(longAlt.status).toBe(422);
    expect(textOf(await longAlt.text())).toContain("The alt text must be at most 250 characters");
    expect(await stored(sunset)).toBeUndefined();
    const events = await server.db
      .selectFrom("events")
      .select("type")
      .where("type", "=", "moment.translated")
      .execute();
    expect(events).toEqual([]);
  });

  it("an untranslated moment is not in the German reel; the English reel is unchanged", async () => {
    const german = textOf(await reel("/de"));
    expect(german).not.toContain("Sunset over Santorini");
    expect(german).not.toContain("Camels at Wadi Rum");
    expect(textOf(await reel(""))).toContain("Sunset over Santorini");
  });

  it("saves a translation: the German reel shows it, the activity log names the language", async () => {
    // The German home is cached before the save, so the save must empty the cache.
    await reel("/de");
    const res = await translate(sunset, {
      title: "Sonnenuntergang über Santorini",
      thumbnail_alt: "Weiße Häuser über dem Meer",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(path(sunset));
    expect(flashOf(res)?.message).toContain("German translation of “Sunset over Santorini” saved");
    expect(await stored(sunset)).toEqual({
      title: "Sonnenuntergang über Santorini",
      description: "",
      thumbnail_alt: "Weiße Häuser über dem Meer",
    });
    const event = await server.db
      .selectFrom("events")
      .select("details")
      .where("type", "=", "moment.translated")
      .executeTakeFirstOrThrow();
    expect(event.details).toMatchObject({ id: sunset, language: "German" });
    const activity = await server.fetch("/admin/activity", { headers: cookies.get("owner") });
    expect(textOf(await activity.text())).toContain("German");
    // The moment's history names the save and its language.
    const history = await server.fetch(`/admin/history/moment/${sunset}`, {
      headers: cookies.get("owner"),
    });
    const saves = element(await history.text(), /<section\b[^>]*history-translations/)!;
    expect(textOf(saves)).toMatch(/German translation saved .+ by /);

    const german = await reel("/de");
    expect(german).toContain('<h3 class="moment-title">Sonnenuntergang über Santorini</h3>');
    // The untranslated description falls back to English, marked as such.
    expect(german).toMatch(/<p class="moment-text" lang="en">Golden light on the caldera.<\/p>/);
    expect(german).not.toContain("Camels at Wadi Rum");
    // The thumbnail's German description describes the video on the German reel.
    expect(german).toContain('aria-description="Weiße Häuser über dem Meer"');
    expect(textOf(await reel(""))).toContain("Sunset over Santorini");
    // The API's ?lang=de: the moments that appear in German, with their German text.
    const api = await server.fetch("/api/travel-moments?lang=de");
    expect(api.status).toBe(200);
    const moments = (await api.json()) as { id: string; title: string; thumbnailAlt?: string }[];
    expect(moments.map((m) => [m.id, m.title, m.thumbnailAlt])).toEqual([
      [sunset, "Sonnenuntergang über Santorini", "Weiße Häuser über dem Meer"],
    ]);
    expect((await server.fetch("/api/travel-moments?lang=fr")).status).toBe(400);

    expect(textOf(await card(sunset))).toContain("German: 2 of 3 fields");
    const again = await screen(sunset);
    expect(textOf(again.html)).toContain("German: 2 of 3 fields translated.");
    expect(tags(again.html, "a").some((a) => a.href === "/de")).toBe(true);
  });

  it("tells a Contributor up front that only an Editor saves a moment's translation, and refuses the save", async () => {
    const { res, html } = await screen(sunset, "contributor");
    expect(res.status).toBe(200);
    expect(textOf(html)).toContain("Only an Editor can save this translation");
    expect(textOf(html)).toContain("Travel moments have no drafts");
    const form = element(html, /<form\b[^>]*translation-form/)!;
    expect(form).not.toMatch(saveButton);
    expect(tags(form, "input").find((i) => i.name === "title")?.readonly).toBeDefined();

    const before = await stored(sunset);
    const post = await translate(sunset, { title: "Ungeprüft" }, "contributor");
    expect(post.status).toBe(403);
    const refused = await post.text();
    expect(textOf(refused)).toContain("Nothing was saved.");
    expect(refused).toContain('value="Ungeprüft"');
    expect(await stored(sunset)).toEqual(before);
    expect(textOf(await reel("/de"))).not.toContain("Ungeprüft");
    const denied = await server.db
      .selectFrom("events")
      .select("details")
      .where("type", "=", "auth.permission_denied")
      .execute();
    expect(denied.map((e) => e.details)).toContainEqual(
      expect.objectContaining({
        permission: "content.publish",
        id: sunset,
        reason: "translating a travel moment",
      }),
    );
  });

  it("lets an Editor save a moment's translation", async () => {
    const post = await translate(other, { title: "Kamele im Wadi Rum" }, "editor");
    expect(post.status).toBe(302);
    expect(textOf(await reel("/de"))).toContain("Kamele im Wadi Rum");
  });
});
