import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import type { Role } from "~/domain/permissions";
import { createAdmin } from "~/server/auth/admins.server";
import { AUTH_COOKIES } from "~/server/auth/cookies.server";
import { createSession } from "~/server/auth/session.server";
import { BACKENDS } from "../support/db";
import { makePackage } from "../support/factories";
import { formPost } from "../support/form-post";
import { startLeadsServer, type LeadsServer } from "../support/leads-support";
import { element, tags, textOf } from "../support/site-html";

const trip = PACKAGE_KIND_INFO.trip.admin;

/**
 * A Contributor cannot change what the website shows through a translation (decision 143): on a
 * published or scheduled package the translation screen says so up front, shows no Save button,
 * and a save is refused with 403 and the reason, nothing stored and the German page unchanged.
 * Drafts stay theirs to translate; an Editor's save on a published package is live at once.
 */
describe.each(BACKENDS)("translations by a Contributor on %s (SITE_LANGUAGES=en,de)", (backend) => {
  let server: LeadsServer;
  const cookies = new Map<Role, Record<string, string>>();
  let live = { id: "", slug: "" };

  const translate = (role: Role, id: string, fields: Record<string, string>) =>
    formPost(server, `/admin/translations/trip/${id}/de`, fields, cookies.get(role));
  const screen = async (role: Role, id: string) => {
    const res = await server.fetch(`/admin/translations/trip/${id}/de`, {
      headers: cookies.get(role),
    });
    return { res, html: await res.text() };
  };
  const stored = (id: string) =>
    server.db
      .selectFrom("package_translations")
      .select(["title", "description", "slug"])
      .where("package_id", "=", id)
      .where("lang", "=", "de")
      .executeTakeFirst();
  const germanPage = async (slug: string) => {
    const res = await server.fetch(`/de/package/${slug}`);
    return { status: res.status, main: textOf(element(await res.text(), /<main/) ?? "") };
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
    live = await makePackage(server.db, "trip", {
      title: "Kruger Safari",
      description: "Big five in the bush.",
      status: "published",
    });
    const first = await translate("owner", live.id, {
      title: "Kruger-Safari",
      description: "Die großen Fünf im Busch.",
    });
    expect(first.status).toBe(302);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("tells a Contributor up front that only an Editor saves a published package's translation, with no Save button", async () => {
    const { res, html } = await screen("contributor", live.id);
    expect(res.status).toBe(200);
    expect(textOf(html)).toContain("Only an Editor can save this translation");
    expect(textOf(html)).toContain("ask an Editor to enter or check the German text");
    // Nothing has been typed yet, so nothing is said to be refused.
    expect(textOf(html)).not.toContain("Nothing was saved.");
    const form = element(html, /<form\b[^>]*translation-form/)!;
    expect(form).not.toMatch(saveButton);
    expect(tags(form, "input").find((i) => i.name === "title")?.readonly).toBeDefined();
    // An Editor sees the form as before.
    const editor = await screen("editor", live.id);
    expect(editor.html).not.toContain("Only an Editor can save this translation");
    expect(element(editor.html, /<form\b[^>]*translation-form/)).toMatch(saveButton);
  });

  it("refuses a Contributor's save with 403 and the reason: nothing stored, the German page unchanged", async () => {
    // The German page is cached before the attempt, so a change would have to empty the cache.
    expect((await germanPage("kruger-safari")).main).toContain("Die großen Fünf im Busch.");
    const before = await stored(live.id);
    const res = await translate("contributor", live.id, {
      title: "Kruger-Safari neu",
      description: "Ungeprüfter Text.",
      slug: "kruger-neu",
    });
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(textOf(html)).toContain("Your role cannot change what the website shows");
    expect(textOf(html)).toContain("Nothing was saved.");
    // The typed text is kept, to pass on to an Editor.
    expect(html).toContain(">Ungeprüfter Text.</textarea>");
    expect(element(html, /<form\b[^>]*translation-form/)).not.toMatch(saveButton);
    expect(await stored(live.id)).toEqual(before);
    const page = await germanPage("kruger-safari");
    expect(page.status).toBe(200);
    expect(page.main).toContain("Die großen Fünf im Busch.");
    expect(page.main).not.toContain("Ungeprüfter Text.");
    expect((await germanPage("kruger-neu")).status).toBe(404);
    const refusals = await server.db
      .selectFrom("events")
      .select("details")
      .where("type", "=", "auth.permission_denied")
      .execute();
    expect(refusals.map((e) => e.details)).toContainEqual(
      expect.objectContaining({
        permission: "content.publish",
        id: live.id,
        reason: "translating a live or scheduled package",
      }),
    );
  });

  it("refuses a Contributor on a scheduled draft too, since its translation goes live with it", async () => {
    const scheduled = await makePackage(server.db, "trip", {
      title: "Okavango Delta",
      description: "Mokoro trips.",
      status: "draft",
      publish_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const res = await translate("contributor", scheduled.id, {
      title: "Okavango-Delta",
      description: "Mokoro-Fahrten.",
    });
    expect(res.status).toBe(403);
    expect(await stored(scheduled.id)).toBeUndefined();
  });

  it("lets a Contributor translate a draft, and an Editor a published package at once", async () => {
    const draft = await makePackage(server.db, "trip", {
      title: "Garden Route",
      description: "Coast and forest.",
      status: "draft",
    });
    const saved = await translate("contributor", draft.id, {
      title: "Garden Route",
      description: "Küste und Wald.",
    });
    expect(saved.status).toBe(302);
    expect((await stored(draft.id))?.description).toBe("Küste und Wald.");

    const edited = await translate("editor", live.id, {
      title: "Kruger-Safari",
      description: "Die großen Fünf, geprüft.",
    });
    expect(edited.status).toBe(302);
    expect((await germanPage("kruger-safari")).main).toContain("Die großen Fünf, geprüft.");
  });

  it("tells a Contributor editing a published package that the change is a proposal and the live version stays", async () => {
    const res = await server.fetch(trip.editPath(live.id), { headers: cookies.get("contributor") });
    expect(res.status).toBe(200);
    const text = textOf(await res.text());
    expect(text).toContain(
      "Your changes are a proposal: the website keeps showing the published version.",
    );
    expect(text).not.toContain("Save Draft keeps the package off the website");
  });
});
