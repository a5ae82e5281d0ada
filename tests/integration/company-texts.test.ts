import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE } from "~/domain/site";
import { createAdmin } from "~/server/auth/admins.server";
import { AUTH_COOKIES } from "~/server/auth/cookies.server";
import { createSession } from "~/server/auth/session.server";
import { flashOf } from "../support/admin-http-support";
import { BACKENDS } from "../support/db";
import { formPost } from "../support/form-post";
import { startLeadsServer, type LeadsServer } from "../support/leads-support";
import { element, tags, textOf } from "../support/site-html";

/**
 * The company's texts per language (decision 150), on the built server without JavaScript:
 * Settings shows each German field beside the English text; German pages show the German
 * tagline, about text and address, or the English one marked lang="en"; the page cache follows a
 * save at once; too long text and a role without the company's settings are refused, nothing
 * stored.
 */
describe.each(BACKENDS)("company texts per language on %s (SITE_LANGUAGES=en,de)", (backend) => {
  let server: LeadsServer;
  let owner: Record<string, string>;
  let editor: Record<string, string>;

  const page = async (path: string) => {
    const res = await server.fetch(path);
    expect(res.status).toBe(200);
    return res.text();
  };
  const tagline = (html: string) => element(html, /<p class="topbar-tagline"/) ?? "";
  const footer = (html: string) => element(html, /<footer\b/) ?? "";
  const stored = () =>
    server.db
      .selectFrom("team_settings")
      .select("value")
      .where("name", "=", "company_texts")
      .executeTakeFirst();
  const save = (fields: Record<string, string>, cookie = owner) =>
    formPost(server, "/admin/settings", { intent: "company-texts", ...fields }, cookie);

  beforeAll(async () => {
    server = await startLeadsServer(backend, { SITE_LANGUAGES: "en,de" });
    owner = { Cookie: await server.adminCookie() };
    const admin = await createAdmin(server.db, "editor@example.com", "a long passphrase", "editor");
    const session = await createSession(server.db, admin.id);
    editor = { Cookie: `${AUTH_COOKIES.session.name}=${session.id}` };
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("shows the German fields in Settings, each beside the English text", async () => {
    const res = await server.fetch("/admin/settings", { headers: owner });
    const html = await res.text();
    const panel = element(html, /<section\b[^>]*aria-labelledby="company-texts-heading"/)!;
    expect(textOf(panel)).toContain("Company texts in other languages");
    expect(panel).toMatch(
      new RegExp(`id="company-de-tagline-source" lang="en"[^>]*>.*${DEFAULT_SITE.tagline}`),
    );
    const input = tags(panel, "input").find((i) => i.name === "company.de.tagline");
    expect(input?.lang).toBe("de");
    expect(tags(panel, "textarea").map((t) => t.name)).toEqual([
      "company.de.blurb",
      "company.de.address",
    ]);
    // An Editor has no company settings: no panel.
    const theirs = await (await server.fetch("/admin/settings", { headers: editor })).text();
    expect(theirs).not.toContain("Company texts in other languages");
  });

  it("shows the English texts on German pages, marked lang=en, until German ones are saved", async () => {
    const german = await page("/de");
    expect(tagline(german)).toMatch(new RegExp(`lang="en">${DEFAULT_SITE.tagline}</p>`));
    expect(footer(german)).toContain('<p lang="en">Since 2016 we have crafted');
    expect(footer(german)).toContain(`<span lang="en">${DEFAULT_SITE.address}</span>`);
    // The English page's own texts need no mark.
    const english = await page("/");
    expect(tagline(english)).toBe(`<p class="topbar-tagline">${DEFAULT_SITE.tagline}</p>`);
  });

  it("refuses too long text with the field's message, keeps the typed text and stores nothing", async () => {
    const res = await save({
      "company.de.tagline": "Kuratierte Luxusabenteuer",
      "company.de.blurb": "x".repeat(601),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(textOf(html)).toContain("The company texts were not saved");
    expect(textOf(html)).toContain("The German footer about text must be at most 600 characters");
    expect(html).toContain('value="Kuratierte Luxusabenteuer"');
    expect(await stored()).toBeUndefined();
  });

  it("refuses a role without the company's settings, storing nothing", async () => {
    const res = await save({ "company.de.tagline": "Ungeprüft" }, editor);
    expect(res.status).toBe(403);
    expect(await stored()).toBeUndefined();
    expect(textOf(await page("/de"))).not.toContain("Ungeprüft");
  });

  it("saves the German texts: German pages show them at once, the English ones stay", async () => {
    await page("/de/about"); // cached before the save: the save must empty the cache
    const res = await save({
      "company.de.tagline": "Kuratierte Luxusabenteuer für anspruchsvolle Reisende",
      "company.de.blurb": "Seit 2016 gestalten wir Reisen in kleinen Gruppen.",
      "company.de.address": "",
    });
    expect(res.status).toBe(302);
    expect(flashOf(res)?.message).toBe("The company texts in German were saved.");
    const german = await page("/de/about");
    expect(tagline(german)).toBe(
      '<p class="topbar-tagline">Kuratierte Luxusabenteuer für anspruchsvolle Reisende</p>',
    );
    expect(footer(german)).toContain("<p>Seit 2016 gestalten wir Reisen in kleinen Gruppen.</p>");
    // Left blank: the English address, marked.
    expect(footer(german)).toContain(`<span lang="en">${DEFAULT_SITE.address}</span>`);
    const english = await page("/about");
    expect(tagline(english)).toContain(DEFAULT_SITE.tagline);
    expect(textOf(footer(english))).toContain(DEFAULT_SITE.blurb);
    const event = await server.db
      .selectFrom("events")
      .select("details")
      .where("type", "=", "settings.company_texts_changed")
      .executeTakeFirstOrThrow();
    expect(event.details).toMatchObject({ language: "German", fields: ["de.tagline", "de.blurb"] });
    // Settings shows what was saved.
    const settings = await (await server.fetch("/admin/settings", { headers: owner })).text();
    expect(settings).toContain('value="Kuratierte Luxusabenteuer für anspruchsvolle Reisende"');
  });

  it("gives the German contact page its German address", async () => {
    const main = (html: string) => element(html, /<main\b/) ?? "";
    // Before a German address: the contact page shows the English one, marked.
    expect(main(await page("/de/contact"))).toContain(
      `<span lang="en">${DEFAULT_SITE.address}</span>`,
    );
    const res = await save({
      "company.de.tagline": "Kuratierte Luxusabenteuer für anspruchsvolle Reisende",
      "company.de.blurb": "",
      "company.de.address": "Bree Street 14, Kapstadt, 8001, Südafrika",
    });
    expect(res.status).toBe(302);
    const contact = main(await page("/de/contact"));
    expect(contact).toContain("<span>Bree Street 14, Kapstadt, 8001, Südafrika</span>");
    expect(contact).not.toContain(DEFAULT_SITE.address);
    expect(main(await page("/contact"))).toContain(`<span>${DEFAULT_SITE.address}</span>`);
  });
});
